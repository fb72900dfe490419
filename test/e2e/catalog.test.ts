import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { startDemo, type Demo } from '../../demo/server.js';
import { engines, launch } from './engines.js';
import { onePerFile } from './storefront.js';

/** One storefront for every engine's describe. */
const storefront = onePerFile(() => startDemo({ port: 0, quiet: true }), (demo) => demo.close());

for (const engine of engines()) describe(`catalog (${engine})`, () => {
  let demo: Demo;
  let browser: Browser;

  before(async () => {
    demo = await storefront();
    browser = await launch(engine);
  });

  after(async () => {
    await browser?.close();
  });

  test('the storefront lists offers of several merchants; a variant is chosen and added to the cart', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(demo.url);

    // The grid comes rendered by the server: its cards show before they answer. A card answers a press once
    // hydrated (defined, and its grid has lifted `defer-hydration`); a press before that does nothing.
    const cards = page.locator('tote-offer-grid tote-offer-card:defined:not([defer-hydration])');
    await cards.nth(5).waitFor();
    const merchants = new Set(await page.locator('tote-offer-card [part~="merchant"]').allTextContents());
    assert.ok(merchants.size >= 3, `offers from several merchants, got ${[...merchants].join(', ')}`);

    // The first offer with options: open its picker in the dialog.
    const card = cards.filter({ has: page.locator('[part~="add-button"]', { hasText: 'Choose options' }) }).first();
    const offerName = (await card.locator('[part~="title"]').textContent())!.trim();
    await card.locator('[part~="add-button"]').click();
    const dialog = card.locator('dialog[open]');
    await dialog.waitFor();
    const picker = dialog.locator('tote-variant-picker');

    // Choose a value other than the preselected one, in the first group that has an enabled alternative.
    const alternative = picker.locator('fieldset input[type="radio"]:not(:checked):not(:disabled)').first();
    await alternative.check();
    const chosen = await picker.evaluate((el) => (el as unknown as { selectedSku?: { id: number } }).selectedSku?.id);
    assert.ok(chosen, 'the choice resolves to an in-stock SKU');

    await picker.locator('[aria-label="Increase quantity"]').click();
    await picker.locator('[part~="add-button"]').click();
    await dialog.waitFor({ state: 'detached' }).catch(() => undefined);
    await page.waitForFunction(() => !document.querySelector('tote-offer-grid')?.shadowRoot?.querySelector('tote-offer-card')?.shadowRoot?.querySelector('dialog[open]'));

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('tote:cart:v1:/api') ?? '{"lines":[]}'));
    assert.equal(stored.lines.length, 1);
    assert.equal(stored.lines[0].sku_id, chosen);
    assert.equal(stored.lines[0].name, offerName);
    assert.equal(stored.lines[0].quantity, 2);
    assert.ok(stored.lines[0].variant_values.length > 0, 'the line names its variant values');

    // The header's cart badge counts it, and a reload keeps it.
    await page.reload();
    await page.locator('tote-cart').waitFor();
    const count = await page.evaluate(() => (document.querySelector('tote-provider') as unknown as { cart: { count: number } }).cart.count);
    assert.equal(count, 2);
    assert.deepEqual(errors, []);
  });

  test('a shop filter shows one merchant and pages on without duplicates', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(demo.url);
    const shop = page.locator('.shops button[data-merchant]:not([data-merchant=""])').first();
    await shop.waitFor();
    const name = (await shop.textContent())!.trim();
    await shop.click();
    const grid = page.locator('tote-offer-grid');
    await page.waitForFunction(
      (n) => {
        const cards = [...(document.querySelector('tote-offer-grid')?.shadowRoot?.querySelectorAll('tote-offer-card') ?? [])];
        return cards.length > 0 && cards.every((c) => (c as unknown as { offer: { merchant_name?: string } }).offer.merchant_name === n);
      },
      name,
    );
    // Follow the cursor to the end as a shopper scrolls: each next page comes as the grid's end nears. ("Load more"
    // is pressed in test/elements/offer-grid.test.ts: scrolled to here, it is pushed away by the page the scroll
    // loads above it, in WebKit, which has no scroll anchoring; the driver's click then lands on the list.)
    const end = grid.locator('.footer', { hasText: 'You have seen every product.' });
    for (let i = 0; i < 40 && !(await end.isVisible()); i++) {
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(150);
    }
    await end.waitFor();
    const ids = await page.evaluate(() =>
      [...document.querySelector('tote-offer-grid')!.shadowRoot!.querySelectorAll('tote-offer-card')].map((c) => (c as unknown as { offer: { id: number } }).offer.id),
    );
    assert.ok(ids.length > 0);
    assert.equal(new Set(ids).size, ids.length, 'no duplicates');
  });
});

// The shop filter is drawn by the server (demo/ssr.ts), before the page's script listens for presses: a press then
// was lost (a journey waited for a filter that never came). Each shop's button comes disabled; the script enables
// them once it listens (the presses above wait for that, in every engine).
test("the server's shop buttons come disabled until the page's script listens", async () => {
  const demo = await storefront();
  const html = await (await fetch(demo.url)).text();
  const shops = html.match(/<button type="button" class="shop" data-merchant="\d+"[^>]*>/g) ?? [];
  assert.ok(shops.length >= 3, `the server lists the shops (${shops.length})`);
  for (const b of shops) assert.match(b, /\sdisabled[\s>]/, b);
});
