// The shopper's currency, delivery dates, the confirmation and the order page's words (issue 27, the shop's
// part) on `npm start`'s demo in every engine (TOTE_BROWSERS): a `<tote-currency-select>` on the storefront
// shows a shop that sells in EUR in the currency chosen ("≈", converted with the BFF's rates), keeps the
// choice across a reload and changes it again; at checkout the cart shows one total in the shopper's
// currency, each shipping method its delivery dates, the order is charged exactly the quote's amount, and the
// confirmation shows the items with their variant values, the address, each shop's shipping method and the
// card; the order page speaks the shopper's words while the sandbox moves the bags along.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { fillUsAddress } from './checkout-steps.js';
import { engines, launch } from './engines.js';
import { spawnDemo } from './demo-process.js';
import { onePerFile } from './storefront.js';

const SANDBOX_HEADERS = {
  'content-type': 'application/json',
  'x-service-app-id': '10001',
  'x-service-app-secret': 'sandbox-secret',
  'x-service-token': 'sandbox-token',
};
/** A shop selling in USD and one selling in EUR. */
const MERCHANTS = [1001, 1003];

function startDemo() {
  return spawnDemo(
    (out) => {
      const url = out.match(/storefront:\s*(http:\/\/127\.0\.0\.1:\d+\/)/i)?.[1];
      const service = out.match(/Service:\s*(http:\/\/[^\s]+)/)?.[1];
      return url && service ? { url, service } : undefined;
    },
    ['SERVICE_BASE_URL'],
  );
}

async function sandbox(service: string, method: string, path: string, body?: unknown) {
  const res = await fetch(new URL(path, service), { method, headers: SANDBOX_HEADERS, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

interface ListedSku {
  id: number;
  sale_price: number;
  currency?: string;
  in_stock?: boolean | null;
  inventory_tracked?: boolean | null;
  qty_available?: number | null;
  variant_values?: { variant: string; value: string }[];
}
interface ListedOffer {
  id: number;
  name: string;
  merchant_id: number;
  merchant_name: string;
  currency: string;
  skus: ListedSku[];
}

const spare = (s: ListedSku) => s.in_stock !== false && (!s.inventory_tracked || (s.qty_available ?? 0) > 8);

/** Per shop, an offer with options and stock to spare, as a cart line in the cart's saved shape. */
async function cartLines(base: string) {
  const lines = [];
  for (const merchant of MERCHANTS) {
    const { offers } = (await (await fetch(new URL(`api/offers?merchant_id=${merchant}&size=24`, base))).json()) as { offers: ListedOffer[] };
    const offer = offers.find((o) => o.skus.some((s) => spare(s) && s.variant_values?.length))!;
    const sku = offer.skus.find((s) => spare(s) && s.variant_values?.length)!;
    lines.push({
      sku_id: sku.id, offer_id: offer.id, merchant_id: offer.merchant_id, merchant_name: offer.merchant_name, name: offer.name,
      variant_values: sku.variant_values ?? [], unit_price: sku.sale_price, currency: sku.currency ?? offer.currency, quantity: 2,
    });
  }
  return lines;
}

/** `amount` minor units of `from` in `to`, as the widget converts: one multiplication, rounded once. */
function converted(amount: number, from: string, to: string, rates: Record<string, number>, exponents: Record<string, number>) {
  return Math.round((amount * rates[to]! * 10 ** (exponents[to]! - exponents[from]!)) / rates[from]!);
}
const EXPONENT: Record<string, number> = { USD: 2, EUR: 2, GBP: 2 };
const digits = (text: string) => Number(text.replace(/[^0-9]/g, ''));

/** One storefront for every engine's describe. */
const storefront = onePerFile(startDemo, (demo) => demo.child.kill('SIGTERM'));

for (const engine of engines()) describe(`the shopper's currency, delivery dates, confirmation and order page (e2e, ${engine})`, { timeout: 400_000 }, () => {
  let demo: Awaited<ReturnType<typeof startDemo>>;
  let browser: Browser;
  let rates: Record<string, number>;

  before(async () => {
    demo = await storefront();
    browser = await launch(engine);
    rates = ((await (await fetch(new URL('api/currencies', demo.url))).json()) as { rates: Record<string, number> }).rates;
  });
  after(async () => {
    await browser?.close();
  });

  async function withPage(run: (page: Page) => Promise<void>) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
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

  /** The first card's price text and the offer it shows, once the grid shows only `merchantId`'s offers. */
  async function firstCard(page: Page, merchantId: number) {
    await page.waitForFunction((id) => {
      const cards = [...(document.querySelector('tote-offer-grid')?.shadowRoot?.querySelectorAll('tote-offer-card') ?? [])];
      return cards.length > 0 && cards.every((c) => (c as unknown as { offer?: { merchant_id: number } }).offer?.merchant_id === id);
    }, merchantId);
    return page.locator('tote-offer-grid tote-offer-card').first().evaluate((card) => {
      const offer = (card as unknown as { offer: { currency: string; skus: { sale_price: number }[] } }).offer;
      const price = card.shadowRoot!.querySelector('[part~="price"]')!;
      return {
        text: price.textContent!.replace(/\s+/g, ' ').trim(),
        converted: price.querySelector<HTMLElement>('.converted')?.dataset.converted ?? null,
        // What the eye reads: the converted amount without the "≈" and the screen reader's words.
        shown: ((c) => (c ? (c.querySelectorAll('.sr-only, [aria-hidden]').forEach((n) => n.remove()), c.textContent!.trim()) : ''))(
          price.querySelector('.converted')?.cloneNode(true) as HTMLElement | undefined,
        ),
        min: Math.min(...offer.skus.map((s) => s.sale_price)),
        currency: offer.currency,
      };
    });
  }

  async function choose(page: Page, currency: string) {
    await page.locator('tote-currency-select select').selectOption({ value: currency });
  }

  it('cards of a shop selling in EUR show the chosen currency, marked ≈; the choice survives a reload and changes again', () =>
    withPage(async (page) => {
      await page.goto(demo.url);
      await page.locator('tote-offer-card').first().waitFor();
      // The demo shop offers three currencies (`<tote-currency-select currencies="USD EUR GBP">` in its header).
      await page.locator('tote-currency-select select').waitFor();
      await page.locator('.shops button[data-merchant="1003"]').click();
      const own = await firstCard(page, 1003);
      assert.equal(own.currency, 'EUR');
      assert.equal(own.converted, null, 'no currency chosen yet: the shop\'s own price, not marked');

      await choose(page, 'USD');
      await page.locator('tote-offer-grid tote-offer-card .converted').first().waitFor();
      const usd = await firstCard(page, 1003);
      assert.equal(usd.converted, 'EUR');
      assert.match(usd.text, /^≈/, usd.text);
      assert.match(usd.shown, /\$/);
      assert.equal(digits(usd.shown.split('–')[0]!), converted(usd.min, 'EUR', 'USD', rates, EXPONENT), usd.text);
      assert.match(usd.text, /converted from/, 'screen readers hear the shop\'s own price');

      await page.reload();
      await page.locator('tote-offer-card').first().waitFor();
      await page.locator('.shops button[data-merchant="1003"]').click();
      await page.locator('tote-offer-grid tote-offer-card .converted').first().waitFor();
      const kept = await firstCard(page, 1003);
      assert.equal(kept.shown, usd.shown, 'the choice outlived the reload');
      assert.equal(await page.locator('tote-currency-select select').inputValue(), 'USD');

      await choose(page, 'GBP');
      await page.waitForFunction(() => {
        const card = document.querySelector('tote-offer-grid')?.shadowRoot?.querySelector('tote-offer-card');
        return card?.shadowRoot?.querySelector('.converted')?.textContent?.includes('£');
      });
      const gbp = await firstCard(page, 1003);
      assert.equal(digits(gbp.shown.split('–')[0]!), converted(gbp.min, 'EUR', 'GBP', rates, EXPONENT), gbp.text);
    }));

  it('checkout: one cart total in the shopper\'s currency, delivery dates, the quote\'s amount charged, a full confirmation, shopper words on the order page', () =>
    withPage(async (page) => {
      const lines = await cartLines(demo.url);
      await page.goto(`${demo.url}checkout.html?mode=direct`);
      await page.evaluate((l) => {
        localStorage.setItem('tote:cart:v1:/api', JSON.stringify({ v: 1, lines: l }));
        localStorage.setItem('tote:currency:v1:/api', 'USD');
      }, lines);
      // The shopper chose USD on the storefront (one shop sells in EUR): the checkout page's provider starts in it.
      await page.reload();
      const checkout = page.locator('tote-checkout');
      await checkout.locator('tote-cart [part="bag"]').nth(1).waitFor({ timeout: 60_000 }).catch(async (e) => {
        throw new Error(`${e.message}\n${await checkout.evaluate((el) => el.shadowRoot!.textContent!.replace(/\s+/g, ' ').slice(0, 800))}`);
      });
      await page.waitForFunction(() => {
        const cart = document.querySelector('tote-checkout')?.shadowRoot?.querySelector('tote-cart')?.shadowRoot;
        return cart?.querySelectorAll('[part="total"] dd').length === 1 && cart.querySelector('[part="total"] dd')?.getAttribute('data-currency') === 'USD';
      }, undefined, { timeout: 20_000 });
      const cartTotal = await checkout.locator('tote-cart [part="total"] dd').evaluate((dd) => ({ amount: Number((dd as HTMLElement).dataset.total), text: dd.textContent!.trim() }));
      const expected = converted(lines[1]!.unit_price * 2, 'EUR', 'USD', rates, EXPONENT) + lines[0]!.unit_price * 2;
      assert.equal(cartTotal.amount, expected, 'each currency converted once, then added');
      assert.match(cartTotal.text, /^≈/);

      await page.getByRole('button', { name: 'Continue to address' }).click();
      await checkout.locator('tote-address-form').waitFor();
      await fillUsAddress(checkout);
      await page.getByRole('button', { name: 'Continue to shipping' }).click();
      await checkout.locator('tote-shipping-step input[type="radio"]:checked').nth(1).waitFor({ timeout: 20_000 });
      const windows = await checkout.locator('tote-shipping-step [part="delivery"]').allTextContents();
      assert.ok(windows.length >= 4, `every method has a window: ${windows.join(' | ')}`);
      for (const w of windows) assert.match(w.trim(), /^Arrives \w{3}, \w{3} \d{1,2}( – (\w{3}, )?(\w{3} )?\d{1,2})?$/, w);

      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.getByLabel('Visa ending in 4242 (approves)').check();
      await page.getByRole('button', { name: 'Review order' }).click();
      await checkout.locator('[part="submit-button"]:not([disabled])').waitFor({ timeout: 20_000 });
      const quoted = await checkout.locator('tote-estimate [part="total"] .grand dd').evaluate((d) => ({ amount: Number((d as HTMLElement).dataset.total), currency: (d as HTMLElement).dataset.currency }));
      assert.equal(quoted.currency, 'USD');
      await page.getByRole('button', { name: 'Place order' }).click();
      await checkout.locator('[part="order-number"]').waitFor({ timeout: 20_000 });
      const orderId = Number((await checkout.locator('[part="order-number"]').textContent())!.replace(/\D/g, ''));

      // Charged: exactly the quote's amount, in its currency (the sandbox's own record).
      const orders = await sandbox(demo.service, 'GET', '/__sandbox/orders');
      const placed = (Array.isArray(orders) ? orders : orders.orders).find((o: { id: number }) => o.id === orderId);
      assert.equal(placed.total, quoted.amount);
      assert.equal(placed.currency, 'USD');
      const charged = await checkout.locator('.charged dd').evaluate((d) => ({ amount: Number((d as HTMLElement).dataset.total), currency: (d as HTMLElement).dataset.currency }));
      assert.deepEqual(charged, { amount: quoted.amount, currency: 'USD' });
      assert.match((await checkout.locator('.charged-in').textContent())!, /Charged in USD/);

      // The confirmation: items with image, variant values and quantity, per shop its method, the address, the card.
      const status = checkout.locator('tote-order-status');
      await status.locator('[part~="bag"]').nth(1).waitFor();
      const names = await status.locator('.item .name').allTextContents();
      const variants = await status.locator('.item .variants').allTextContents();
      for (const [i, line] of lines.entries()) {
        assert.ok(names[i]!.startsWith(line.name), `${line.name} listed: ${names.join(' | ')}`);
        assert.equal(variants[i], line.variant_values.map((v) => `${v.variant}: ${v.value}`).join(', '));
      }
      assert.equal(await status.locator('.item img').count(), 2, 'each line with its image');
      assert.deepEqual(await status.locator('.item .qty').allTextContents(), ['Qty 2', 'Qty 2']);
      assert.equal(await status.locator('[part="method"]').count(), 2, 'a shipping method per shop');
      assert.equal(await status.locator('[part="delivery"]').count(), 2, 'an estimated delivery per shop');
      // The address once, above the order's details, in the country's own format (US: city, state and ZIP on one line).
      const address = (await page.locator('tote-checkout').locator('p[part="address"]').textContent())!.split('\n').map((l) => l.trim()).filter(Boolean);
      assert.deepEqual(address.slice(0, 2), ['Ada Lovelace', '1 Market St']);
      assert.match(address[2]!, /^San Francisco,? CA 94105$/);
      assert.equal(await status.locator('[part="address"]').count(), 0, 'not twice');
      assert.equal((await status.locator('[part="payment"] p').textContent())!.trim(), 'Visa ending in 4242');
      const shown = await page.locator('tote-checkout').evaluate((el) => el.shadowRoot!.textContent! + el.shadowRoot!.querySelector('tote-order-status')!.shadowRoot!.textContent!);
      assert.ok(!/emailed/i.test(shown), 'no claim of an email');

      // The order page: the shopper's words, never the service's.
      const href = await page.locator('#order-link').getAttribute('href');
      await page.goto(new URL(href!, page.url()).href);
      const badges = page.locator('tote-order-status [data-field="status"]');
      await badges.nth(1).waitFor();
      const seen = new Set<string>();
      for (let i = 0; i < 6; i++) {
        for (const t of await badges.allTextContents()) seen.add(t.trim());
        const words = await page.locator('tote-order-status').evaluate((el) => el.shadowRoot!.textContent!);
        assert.ok(!/Submitted|Authorized|Accepted|Completed|Voided|In progress|Processing|Pending/.test(words), words);
        const values = await badges.evaluateAll((els) => els.map((e) => e.querySelector<HTMLElement>('[data-value]')!.dataset.value));
        if (values.every((v) => v === 'COMPLETED')) break;
        const { order } = await sandbox(demo.service, 'POST', `/__sandbox/orders/${orderId}/advance`, {});
        const want = order.bags.map((b: { bag_status?: string; status?: string }) => b.bag_status ?? b.status);
        await page.waitForFunction((w) => {
          const got = [...document.querySelector('tote-order-status')!.shadowRoot!.querySelectorAll<HTMLElement>('[data-field="status"] [data-value]')].map((d) => d.dataset.value);
          return JSON.stringify(got) === JSON.stringify(w);
        }, want, { timeout: 15_000 });
      }
      assert.ok(seen.has('Delivered'), [...seen].join(', '));
      for (const word of seen) assert.ok(['Order received', 'Confirmed by the shop', 'Shipped', 'Partly shipped', 'Delivered'].includes(word), word);
    }));
});
