// Honest totals after a change (issue 27), in every engine and both modes: a line that sells out while the
// shopper chooses shipping is announced at the top of the step they are brought to, naming it, and focus moves
// to it; when it sells out at "Place order", the notice's new total is the one the summary shows, once the
// sold-out shop (and its shipping) has left the order.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { engines, launch } from './engines.js';
import { cartLines, openCheckout, sandbox, shownQuote, startDemo, toConfirm, US } from './seeded-checkout.js';
import { onePerFile } from './storefront.js';

const MERCHANTS = [1001, 1003, 1004];

const topText = (page: Page) => page.locator('tote-checkout [part="error"]').textContent().then((t) => (t ?? '').replace(/\s+/g, ' ').trim());

const focusedLine = (page: Page) =>
  page.evaluate(() => {
    const cart = document.querySelector('tote-checkout')?.shadowRoot?.querySelector('tote-cart')?.shadowRoot;
    return (cart?.activeElement as HTMLElement | null | undefined)?.dataset.sku ?? null;
  });

/**
 * One storefront for every engine's describe (docs/testing.md): each case picks lines with stock to spare and sells
 * its line out by a fault it clears, so the engines' cases meet one sandbox as one engine's cases do.
 */
const storefront = onePerFile(() => startDemo(), (demo) => demo.child.kill('SIGTERM'));

for (const engine of engines()) describe(`a line that sells out (e2e, ${engine})`, { timeout: 400_000 }, () => {
  let demo: Awaited<ReturnType<typeof startDemo>>;
  let browser: Browser;

  before(async () => {
    demo = await storefront();
    browser = await launch(engine);
  });
  after(async () => {
    await browser?.close();
  });

  async function withPage(run: (page: Page) => Promise<void>) {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    try {
      await run(page);
    } finally {
      await context.close();
      await sandbox(demo.service, 'DELETE', '/__sandbox/faults');
    }
  }

  for (const mode of ['cart', 'direct'] as const) {
    it(`mode=${mode}: sold out during the shipping step: named at the top, focus on the line`, () =>
      withPage(async (page) => {
        const lines = await cartLines(demo.url, MERCHANTS);
        await openCheckout(page, demo.url, mode, lines, US);
        await shownQuote(page, 3);
        const target = lines.find((l) => l.merchant_id === 1003)!;
        await sandbox(demo.service, 'POST', '/__sandbox/faults', { merchant_id: 1003, out_of_stock_sku_ids: [target.sku_id] });
        // Another method for a shop asks for a new quote, which finds the line sold out.
        const radios = page.locator('tote-shipping-step fieldset').first().locator('input[type="radio"]');
        await radios.nth((await radios.count()) - 1).check();
        await page.locator('tote-checkout section[data-step="review"]').waitFor({ timeout: 20_000 });
        await page.waitForFunction((sku) => {
          const cart = document.querySelector('tote-checkout')?.shadowRoot?.querySelector('tote-cart')?.shadowRoot;
          return (cart?.activeElement as HTMLElement | null | undefined)?.dataset.sku === String(sku);
        }, target.sku_id, { timeout: 20_000 });
        assert.equal(await focusedLine(page), String(target.sku_id));
        assert.match(await topText(page), new RegExp(`^Sold out since you added it: ${target.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.`));
      }));

    it(`mode=${mode}: sold out at "Place order": the notice's new total is the summary's`, () =>
      withPage(async (page) => {
        const lines = await cartLines(demo.url, MERCHANTS);
        await openCheckout(page, demo.url, mode, lines, US);
        await shownQuote(page, 3);
        await toConfirm(page);
        const target = lines.find((l) => l.merchant_id === 1003)!;
        await sandbox(demo.service, 'POST', '/__sandbox/faults', { merchant_id: 1003, out_of_stock_sku_ids: [target.sku_id] });
        await page.getByRole('button', { name: 'Place order' }).click();
        await page.locator('tote-checkout section[data-step="review"]').waitFor({ timeout: 20_000 });
        // The sold-out shop's only line leaves the quote: two shops, and the total the shopper is told is theirs.
        const q = await shownQuote(page, 2);
        const notice = await topText(page);
        const told = notice.match(/Total: (.+?) → (.+?)(?: |$)/);
        assert.ok(told, `a new total in: ${notice}`);
        const summary = (await page.locator('tote-checkout tote-estimate [part="total"] .grand dd').textContent())!.trim();
        assert.equal(told[2], summary, 'the notice says the total the summary shows');
        assert.equal(Number((await page.locator('tote-checkout tote-estimate [part="total"] .grand dd').getAttribute('data-total'))), q.totals.total);
      }));
  }
});
