// The element classes are split from their registration (`*.component.ts` +
// `*.ts`): importing a class from `tote-checkout` registers no tag, and
// `sideEffects` names only the registering files. Bundled with esbuild from
// dist/ (the package's files and its package.json), as a shop's bundler would.
// (test/ship/pack.test.ts checks the same from an installed tarball.)
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import { ensureBuilt, repo } from './support.js';

const bundle = async (code: string) =>
  (
    await build({
      stdin: { contents: code, resolveDir: repo, loader: 'js' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      logLevel: 'silent',
    })
  ).outputFiles[0]!.text;
const defined = (js: string) => [...js.matchAll(/defineElement\(\s*["'`](tote-[a-z-]+)["'`]/g)].map((m) => m[1]).sort();

describe('element classes without their registration', { timeout: 300_000 }, () => {
  before(ensureBuilt);

  it('importing a class from the package entry registers no tag', async () => {
    for (const cls of ['ToteCart', 'ToteCheckout', 'ToteOfferGrid', 'ToteMerchantHealth', 'ToteOrderStatus']) {
      const js = await bundle(`import { ${cls} } from './dist/index.js'; console.log(${cls});`);
      assert.deepEqual(defined(js), [], cls);
      assert.ok(!/customElements\.define\(/.test(js), `${cls}: no customElements.define`);
      assert.ok(new RegExp(`\\b${cls} = class\\b|class ${cls}\\b`).test(js), `${cls} itself is there`);
    }
  });

  it('importing an element registers it and what it renders, nothing else', async () => {
    assert.deepEqual(defined(await bundle(`import './dist/elements/cart/cart.js';`)), ['tote-cart']);
    assert.deepEqual(defined(await bundle(`import 'tote-checkout/elements/checkout';`)), [
      'tote-address-form',
      'tote-cart',
      'tote-checkout',
      'tote-discount-codes',
      'tote-estimate',
      // The confirmation shows the placed order as its page does (loaded when the order is placed), with what that renders.
      'tote-order-changes',
      'tote-order-status',
      'tote-payment',
      'tote-shipping-step',
    ]);
  });
});
