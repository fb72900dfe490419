// The widget's package (tote-checkout) as users get it: `npm pack`, then `npm install --prefer-offline` of the
// tarball (plus react for the /react subpath, @lit-labs/ssr and zod for /ssr, its optional peers; from the npm cache where it has them, the
// registry for the rest — a fresh machine's cache holds tarballs but no package metadata) into a
// scratch project outside the repository. Each subpath imports by name; the
// .d.ts give `document.createElement('tote-cart')` and `tote-cart-add`
// listeners their types; a bundler honouring `sideEffects` pays for one
// element when one is imported, and for none when only the headless store is. Installed alone, it pulls
// none of the server package's dependencies (test/ship/server-pack.test.ts installs that one).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { ensureBuilt, repo } from './support.js';

const run = promisify(execFile);
const ELEMENTS = [
  'provider', 'offer-grid', 'offer-card', 'variant-picker', 'cart', 'address-form', 'shipping-step',
  'estimate', 'payment', 'checkout', 'order-status', 'merchant-health', 'merchant-onboarding',
];
const SUBPATHS = ['', '/headless', '/ssr', '/react', '/analytics', '/define', '/locales/de', ...ELEMENTS.map((e) => `/elements/${e}`)];
/** What only the server needs: the server package's (tote-checkout-server) dependencies. */
const SERVER_DEPENDENCIES = Object.keys(
  (JSON.parse(readFileSync(join(repo, 'packages/server/package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies,
);

/** Every package under `dir`'s node_modules, nested ones too, as npm recorded the install. */
function installed(dir: string): string[] {
  const lock = JSON.parse(readFileSync(join(dir, 'node_modules/.package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
  return Object.keys(lock.packages).map((p) => p.slice(p.lastIndexOf('node_modules/') + 'node_modules/'.length));
}

describe('npm pack → install → import', { timeout: 300_000 }, () => {
  let dir: string;
  let app: string;
  let files: string[];
  let tarball: string;

  before(async () => {
    await ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'tote-pack-'));
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: repo });
    const [info] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
    files = info!.files.map((f) => f.path);
    tarball = info!.filename;
    app = join(dir, 'app');
    await run('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
    // Offline from the npm cache: the machine has no registry beyond it in CI, and nothing here should need one.
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(dir, info!.filename), 'react', 'react-dom', '@lit-labs/ssr', 'zod'], { cwd: app });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('ships the build, types, script-tag bundle and manifest, and no tests or stories', () => {
    for (const f of ['dist/index.js', 'dist/index.d.ts', 'dist/tote.js', 'dist/define.js', 'dist/react/index.d.ts', 'custom-elements.json', 'README.md', 'package.json']) {
      assert.ok(files.includes(f), `${f} is in the tarball`);
    }
    assert.ok(files.some((f) => /^dist\/split\/.+\.js$/.test(f)), 'the code-split bundle');
    assert.deepEqual(files.filter((f) => /^(test|stories|examples|bench|demo)\//.test(f)), []);
  });

  it('every subpath imports by name in a fresh Node project', async () => {
    const script = SUBPATHS.map((s) => `await import('tote-checkout${s}');`).join('\n') + "\nconsole.log('ok');";
    writeFileSync(join(app, 'imports.mjs'), script);
    const { stdout } = await run(process.execPath, ['imports.mjs'], { cwd: app });
    assert.equal(stdout.trim(), 'ok');
  });

  it('installing the widget alone pulls no server dependency', async () => {
    const alone = join(dir, 'alone');
    await run('mkdir', ['-p', alone]);
    writeFileSync(join(alone, 'package.json'), JSON.stringify({ name: 'storefront', private: true, type: 'module' }));
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(dir, tarball)], { cwd: alone });
    const packages = installed(alone);
    assert.ok(packages.includes('tote-checkout') && packages.includes('lit'), 'the widget and its dependencies are installed');
    assert.ok(SERVER_DEPENDENCIES.includes('zod') && SERVER_DEPENDENCIES.includes('@redis/client'));
    assert.deepEqual(packages.filter((p) => SERVER_DEPENDENCIES.includes(p) || p.startsWith('@opentelemetry/') || p === '@lit-labs/ssr'), []);
    // What its module imports by name at run time resolves there: the storefront's server can import the store.
    writeFileSync(join(alone, 'store.mjs'), "const { CartStore } = await import('tote-checkout/headless'); console.log(typeof CartStore);");
    assert.equal((await run(process.execPath, ['store.mjs'], { cwd: alone })).stdout.trim(), 'function');
  });

  it('the tarball is installed, not linked to the repository', () => {
    assert.deepEqual(readdirSync(join(app, 'node_modules/tote-checkout')).sort(), ['CHANGELOG.md', 'LICENSE', 'README.md', 'custom-elements.json', 'dist', 'package.json']);
  });

  it('types: tag names, event details and the React wrappers type-check from the installed package', async () => {
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', lib: ['ES2022', 'DOM'], strict: true,
          noEmit: true, skipLibCheck: true, types: [], jsx: 'react-jsx',
        },
        files: ['check.ts'],
      }),
    );
    writeFileSync(
      join(app, 'check.ts'),
      `import 'tote-checkout/define';
import { CartStore, type ToteCart } from 'tote-checkout';
import type { ToteProviderElement } from 'tote-checkout/react';
import type { ToteOfferGrid } from 'tote-checkout/elements/offer-grid';
import { formatMoney } from 'tote-checkout/headless';
const grid: ToteOfferGrid | null = document.querySelector('tote-offer-grid');
const price: string = formatMoney(5200, 'USD', 'de-DE');
void grid;
void price;
const cart: ToteCart = document.createElement('tote-cart');
const provider = document.querySelector('tote-provider');
document.addEventListener('tote-cart-add', (e) => {
  const sku: number = e.detail.line.sku_id;
  e.preventDefault();
  void sku;
});
document.addEventListener('tote-checkout-complete', (e) => void e.detail);
const p: ToteProviderElement | null = provider;
void p?.addToCart({ offer_id: 1, sku_id: 2 });
p?.openCart();
p?.startCheckout();
void cart;
void CartStore;
`,
    );
    await run(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: app });
    // A wrong detail type must fail, or the check above proves nothing.
    writeFileSync(join(app, 'check.ts'), `document.addEventListener('tote-cart-add', (e) => { const s: string = e.detail.line.sku_id; void s; });\nimport 'tote-checkout/define';\n`);
    const wrong = await run(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: app }).then(
      () => '',
      (e: { stdout: string }) => e.stdout,
    );
    assert.match(wrong, /TS2322: Type 'number' is not assignable to type 'string'/);
  });

  it('sideEffects: one element costs one element; the headless store costs none', async () => {
    const bundle = async (code: string) => {
      const out = await build({
        stdin: { contents: code, resolveDir: app, loader: 'js' },
        bundle: true, write: false, format: 'esm', minify: false, platform: 'browser', logLevel: 'silent',
      });
      return out.outputFiles[0]!.text;
    };
    const defined = (js: string) => ELEMENTS.filter((e) => new RegExp(`defineElement\\(\\s*["'\`]tote-${e}["'\`]`).test(js));

    const storeOnly = await bundle(`import { CartStore } from 'tote-checkout/headless'; console.log(CartStore);`);
    assert.deepEqual(defined(storeOnly), []);
    assert.doesNotMatch(storeOnly, /customElements/);

    const cartOnly = await bundle(`import 'tote-checkout/elements/cart';`);
    assert.deepEqual(defined(cartOnly), ['cart']);
    assert.doesNotMatch(cartOnly, /dompurify|DOMPurify/i, 'no sanitizer in the cart');

    const grid = await bundle(`import 'tote-checkout/elements/offer-grid';`);
    assert.deepEqual(defined(grid).sort(), ['offer-card', 'offer-grid', 'variant-picker'], 'the grid and what it renders');

    const everything = await bundle(`import 'tote-checkout/define';`);
    assert.deepEqual(defined(everything).sort(), [...ELEMENTS].sort());
  });
});
