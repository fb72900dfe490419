// A shopper pays with the Stripe adapter on `npm start`'s storefront in Chromium, in both
// modes, against the stand-in Stripe.js (test/stripe/stand-in/stripe.js) served at
// js.stripe.com. This test plays Stripe's servers: api.stripe.com's confirmation is handed to
// the sandbox's POST /__sandbox/payment_intents/{id}/confirm, as Stripe would tell the service.
// Cases: a decline then a card that pays, 3-D Secure completed (cart mode), 3-D Secure on a
// direct order (declined: a direct order has no shopper to authenticate), a direct order paid
// with a single-use token made with the service's key, and a cart total that moves after
// Stripe authorized it (the hold released, the new total paid). Throughout, no card number is
// in Tote's DOM, storage or any request.
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumFlags, findChrome } from '../../scripts/find-chrome.mjs';
import { fillUsAddress, step as checkoutStep } from '../e2e/checkout-steps.js';
import { startStorefront, wellStocked } from '../e2e/storefront.js';
import { STRIPE_JS_URL } from '../../src/stripe/load-stripe.js';

const STAND_IN = readFileSync(new URL('./stand-in/stripe.js', import.meta.url), 'utf8');
const CREDENTIALS = { 'x-service-app-id': '10001', 'x-service-app-secret': 'sandbox-secret', 'x-service-token': 'sandbox-token' };
const MERCHANT = 1001;
const CARDS = { visa: '4242424242424242', declined: '4000000000000002', threeDS: '4000002500003155' };

async function sandbox(service: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(new URL(path, service), {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...CREDENTIALS },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

/**
 * Stripe.js from the stand-in; Stripe's API from this test, which tells the sandbox (the service) what Stripe decided.
 * `afterAuthorized` runs once, after the first confirmation Stripe authorized and before the browser hears of it.
 */
async function standInStripe(context: BrowserContext, service: string, afterAuthorized?: (intentId: string) => Promise<void>): Promise<void> {
  await context.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: STAND_IN }));
  await context.route('https://api.stripe.com/**', async (route) => {
    const id = /\/v1\/payment_intents\/(pi_\w+)\/confirm$/.exec(new URL(route.request().url()).pathname)?.[1];
    if (!id) return route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":{"type":"invalid_request_error"}}' });
    const answer = await sandbox(service, `/__sandbox/payment_intents/${id}/confirm`, { body: route.request().postDataJSON() });
    if (answer.body?.status === 'requires_capture' && afterAuthorized) {
      const run = afterAuthorized;
      afterAuthorized = undefined;
      await run(id);
    }
    await route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) });
  });
}

/** One well-stocked product of the shop into the cart from the storefront's grid. */
async function addProduct(page: Page, base: string): Promise<void> {
  const name = await wellStocked(base, MERCHANT, { everySku: true });
  await page.goto(base);
  await page.locator(`.shops button[data-merchant="${MERCHANT}"]`).click();
  await page.waitForFunction((id) => {
    const cards = [...(document.querySelector('tote-offer-grid')?.shadowRoot?.querySelectorAll('tote-offer-card') ?? [])];
    return cards.length > 0 && cards.every((c) => (c as unknown as { offer?: { merchant_id: number } }).offer?.merchant_id === id);
  }, MERCHANT);
  const card = page.locator('tote-offer-grid tote-offer-card').filter({ has: page.locator('[part~="title"]', { hasText: name }) }).first();
  const add = card.locator('[part~="add-button"]').first();
  const label = (await add.textContent())!.trim();
  await add.click();
  if (label === 'Choose options') await card.locator('dialog[open] tote-variant-picker [part~="add-button"]').click();
  await page.waitForFunction(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('tote:cart:'));
    return !!key && (JSON.parse(localStorage.getItem(key)!) as { lines: unknown[] }).lines.length > 0;
  });
}

async function toPayment(page: Page, base: string, mode: 'cart' | 'direct', wallets = false, shopKey = mode === 'direct'): Promise<void> {
  const params = { mode, payment: 'stripe', ...(shopKey ? { 'stripe-key': 'pk_test_shop' } : {}), ...(wallets ? { wallets: '' } : {}) };
  await page.goto(`${base}checkout.html?${new URLSearchParams(params)}`);
  await checkoutStep(page, 'review');
  await page.getByRole('button', { name: 'Continue to address' }).click();
  await checkoutStep(page, 'address');
  await fillUsAddress(page.locator('tote-checkout'));
  await page.getByRole('button', { name: 'Continue to shipping' }).click();
  await checkoutStep(page, 'shipping');
  const next = page.getByRole('button', { name: 'Continue to payment' });
  await page.waitForFunction(() => {
    const b = [...(document.querySelector('tote-checkout')?.shadowRoot?.querySelectorAll('button') ?? [])].find((x) => x.textContent?.trim() === 'Continue to payment');
    return b && !b.disabled;
  }, undefined, { timeout: 20_000 });
  await next.click();
  await checkoutStep(page, 'payment');
}

/** Types a card into the stand-in's fields (an iframe in tote-checkout's light DOM) and continues to the review. */
async function payWith(page: Page, number: string): Promise<void> {
  const frame = page.frameLocator('tote-checkout iframe[name^="__privateStripeFrame"]');
  await frame.locator('input[name="number"]').fill(number);
  await frame.locator('input[name="expiry"]').fill('1234');
  await frame.locator('input[name="cvc"]').fill('123');
  await page.getByRole('button', { name: 'Review order' }).click();
  await checkoutStep(page, 'confirm');
}

/** Everything of Tote's page: light DOM, open shadow roots, form values, both storages (a string: tsx would wrap a function's helpers). */
const pageText = (page: Page): Promise<string> =>
  page.evaluate(`(() => {
    const parts = [document.documentElement.outerHTML];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) { parts.push(el.shadowRoot.innerHTML); walk(el.shadowRoot); }
        if (el instanceof HTMLInputElement) parts.push(el.value);
      }
    };
    walk(document);
    for (const s of [localStorage, sessionStorage]) for (let i = 0; i < s.length; i++) parts.push(s.getItem(s.key(i)) ?? '');
    return parts.join('\\n');
  })()`);

/** Every order and cart of the sandbox. */
async function allOrders(service: string): Promise<any[]> {
  const { body } = await sandbox(service, '/__sandbox/orders');
  return Array.isArray(body) ? body : body.orders;
}

async function submittedOrders(service: string): Promise<any[]> {
  const { body } = await sandbox(service, '/__sandbox/orders');
  return (Array.isArray(body) ? body : body.orders).filter((o: any) => o.status !== 'IN_PROGRESS');
}

describe('checkout with the Stripe adapter (e2e, stand-in Stripe.js)', { timeout: 300_000 }, () => {
  let demo: Awaited<ReturnType<typeof startStorefront>>;
  let browser: Browser;

  before(async () => {
    demo = await startStorefront();
    browser = await chromium.launch({ executablePath: findChrome(), headless: true, args: chromiumFlags });
  });
  after(async () => {
    await browser?.close();
    demo?.child.kill('SIGTERM');
  });

  async function shopper(run: (page: Page, requests: string[]) => Promise<void>, wallets = false, afterAuthorized?: (intentId: string) => Promise<void>) {
    const context = await browser.newContext();
    await standInStripe(context, demo.service, afterAuthorized);
    // Whether "the browser" offers a wallet is the stand-in's to say (real Stripe asks the browser).
    if (wallets) await context.addInitScript('window.__stripeStandIn = { wallets: { googlePay: { available: true } } };');
    const page = await context.newPage();
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => requests.push(`${r.method()} ${r.url()}\n${r.postData() ?? ''}`));
    try {
      await run(page, requests);
      assert.deepEqual(errors, []);
      for (const number of Object.values(CARDS)) {
        assert.ok(!requests.some((r) => r.includes(number)), 'no card number in any request');
        assert.ok(!(await pageText(page)).includes(number), "no card number in Tote's DOM or storage");
      }
    } finally {
      await context.close();
    }
  }

  async function placeAndWait(page: Page) {
    await page.getByRole('button', { name: 'Place order' }).click();
  }

  const placed = async (page: Page) => {
    await checkoutStep(page, 'placed');
    const href = await page.locator('#order-link').getAttribute('href');
    return Number(new URL(href!, page.url()).searchParams.get('order'));
  };

  for (const mode of ['cart', 'direct'] as const) {
    it(`mode=${mode}: a declined card is told on the payment step, the cart unchanged; another card pays, bags authorized`, () =>
      shopper(async (page, requests) => {
        await addProduct(page, demo.url);
        await toPayment(page, demo.url, mode);
        const before = (await submittedOrders(demo.service)).length;
        await payWith(page, CARDS.declined);
        await placeAndWait(page);
        await checkoutStep(page, 'payment');
        const notice = page.locator('tote-checkout').getByText(/declined/i).first();
        await notice.waitFor({ timeout: 20_000 });
        assert.equal((await submittedOrders(demo.service)).length, before, 'nothing submitted for a declined card');
        const lines = await page.evaluate(`JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('tote:cart:')))).lines.length`);
        assert.equal(lines, 1, 'the cart is unchanged');

        await payWith(page, CARDS.visa);
        await placeAndWait(page);
        const id = await placed(page);
        const { body: order } = await sandbox(demo.service, `/v1/orders/${id}`);
        assert.deepEqual(order.bags.map((b: any) => b.financial_status), ['AUTHORIZED']);
        const tx = order.payment_transactions[0];
        assert.equal(tx.payment_provider, 'STRIPE');
        if (mode === 'cart') {
          assert.match(tx.payment_provider_transaction_id, /^pi_/);
          const { body: intent } = await sandbox(demo.service, `/__sandbox/payment_intents/${tx.payment_provider_transaction_id}`);
          assert.equal(intent.status, 'requires_capture', 'authorized by the confirmation, before the submit');
        }
        // Stripe.js came from js.stripe.com, at the release @stripe/stripe-js's types describe, once for both attempts.
        assert.deepEqual(requests.map((r) => r.split('\n')[0]).filter((r) => r.includes('/stripe.js')), [`GET ${STRIPE_JS_URL}`]);
      }));
  }

  it('mode=cart: 3-D Secure — the challenge over the page, nothing submitted until it is completed, then placed', () =>
    shopper(async (page) => {
      await addProduct(page, demo.url);
      await toPayment(page, demo.url, 'cart');
      await payWith(page, CARDS.threeDS);
      const before = (await submittedOrders(demo.service)).length;
      await placeAndWait(page);
      const challenge = page.frameLocator('iframe[name="__privateStripeFrame3ds"]');
      await challenge.getByRole('button', { name: 'Complete' }).waitFor({ timeout: 20_000 });
      assert.equal((await submittedOrders(demo.service)).length, before, 'not submitted while authentication is pending');
      await challenge.getByRole('button', { name: 'Complete' }).click();
      const id = await placed(page);
      const { body: order } = await sandbox(demo.service, `/v1/orders/${id}`);
      assert.deepEqual(order.bags.map((b: any) => b.financial_status), ['AUTHORIZED']);
    }));

  it('mode=cart with wallets: the wallet button shows where the browser has one; paying in its sheet places the order', () =>
    shopper(async (page) => {
      await addProduct(page, demo.url);
      await toPayment(page, demo.url, 'cart', true);
      const wallet = page.frameLocator('tote-checkout iframe[title="Secure express checkout frame"]');
      await wallet.getByRole('button', { name: /Pay with/ }).click();
      const id = await placed(page);
      const { body: order } = await sandbox(demo.service, `/v1/orders/${id}`);
      assert.equal(order.wallet_based_checkout, true);
      assert.deepEqual(order.bags.map((b: any) => b.financial_status), ['AUTHORIZED']);
      const { body: intent } = await sandbox(demo.service, `/__sandbox/payment_intents/${order.payment_transactions[0].payment_provider_transaction_id}`);
      assert.equal(intent.status, 'requires_capture');
    }, true));

  it('mode=direct: a single-use token (tok_…) made with the service’s key when the shop sets none', () =>
    shopper(async (page, requests) => {
      await addProduct(page, demo.url);
      await toPayment(page, demo.url, 'direct', false, false);
      await payWith(page, CARDS.visa);
      await placeAndWait(page);
      const id = await placed(page);
      const keys = await page.evaluate(`window.__stripeStandIn.calls.filter((c) => c.name === 'Stripe').map((c) => c.detail.key)`);
      assert.deepEqual(keys, ['pk_test_tote_sandbox'], 'the key of GET /v1/checkout/payment/token');
      const sent = requests.filter((r) => r.startsWith('POST ') && r.includes('/api/checkout/place'));
      assert.ok(sent.length > 0 && sent.every((r) => JSON.parse(r.slice(r.indexOf('\n') + 1)).payment.token === 'tok_visa'), 'the token, never a PaymentMethod');
      const { body: order } = await sandbox(demo.service, `/v1/orders/${id}`);
      assert.deepEqual(order.bags.map((b: any) => b.financial_status), ['AUTHORIZED']);
    }));

  it('mode=cart: the total moves after Stripe authorized it — the hold is released, the shopper is told and pays the new total', async () => {
    let raised: { intent: string } | undefined;
    const raise = async (intent: string) => {
      // The merchant's price rises between the confirmation and the place that follows it.
      const cart = (await allOrders(demo.service)).find((o) => o.payment_transactions[0]?.payment_provider_transaction_id === intent);
      const line = cart.bags[0].skus[0];
      const { body: offer } = await sandbox(demo.service, `/v1/catalog/offers/${line.offer_id}`);
      for (const s of offer.skus) if (s.id === line.sku_id) s.sale_price += 300;
      await sandbox(demo.service, '/__sandbox/offers', { body: offer });
      raised = { intent };
    };
    await shopper(
      async (page) => {
        await addProduct(page, demo.url);
        await toPayment(page, demo.url, 'cart');
        await payWith(page, CARDS.visa);
        const before = (await submittedOrders(demo.service)).length;
        await placeAndWait(page);
        await page.locator('tote-checkout').getByText(/something changed since you looked/i).first().waitFor({ timeout: 20_000 });
        assert.ok(raised, 'the price rose after the authorization');
        const { body: old } = await sandbox(demo.service, `/__sandbox/payment_intents/${raised.intent}`);
        assert.equal(old.status, 'canceled', 'the card hold is released');
        assert.equal((await submittedOrders(demo.service)).length, before, 'nothing submitted on the old authorization');
        // "Place order" on the new total: the fields went with the first confirmation, so the card is asked again.
        await placeAndWait(page);
        await checkoutStep(page, 'payment');
        await page.locator('tote-checkout').getByText(/enter your card again/i).first().waitFor({ timeout: 20_000 });
        await payWith(page, CARDS.visa);
        await placeAndWait(page);
        const id = await placed(page);
        const { body: order } = await sandbox(demo.service, `/v1/orders/${id}`);
        const tx = order.payment_transactions[0];
        assert.notEqual(tx.payment_provider_transaction_id, raised.intent);
        assert.equal(tx.amount, order.total, 'the new total authorized and placed');
        const { body: intent } = await sandbox(demo.service, `/__sandbox/payment_intents/${tx.payment_provider_transaction_id}`);
        assert.equal(intent.status, 'requires_capture');
        assert.equal(intent.amount, order.total);
      },
      false,
      raise,
    );
  });

  it('mode=direct: a card that needs 3-D Secure is declined with a clear message (a direct order cannot authenticate)', () =>
    shopper(async (page) => {
      await addProduct(page, demo.url);
      await toPayment(page, demo.url, 'direct');
      await payWith(page, CARDS.threeDS);
      await placeAndWait(page);
      await checkoutStep(page, 'payment');
      await page.locator('tote-checkout').getByText(/declined/i).first().waitFor({ timeout: 20_000 });
    }));
});
