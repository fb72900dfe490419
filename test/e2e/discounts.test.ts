// Discount codes and VAT-inclusive shops in the checkout of `npm start`, in every engine (TOTE_BROWSERS), in
// both modes (issue 27): a code that only one of three shops has is applied from the summary's code field and
// removed again, an unknown code is refused by name, and the order placed with the code is charged (as the
// sandbox records it) exactly the quote's total with the discount; a VAT-inclusive shop beside a tax-exclusive
// one shows "incl. VAT" and totals that add up to the minor unit, and is charged them.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { engines, launch } from './engines.js';
import { cartLines, codeRow, enterCode, GB, openCheckout, placeOrder, sandbox, shownQuote, startDemo, US } from './seeded-checkout.js';
import { onePerFile } from './storefront.js';

const totalsAddUp = (q: any) => {
  for (const b of q.bags) {
    assert.equal(b.total, b.sub_total - b.discount_total + b.shipping_total + (b.taxes_included ? 0 : b.tax_total), `${b.merchant_name}'s total`);
  }
  const t = q.totals;
  assert.equal(t.total, t.sub_total - t.discount_total + t.shipping_total + t.tax_total, 'the order total');
  assert.equal(t.total, q.bags.reduce((n: number, b: any) => n + b.total, 0), 'the shops add up to the total');
};

/**
 * One storefront for every engine's describe (docs/testing.md), with a code only Maison Lumière's store has: each
 * case picks lines with stock to spare and reads its own order's charge by id, so the engines' cases meet one
 * sandbox as one engine's cases do.
 */
const storefront = onePerFile(async () => {
  const demo = await startDemo();
  await sandbox(demo.service, 'POST', '/__sandbox/discounts', { code: 'LUMIERE15', value_type: 'PERCENTAGE', value: 15, merchant_id: 1003 });
  return demo;
}, (demo) => demo.child.kill('SIGTERM'));

for (const engine of engines()) describe(`discount codes and VAT (e2e, ${engine})`, { timeout: 400_000 }, () => {
  let demo: { url: string; service: string; child: import('node:child_process').ChildProcess };
  let browser: Browser;

  before(async () => {
    demo = await storefront();
    browser = await launch(engine);
  });
  after(async () => {
    await browser?.close();
  });

  async function withPage(run: (page: Page) => Promise<void>) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await run(page);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }

  for (const mode of ['cart', 'direct'] as const) {
    it(`mode=${mode}: a code for one of three shops applied, an unknown one refused by name, removed, and the order charged the discounted quote`, () =>
      withPage(async (page) => {
        await openCheckout(page, demo.url, mode, await cartLines(demo.url, [1001, 1003, 1004]), US);
        const plain = await shownQuote(page, 3);
        assert.equal(plain.totals.discount_total, 0);
        assert.equal(await page.getByLabel('Discount code', { exact: true }).count(), 0, 'the code field starts collapsed');

        await enterCode(page, 'lumiere15');
        await codeRow(page, 'lumiere15', 'applied');
        const discounted = await shownQuote(page, 3);
        const lumiere = discounted.bags.find((b: any) => b.merchant_id === 1003);
        assert.equal(lumiere.discount_total, Math.round(lumiere.sub_total * 0.15));
        assert.ok(discounted.bags.filter((b: any) => b.merchant_id !== 1003).every((b: any) => b.discount_total === 0), 'the other shops are not discounted');
        assert.equal(discounted.totals.total, plain.totals.total - lumiere.discount_total);
        totalsAddUp(discounted);

        await enterCode(page, 'NOPE2024');
        const refused = await codeRow(page, 'NOPE2024', 'unknown');
        assert.match((await refused.textContent())!, /NOPE2024 is not a valid discount code\./);
        await page.getByRole('button', { name: 'Remove code NOPE2024' }).click();
        await page.locator('tote-checkout tote-discount-codes li[data-code="NOPE2024"]').waitFor({ state: 'detached' });

        await page.getByRole('button', { name: 'Remove code lumiere15' }).click();
        await page.locator('tote-checkout tote-discount-codes li').waitFor({ state: 'detached' });
        await page.waitForFunction(() => !document.querySelector('tote-checkout')?.shadowRoot?.querySelector('tote-estimate')?.shadowRoot?.querySelector('.discount'));
        assert.equal((await shownQuote(page, 3)).totals.total, plain.totals.total, 'removed: the total is back');

        await enterCode(page, 'LUMIERE15');
        await codeRow(page, 'LUMIERE15', 'applied');
        const quoted = await shownQuote(page, 3);
        assert.ok(quoted.totals.discount_total > 0);
        const orderId = await placeOrder(page);
        const order = await sandbox(demo.service, 'GET', `/v1/orders/${orderId}`);
        assert.equal(order.total, quoted.totals.total, 'charged the quote with the discount');
        const bag = order.bags.find((b: any) => b.merchant_id === 1003);
        assert.equal(bag.discount_total, quoted.totals.discount_total);
        assert.deepEqual(bag.discounts.map((d: any) => [d.code, d.status]), [['LUMIERE15', 'APPLIED']]);
      }));
  }

  it('a VAT-inclusive shop beside a tax-exclusive one: "incl. VAT", totals to the minor unit, charged as quoted', () =>
    withPage(async (page) => {
      await openCheckout(page, demo.url, 'cart', await cartLines(demo.url, [1004, 1003]), GB);
      const q = await shownQuote(page, 2);
      const thistle = q.bags.find((b: any) => b.merchant_id === 1004);
      const lumiere = q.bags.find((b: any) => b.merchant_id === 1003);
      assert.equal(thistle.taxes_included, true);
      assert.ok(thistle.tax_total > 0, 'UK VAT inside the price');
      assert.equal(lumiere.taxes_included, false);
      totalsAddUp(q);
      assert.equal(q.totals.included_tax_total, thistle.tax_total);
      const summary = (await page.locator('tote-checkout tote-estimate [part="total"]').textContent())!.replace(/\s+/g, ' ');
      assert.match(summary, /incl\. VAT/);
      const orderId = await placeOrder(page);
      const order = await sandbox(demo.service, 'GET', `/v1/orders/${orderId}`);
      assert.equal(order.total, q.totals.total);
    }));
});
