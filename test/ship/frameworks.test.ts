// examples/react and examples/vue as a user runs them: "installed" the way
// their `"tote-checkout": "file:../.."` dependency installs (a link in the
// example's node_modules), built with Vite's API, served next to Tote's BFF
// under the strict CSP, then in Chromium: add from the grid (the app hears
// `tote-cart-add` through its own handler), open the cart from the app's own
// button (the provider's `openCart()` through a ref), check out, and see the
// app's handler of `tote-checkout-complete` show the order.
// examples/next and examples/nuxt: built with their own CLIs (`next build`,
// `nuxt build`), started as they start in production with the BFF as their own
// route, and checked out through the same way.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, createServer, type ViteDevServer } from 'vite';
import { startDemo, type Demo } from '../../demo/server.js';
import { DEFAULT_CREDENTIALS, startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import type { Browser } from 'playwright-core';
import type { ExampleServer } from '../../examples/script-tag/server.mjs';
import { addFirstOfferToCart, checkOut, ensureBuilt, launch, miniCartCount, repo, watch } from './support.js';

function linkPackage(example: string) {
  const modules = join(repo, 'examples', example, 'node_modules');
  mkdirSync(modules, { recursive: true });
  if (!existsSync(join(modules, 'tote-checkout'))) symlinkSync(repo, join(modules, 'tote-checkout'), 'dir');
  // The examples with a server route take the BFF from the server package, `file:../../packages/server`.
  const { dependencies } = JSON.parse(readFileSync(join(repo, 'examples', example, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  if (dependencies['tote-checkout-server'] && !existsSync(join(modules, 'tote-checkout-server'))) {
    symlinkSync(join(repo, 'packages/server'), join(modules, 'tote-checkout-server'), 'dir');
  }
  // What `npm install` in examples/react leaves there: React of its own, beside the one the linked package
  // finds in the repository's node_modules. Two copies made the production build a blank page (issue 29).
  if (example === 'react') {
    for (const name of ['react', 'react-dom', 'scheduler']) {
      if (!existsSync(join(modules, name))) cpSync(join(repo, 'node_modules', name), join(modules, name), { recursive: true });
    }
  }
}

for (const example of ['react', 'vue'] as const) {
  describe(`examples/${example}`, { timeout: 300_000 }, () => {
    let out: string;
    let server: ExampleServer;
    let browser: Browser;

    before(async () => {
      await ensureBuilt();
      linkPackage(example);
      out = mkdtempSync(join(tmpdir(), `tote-${example}-`));
      const root = join(repo, 'examples', example);
      await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir: out, emptyOutDir: true } });
      const { startExampleServer } = await import('../../examples/script-tag/server.mjs');
      server = await startExampleServer({ port: 0, mounts: { '/': out } });
      browser = await launch();
    });
    after(async () => {
      await browser?.close();
      await server?.close();
      if (out) rmSync(out, { recursive: true, force: true });
    });

    it('builds with Vite into a page with only external scripts, using the package by name', () => {
      const html = readFileSync(join(out, 'index.html'), 'utf8');
      assert.match(html, /<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
      const js = readdirSync(join(out, 'assets')).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(out, 'assets', f), 'utf8')).join('\n');
      assert.match(js, /tote-checkout/);
      assert.match(js, /Lit/i);
    });

    it('a shopper adds to the cart and checks out through the app, under the strict CSP', async () => {
      const page = await browser.newPage();
      const problems = await watch(page);
      await page.goto(server.url);
      await addFirstOfferToCart(page);
      // The app's own tote-cart-add handler ran, and Tote still added the line.
      await page.locator('#last-added').filter({ hasText: /^Added \S/ }).waitFor();
      await page.waitForFunction(() => document.querySelector('tote-cart')?.shadowRoot?.querySelector('.count')?.textContent?.trim() === '1');
      assert.equal(await miniCartCount(page), 1);

      // The app's "View cart" button calls the provider's openCart() through a ref.
      await page.getByRole('button', { name: 'View cart' }).click();
      await page.waitForFunction(() => document.querySelector('tote-cart')?.shadowRoot?.querySelector('dialog')?.open === true);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Go to checkout' }).click();
      assert.match(await checkOut(page), /Thank you! Your order is placed/);
      // The app's onToteCheckoutComplete / @tote-checkout-complete handler got the order.
      assert.match(await page.locator('#order-placed').innerText(), /^Order \d+ placed\.$/);

      const p = await problems.read();
      assert.deepEqual(p.violations, []);
      assert.deepEqual(p.pageErrors, []);
      assert.deepEqual(p.console, []);
      await page.close();
    });
  });
}

// As examples/README.md says: `npm start` in the repository, then `npm run dev`
// in the example, whose dev server proxies /api to the BFF `npm start` printed.
for (const example of ['react', 'vue'] as const) {
  describe(`examples/${example} in dev mode`, { timeout: 300_000 }, () => {
    let demo: Demo;
    let dev: ViteDevServer;
    let browser: Browser;

    before(async () => {
      await ensureBuilt();
      linkPackage(example);
      demo = await startDemo({ port: 0, quiet: true });
      process.env.TOTE_BFF_URL = demo.url;
      const root = join(repo, 'examples', example);
      dev = await createServer({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn', server: { host: '127.0.0.1', port: 0 } });
      await dev.listen();
      browser = await launch();
    });
    after(async () => {
      delete process.env.TOTE_BFF_URL;
      await browser?.close();
      await dev?.close();
      await demo?.close();
    });

    it('a shopper checks out through the dev server and its /api proxy', async () => {
      const page = await browser.newPage();
      const problems = await watch(page);
      await page.goto(dev.resolvedUrls!.local[0]!);
      await addFirstOfferToCart(page);
      await page.waitForFunction(() => document.querySelector('tote-cart')?.shadowRoot?.querySelector('.count')?.textContent?.trim() === '1');
      await page.getByRole('button', { name: 'Go to checkout' }).click();
      assert.match(await checkOut(page), /Thank you! Your order is placed/);
      assert.match(await page.locator('#order-placed').innerText(), /^Order \d+ placed\.$/);
      const p = await problems.read();
      assert.deepEqual(p.pageErrors, []);
      assert.deepEqual(p.console, []);
      await page.close();
    });
  });
}

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  await new Promise((ok) => server.close(ok));
  return port;
}

/** Waits until `url` answers (the server started), or the process ended. */
async function answering(url: string, child: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server ended (${child.exitCode}):\n${log()}`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer:\n${log()}`);
}

const frameworks = {
  next: {
    build: [join(repo, 'node_modules/next/dist/bin/next'), 'build'],
    start: (port: number) => [join(repo, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'],
  },
  nuxt: {
    build: [join(repo, 'node_modules/nuxt/bin/nuxt.mjs'), 'build'],
    start: () => ['.output/server/index.mjs'],
  },
} as const;

for (const example of ['next', 'nuxt'] as const) {
  describe(`examples/${example}`, { timeout: 600_000 }, () => {
    let sandbox: Sandbox;
    let server: ChildProcess;
    let url: string;
    let browser: Browser;

    before(async () => {
      await ensureBuilt();
      linkPackage(example);
      const cwd = join(repo, 'examples', example);
      const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NUXT_TELEMETRY_DISABLED: '1' };
      const built = spawnSync(process.execPath, frameworks[example].build, { cwd, env, encoding: 'utf8' });
      assert.equal(built.status, 0, `${example} build failed:\n${built.stdout}\n${built.stderr}`);
      sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
      const port = await freePort();
      let log = '';
      server = spawn(process.execPath, frameworks[example].start(port), {
        cwd,
        env: {
          ...env,
          HOST: '127.0.0.1',
          PORT: String(port),
          SERVICE_BASE_URL: sandbox.url,
          SERVICE_APP_ID: String(DEFAULT_CREDENTIALS.appId),
          SERVICE_APP_SECRET: DEFAULT_CREDENTIALS.appSecret,
          SERVICE_TOKEN: DEFAULT_CREDENTIALS.token,
          TOTE_ALLOWED_ORIGINS: `http://127.0.0.1:${port}`,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout!.on('data', (d) => (log += d));
      server.stderr!.on('data', (d) => (log += d));
      url = `http://127.0.0.1:${port}/`;
      await answering(url, server, () => log);
      browser = await launch();
    });
    after(async () => {
      await browser?.close();
      server?.kill();
      await sandbox?.close();
    });

    it('a shopper adds to the cart and checks out, the BFF being the app\'s own route', async () => {
      const page = await browser.newPage();
      const problems = await watch(page);
      await page.goto(url);
      await addFirstOfferToCart(page, undefined, { drawer: false });
      const drawer = page.locator('tote-cart[variant="mini"] dialog[open]');
      await drawer.waitFor({ timeout: 10_000 });
      assert.equal(await miniCartCount(page), 1);
      if (example === 'next') {
        // The catalogue has no checkout: the cart's "Check out" goes to /checkout (the provider's checkout-url).
        await drawer.getByRole('button', { name: 'Check out', exact: true }).click();
        await page.waitForURL(/\/checkout$/);
      } else {
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Go to checkout' }).click();
      }
      assert.match(await checkOut(page), /Thank you! Your order is placed/);
      // The app's own listener of tote-checkout-complete got the order.
      await page.locator('#order-placed').filter({ hasText: /^Order \d+ placed\.$/ }).waitFor({ timeout: 10_000 });
      const p = await problems.read();
      assert.deepEqual(p.pageErrors, []);
      assert.deepEqual(p.console, []);
      await page.close();
    });
  });
}

// Next.js renders server components with the `react-server` condition, whose React has no client hooks: the
// React entry is a client module (`'use client'`), and importing it there must not throw.
describe('tote-checkout/react under the react-server condition', () => {
  before(() => ensureBuilt());

  it('is marked "use client" and imports under --conditions=react-server', () => {
    assert.match(readFileSync(join(repo, 'dist/react/index.js'), 'utf8'), /^["']use client["'];/);
    const script = "const m = await import('tote-checkout/react'); const R = await import('react'); console.log(typeof R.useRef, Object.keys(m).sort().join(','));";
    const r = spawnSync(process.execPath, ['--conditions=react-server', '--input-type=module', '-e', script], { cwd: repo, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const [useRef, names] = r.stdout.trim().split(' ');
    assert.equal(useRef, 'undefined', "React's server build, without client hooks");
    assert.match(names!, /(^|,)ToteCheckout,.*ToteProvider(,|$)/);
  });
});
