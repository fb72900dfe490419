// examples/react and examples/vue as a user runs them: "installed" the way
// their `"tote-checkout": "file:../.."` dependency installs (a link in the
// example's node_modules), built with Vite's API, served next to Tote's BFF
// under the strict CSP, then in Chromium: add from the grid (the app hears
// `tote-cart-add` through its own handler), open the cart from the app's own
// button (the provider's `openCart()` through a ref), check out, and see the
// app's handler of `tote-checkout-complete` show the order.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, createServer, type ViteDevServer } from 'vite';
import { startDemo, type Demo } from '../../demo/server.js';
import type { Browser } from 'playwright-core';
import type { ExampleServer } from '../../examples/script-tag/server.mjs';
import { addFirstOfferToCart, checkOut, ensureBuilt, launch, miniCartCount, repo, watch } from './support.js';

function linkPackage(example: string) {
  const modules = join(repo, 'examples', example, 'node_modules');
  mkdirSync(modules, { recursive: true });
  if (!existsSync(join(modules, 'tote-checkout'))) symlinkSync(repo, join(modules, 'tote-checkout'), 'dir');
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
