/**
 * What the BFF adds for issue 27 (the shop's part): `onOrderPlaced` called once per placed order — never again
 * for a replay of the same key, never delaying the shopper's answer, its errors logged without personal data —
 * `GET /api/currencies` serving the service's rates from one cached fetch, and the shopper's order carrying
 * what a confirmation shows (items with variant values, address, shipping method and window, card). Real HTTP:
 * the sandbox upstream, the BFF in front.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Order } from '../../src/contract/order.js';
import { ADDRESS, CUSTOMER, PAY, SHOP_ORIGIN, startStack, type Stack } from './harness.js';
import { until } from '../until.js';

const shop = { origin: SHOP_ORIGIN };
let stack: Stack;
const told: Order[] = [];
let release: () => void = () => {};
let throwNext = false;
const logged: string[] = [];
const consoleError = console.error;

before(async () => {
  console.error = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
  stack = await startStack({
    async onOrderPlaced(order) {
      told.push(order);
      if (throwNext) {
        throwNext = false;
        throw new Error(`SMTP refused ${order.customer?.email}`);
      }
      // A slow email: the shopper's answer must not wait for it.
      await new Promise<void>((resolve) => (release = resolve));
    },
  });
});
after(async () => {
  release();
  console.error = consoleError;
  await stack?.close();
});

async function readyQuote(merchantId: number) {
  const offers = await stack.api(`/api/offers?merchant_id=${merchantId}&size=50`);
  const offer = offers.body.offers.find((o: any) => o.skus.some((s: any) => s.in_stock !== false && s.variant_values?.length));
  const sku = offer.skus.find((s: any) => s.in_stock !== false && s.variant_values?.length);
  const q = await stack.api('/api/checkout/quote', {
    method: 'POST',
    headers: shop,
    json: { mode: 'direct', lines: [{ sku_id: sku.id, quantity: 2 }], customer: CUSTOMER, shipping_address: ADDRESS },
  });
  assert.equal(q.body.ready, true, q.text);
  return { quote: q.body, sku };
}

const place = (token: string, key: string) =>
  stack.api('/api/checkout/place', { method: 'POST', headers: { ...shop, 'idempotency-key': key }, json: { quote_token: token, payment: PAY } });

describe('onOrderPlaced', () => {
  it('is called once per order, after the answer, and not again for a replay of the same key', async () => {
    const { quote } = await readyQuote(1001);
    const first = await place(quote.quote_token, 'hook-once-0001');
    assert.equal(first.status, 201, first.text);
    // The hook is still waiting on its "email" and the shopper already has the answer.
    await until(() => told.length === 1, 'the hook was called');
    assert.equal(told[0]!.id, first.body.order.id);
    assert.equal(told[0]!.customer?.email, CUSTOMER.email, 'the shop gets the whole order, to email the shopper');
    const replay = await place(quote.quote_token, 'hook-once-0001');
    assert.equal(replay.status, 201);
    assert.equal(replay.body.order.id, first.body.order.id);
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(told.length, 1, 'a replayed place is not announced again');
    release();
  });

  it('a hook that throws is logged with the order id and no personal data; the shopper still gets the order', async () => {
    throwNext = true;
    const { quote } = await readyQuote(1003);
    const res = await place(quote.quote_token, 'hook-throws-0001');
    assert.equal(res.status, 201, res.text);
    await until(() => logged.some((l) => l.includes('onOrderPlaced')), 'the failure was logged');
    const line = logged.find((l) => l.includes('onOrderPlaced'))!;
    assert.match(line, new RegExp(`order ${res.body.order.id}\\b`));
    assert.ok(!line.includes(CUSTOMER.email) && !line.includes('SMTP'), line);
  });
});

describe('the shopper order', () => {
  it('carries items with variant values, the address, the shipping method with its window and the card, nothing more', async () => {
    const { quote, sku } = await readyQuote(1004);
    const res = await place(quote.quote_token, 'order-fields-0001');
    release();
    assert.equal(res.status, 201, res.text);
    const order = res.body.order;
    const line = order.bags[0].skus[0];
    assert.deepEqual(line.variant_values, sku.variant_values.map(({ variant, value }: any) => ({ variant, value })));
    assert.equal(line.quantity, 2);
    assert.match(line.thumbnail, /^https?:/);
    assert.deepEqual(Object.keys(order.shipping_address).sort(), ['address_1', 'city', 'country', 'first_name', 'last_name', 'postal_code', 'state'].filter((k) => k in order.shipping_address).sort());
    assert.equal(order.shipping_address.phone, undefined, 'no phone');
    assert.equal(order.shipping_address.email, undefined, 'no email');
    assert.deepEqual(order.payment_method, { brand: 'visa', last4: '4242' });
    const method = order.bags[0].shipping_method;
    assert.ok(Number.isInteger(method.min_days) && method.max_days >= method.min_days, JSON.stringify(method));
    assert.equal(order.customer, undefined);
  });
});

describe('GET /api/currencies', () => {
  it('serves the service rates from one upstream fetch, cacheable', async () => {
    const before = stack.upstream.filter((u) => u === 'GET /v1/currencies/latest').length;
    const a = await stack.api('/api/currencies');
    const b = await stack.api('/api/currencies');
    assert.equal(a.status, 200, a.text);
    assert.equal(a.body.base, 'USD');
    assert.equal(a.body.rates.EUR, 0.92);
    assert.match(a.body.date, /^\d{4}-\d{2}-\d{2}$/);
    assert.deepEqual(b.body, a.body);
    assert.match(a.headers.get('cache-control')!, /public, max-age=\d+/);
    assert.equal(stack.upstream.filter((u) => u === 'GET /v1/currencies/latest').length - before, 1, 'one upstream fetch for both');
  });
});
