// Opening the checkout to a placed order costs the same requests for 1, 3 and 6 merchants (issue 30):
// lines saved in an earlier visit are not re-checked one `GET /api/offers/:id` per offer before the
// quote (the quote reports stale and unavailable lines itself). On `npm start`'s demo, in every engine
// (TOTE_BROWSERS): a cart is filled on the storefront through <tote-provider>'s `addToCart`, then the
// checkout page is opened and driven to "placed" while every browser→BFF request is counted. No request
// of the whole journey (the storefront's grid shows the seeded descriptions with markup, hostile ones
// included) loads an HTML sanitiser: there is none in the browser any more.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { engines, launch } from './engines.js';
import { spawnDemo } from './demo-process.js';
import { onePerFile } from './storefront.js';
import { pay, sandbox, step, typeAddressByKeyboard } from './checkout-steps.js';

/**
 * Six merchants a shopper can buy from. Seeded 1006 is PUBLIC (left out of the shoppable list) and 1007
 * needs attention; clearing 1007's flags makes the sixth, as bench/checkout.ts does.
 */
const MERCHANTS = [1001, 1002, 1003, 1004, 1005, 1007];

interface ListedOffer {
  id: number;
  skus: { id: number; in_stock?: boolean | null; inventory_tracked?: boolean | null; qty_available?: number | null }[];
}

/** An in-stock SKU of each merchant with stock to spare (the cases run against one sandbox). */
async function picks(base: string): Promise<{ offer_id: number; sku_id: number }[]> {
  const out: { offer_id: number; sku_id: number }[] = [];
  for (const id of MERCHANTS) {
    const res = await fetch(new URL(`api/offers?merchant_id=${id}&size=24`, base));
    const { offers } = (await res.json()) as { offers: ListedOffer[] };
    const stocked = (s: ListedOffer['skus'][number]) => s.in_stock !== false && (!s.inventory_tracked || (s.qty_available ?? 0) >= 8);
    const offer = offers.find((o) => o.skus.some(stocked));
    assert.ok(offer, `a well-stocked offer at merchant ${id}`);
    out.push({ offer_id: offer.id, sku_id: offer.skus.find(stocked)!.id });
  }
  return out;
}

/** One storefront for every engine's describe. */
const storefront = onePerFile(
  () =>
    spawnDemo(
      (out) => {
        const url = out.match(/storefront:\s*(http:\/\/127\.0\.0\.1:\d+\/)/i)?.[1];
        const service = out.match(/Service:\s*(http:\/\/[^\s]+)/)?.[1];
        return url && service ? { url, service } : undefined;
      },
      ['SERVICE_BASE_URL'],
    ),
  (demo) => demo.child.kill('SIGTERM'),
);

for (const engine of engines()) describe(`checkout requests (e2e, ${engine})`, { timeout: 400_000 }, () => {
  let demo: { url: string; service: string; child: import('node:child_process').ChildProcess };
  let browser: Browser;
  let lines: { offer_id: number; sku_id: number }[];

  before(async () => {
    demo = await storefront();
    await sandbox(demo.service, 'POST', '/__sandbox/merchants/1007/attention', { missing_scopes: [], currently_due: [] });
    browser = await launch(engine);
    lines = await picks(demo.url);
  });

  after(async () => {
    await browser?.close();
  });

  /**
   * Browser→BFF requests from opening the checkout page until the order is placed, with `k` merchants in the cart;
   * the quotes apart (`quotes`): how many go out depends on how long the shopper paused between keys (a quote waits
   * for 250 ms of stillness) and on when the step's answers came, not on the cart. `npm run bench --
   * --only=quote_place` drives the same routes for 1, 3 and 6 merchants without typing, where their number is exact.
   */
  async function checkoutRequests(k: number): Promise<{ all: string[]; quotes: number; rest: string[] }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    const sanitisers: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => /purify|saniti[sz]e/i.test(r.url()) && sanitisers.push(r.url()));
    try {
      await page.goto(demo.url);
      await page.waitForFunction(() => !!customElements.get('tote-provider'));
      // The grid with the seeded descriptions (real-shaped and hostile markup) is on screen.
      await page.locator('tote-offer-grid tote-offer-card [part~="description"]').first().waitFor();
      for (const line of lines.slice(0, k)) {
        await page.evaluate(async (l) => {
          const provider = document.querySelector('tote-provider') as HTMLElement & { addToCart(l: object): Promise<unknown> };
          await provider.addToCart(l);
        }, line);
      }
      // A saved cart, as from an earlier visit: the checkout page starts from it.
      const requests: string[] = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (path.startsWith('/api/')) requests.push(`${r.method()} ${path.replace(/\/\d+(?=\/|$)/g, '/:id')}`);
      });
      await page.goto(new URL('checkout.html', demo.url).href);
      await step(page, 'review');
      await page.locator('tote-checkout tote-cart [part="bag"]').nth(k - 1).waitFor();
      await page.getByRole('button', { name: 'Continue to address' }).click();
      await step(page, 'address');
      await typeAddressByKeyboard(page);
      await step(page, 'shipping');
      await page.locator('tote-shipping-step fieldset').nth(k - 1).locator('input:checked').waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await pay(page, 'Visa ending in 4242 (approves)');
      await step(page, 'confirm');
      await page.waitForFunction(() => {
        const b = document.querySelector('tote-checkout')?.shadowRoot?.querySelector<HTMLButtonElement>('[part="submit-button"]');
        return b && !b.disabled;
      }, undefined, { timeout: 20_000 });
      await page.getByRole('button', { name: 'Place order' }).click();
      await step(page, 'placed');
      assert.deepEqual(errors, []);
      assert.deepEqual(sanitisers, [], 'no HTML sanitiser requested anywhere in the journey');
      // What the placed step asks afterwards (the order's live status) is not the checkout's.
      const all = requests.filter((r) => !r.startsWith('GET /api/orders/'));
      const quote = (r: string) => r === 'POST /api/checkout/quote';
      return { all, quotes: all.filter(quote).length, rest: all.filter((r) => !quote(r)) };
    } finally {
      await context.close();
    }
  }

  it('opening the checkout to placed: the same requests for 1, 3 and 6 merchants, none re-checking an offer', async () => {
    const counted = new Map<number, Awaited<ReturnType<typeof checkoutRequests>>>();
    for (const k of [1, 3, 6]) counted.set(k, await checkoutRequests(k));
    for (const [k, { all }] of counted) {
      assert.ok(!all.some((r) => r.startsWith('GET /api/offers')), `${k} merchant(s): ${all.join(', ')}`);
      assert.ok(all.includes('POST /api/checkout/place'), `${k} merchant(s) placed: ${all.join(', ')}`);
    }
    // Every other request the same, as many of each (the address format and the first quote go out together, in
    // either order); quotes: at least the one for the whole address.
    const same = (k: number) => [...counted.get(k)!.rest].sort();
    for (const k of [1, 3, 6]) assert.ok(counted.get(k)!.quotes >= 1, `${k} merchant(s): the address was quoted`);
    for (const k of [3, 6]) assert.deepEqual(same(k), same(1), `${k} merchants as 1`);
  });
});
