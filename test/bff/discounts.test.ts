/**
 * Discount codes and VAT-inclusive bags through `POST /api/checkout/quote` and `/place` over real HTTP
 * (issue 27): the sandbox's platforms decide each code, the quote says what it did per bag in the shopper's
 * words, the token states it, and the amount charged (read from the sandbox) is the quote's.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADDRESS, CUSTOMER, PAY, SHOP_ORIGIN, startStack, type Stack, resetSandboxBeforeEach } from './harness.js';

let stack: Stack;
const shop = { origin: SHOP_ORIGIN };
let keyN = 0;
const newKey = () => `discount-test-${++keyN}-${process.pid}`;
const GB = { ...ADDRESS, address_1: '10 Downing St', city: 'London', state: undefined, postal_code: 'SW1A 2AA', country: 'GB' };

before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.close();
});
resetSandboxBeforeEach(import.meta.url, () => stack);

async function skuOf(merchantId: number) {
  const res = await stack.api(`/api/offers?merchant_id=${merchantId}&size=50`);
  assert.equal(res.status, 200, res.text);
  const sku = res.body.offers
    .flatMap((o: any) => o.skus.map((s: any) => ({ id: s.id as number, price: s.sale_price as number, stock: s.qty_available ?? 10, in_stock: s.in_stock })))
    .find((s: any) => s.in_stock !== false && s.stock >= 5);
  assert.ok(sku, `an in-stock SKU of ${merchantId}`);
  return sku as { id: number; price: number };
}

const quote = (body: object) => stack.api('/api/checkout/quote', { method: 'POST', headers: shop, json: body });
const place = (body: object) => stack.api('/api/checkout/place', { method: 'POST', headers: { ...shop, 'idempotency-key': newKey() }, json: body });
const createCode = (rule: object) => stack.control('/__sandbox/discounts', { json: rule });
const request = (skus: { id: number }[], mode: 'direct' | 'cart', extra: object = {}) => ({
  mode,
  currency: 'USD',
  lines: skus.map((s) => ({ sku_id: s.id, quantity: 2 })),
  customer: CUSTOMER,
  shipping_address: ADDRESS,
  ...extra,
});
const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8'));
const encode = (payload: object, mac: string) => `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${mac}`;
const codesOf = (q: any) => q.bags.flatMap((b: any) => (b.discounts ?? []).map((d: any) => [b.merchant_id, d.code, d.status, d.amount]));

async function chargedOrder(orderId: number) {
  const orders: any[] = await stack.control('/__sandbox/orders');
  return orders.find((o) => o.id === orderId);
}

for (const mode of ['direct', 'cart'] as const) {
  describe(`discount codes, ${mode} mode`, () => {
    it('applies a code to the one merchant of three whose store has it, states it in the token, and charges the quote', async () => {
      await createCode({ code: 'AURORA15', value_type: 'PERCENTAGE', value: 15, merchant_id: 1001 });
      const skus = [await skuOf(1001), await skuOf(1002), await skuOf(1004)];
      const plain = await quote(request(skus, mode));
      assert.equal(plain.status, 200, plain.text);
      const q = await quote(request(skus, mode, { discount_codes: [' aurora15 '], ...(mode === 'cart' ? { quote_token: plain.body.quote_token } : {}) }));
      assert.equal(q.status, 200, q.text);
      const aurora = q.body.bags.find((b: any) => b.merchant_id === 1001);
      const off = Math.round(aurora.sub_total * 0.15);
      assert.deepEqual(codesOf(q.body), [[1001, 'aurora15', 'applied', off]], 'the other shops not knowing it is not the shopper\'s business');
      assert.deepEqual(q.body.discount_codes, [{ code: 'aurora15', amount: off, status: 'applied' }], 'one answer per code');
      assert.equal(aurora.discount_total, off);
      assert.equal(aurora.total, aurora.sub_total - off + aurora.shipping_total + aurora.tax_total);
      assert.equal(q.body.totals.discount_total, off);
      assert.equal(q.body.totals.total, q.body.bags.reduce((s: number, b: any) => s + b.total, 0));
      assert.ok(q.body.totals.total < plain.body.totals.total);
      const stated = decode(q.body.quote_token);
      assert.deepEqual(stated.bags.find((b: any) => b.merchant_id === 1001).discounts, [{ code: 'aurora15', amount: off }]);
      assert.equal(stated.totals.discount_total, off);

      const placed = await place({ quote_token: q.body.quote_token, payment: PAY });
      assert.equal(placed.status, 201, placed.text);
      const order = await chargedOrder(placed.body.order.id);
      assert.equal(order.total, q.body.totals.total, 'charged what the quote said');
      const bag = order.bags.find((b: any) => b.merchant_id === 1001);
      assert.equal(bag.discount_total, off);
      assert.deepEqual(bag.discounts.map((d: any) => [d.code, d.status, d.amount]), [['aurora15', 'APPLIED', off]]);
      assert.ok(order.bags.filter((b: any) => b.merchant_id !== 1001).every((b: any) => b.discounts.length === 0), 'only applied codes survive submit');
    });

    it('removes a code when the shopper drops it', async () => {
      const skus = [await skuOf(1001), await skuOf(1004)];
      const applied = await quote(request(skus, mode, { discount_codes: ['TOTE10'] }));
      assert.equal(applied.status, 200, applied.text);
      assert.deepEqual(codesOf(applied.body).map((c: any) => c.slice(0, 3)), [[1001, 'TOTE10', 'applied'], [1004, 'TOTE10', 'applied']]);
      const removed = await quote(request(skus, mode, { discount_codes: [], ...(mode === 'cart' ? { quote_token: applied.body.quote_token } : {}) }));
      assert.equal(removed.status, 200, removed.text);
      assert.deepEqual(codesOf(removed.body), []);
      assert.equal(removed.body.totals.discount_total, 0);
      const placed = await place({ quote_token: removed.body.quote_token, payment: PAY });
      assert.equal(placed.status, 201, placed.text);
      const order = await chargedOrder(placed.body.order.id);
      assert.equal(order.total, removed.body.totals.total);
      assert.equal(order.discount_total, 0);
    });

    it('says why a code was refused: unknown, expired, not for these items, below its minimum, used up', async () => {
      const aurora = await skuOf(1001);
      await createCode({ code: 'BIGSPEND', value_type: 'AMOUNT', value: 2000, merchant_id: 1001, min_subtotal: 10_000_000 });
      await createCode({ code: 'ONLYTHAT', value_type: 'PERCENTAGE', value: 50, merchant_id: 1001, sku_ids: [999_999_999] });
      await createCode({ code: 'OLDCODE', value_type: 'PERCENTAGE', value: 5, expires_at: '2020-01-01T00:00:00Z' });
      await createCode({ code: 'GONE', value_type: 'PERCENTAGE', value: 5, usage_limit: 0 });
      const q = await quote(request([aurora], mode, { discount_codes: ['NOPE', 'OLDCODE', 'ONLYTHAT', 'BIGSPEND', 'GONE'] }));
      assert.equal(q.status, 200, q.text);
      const status = Object.fromEntries(codesOf(q.body).map((c: any) => [c[1], c[2]]));
      assert.deepEqual(status, { NOPE: 'unknown', OLDCODE: 'expired', ONLYTHAT: 'not_applicable', BIGSPEND: 'below_minimum', GONE: 'used_up' });
      assert.deepEqual(q.body.discount_codes.map((d: any) => [d.code, d.status, d.amount]), [['NOPE', 'unknown', 0], ['OLDCODE', 'expired', 0], ['ONLYTHAT', 'not_applicable', 0], ['BIGSPEND', 'below_minimum', 0], ['GONE', 'used_up', 0]]);
      assert.equal(q.body.totals.discount_total, 0);
      assert.ok(!q.text.includes('requires a minimum'), 'the platform\'s words are not passed on');
    });

    it('counts a code\'s uses at submit: the second order is told it is used up', async () => {
      await createCode({ code: 'ONCE', value_type: 'AMOUNT', value: 300, usage_limit: 1 });
      const skus = [await skuOf(1001)];
      const first = await quote(request(skus, mode, { discount_codes: ['ONCE'] }));
      assert.deepEqual(codesOf(first.body).map((c: any) => c[2]), ['applied']);
      assert.equal((await place({ quote_token: first.body.quote_token, payment: PAY })).status, 201);
      const second = await quote(request(skus, mode, { discount_codes: ['ONCE'] }));
      assert.deepEqual(codesOf(second.body).map((c: any) => c[2]), ['used_up']);
    });

    it('refuses a token whose discount was changed', async () => {
      const q = await quote(request([await skuOf(1001)], mode, { discount_codes: ['TOTE10'] }));
      const [body, mac] = q.body.quote_token.split('.');
      const payload = decode(q.body.quote_token);
      payload.bags[0].discounts[0].amount += 1000;
      payload.bags[0].discount_total += 1000;
      payload.bags[0].total -= 1000;
      payload.totals.total -= 1000;
      assert.notEqual(encode(payload, mac), `${body}.${mac}`);
      const res = await place({ quote_token: encode(payload, mac), payment: PAY });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.error.code, 'quote_invalid');
      const orders: any[] = await stack.control('/__sandbox/orders');
      assert.equal(orders.filter((o) => o.status !== 'IN_PROGRESS').length, 0, 'nothing was placed');
    });

    it('prices a VAT-inclusive shop beside a tax-exclusive one, the totals adding up to the minor unit', async () => {
      const thistle = await skuOf(1004);
      const lumiere = await skuOf(1003);
      const q = await quote(request([thistle, lumiere], mode, { currency: 'GBP', shipping_address: GB, discount_codes: ['TOTE10'] }));
      assert.equal(q.status, 200, q.text);
      const inclusive = q.body.bags.find((b: any) => b.merchant_id === 1004);
      const exclusive = q.body.bags.find((b: any) => b.merchant_id === 1003);
      assert.equal(inclusive.taxes_included, true);
      assert.equal(exclusive.taxes_included, false);
      const goods = inclusive.sub_total - inclusive.discount_total;
      assert.equal(inclusive.tax_total, Math.round(goods - goods / 1.2), 'the VAT inside the price');
      assert.equal(inclusive.total, inclusive.sub_total - inclusive.discount_total + inclusive.shipping_total);
      assert.equal(exclusive.total, exclusive.sub_total - exclusive.discount_total + exclusive.shipping_total + exclusive.tax_total);
      const t = q.body.totals;
      assert.equal(t.included_tax_total, inclusive.tax_total);
      assert.equal(t.tax_total, exclusive.tax_total);
      assert.equal(t.total, t.sub_total - t.discount_total + t.shipping_total + t.tax_total);
      const placed = await place({ quote_token: q.body.quote_token, payment: PAY });
      assert.equal(placed.status, 201, placed.text);
      const order = await chargedOrder(placed.body.order.id);
      assert.equal(order.total, t.total);
      assert.equal(order.bags.find((b: any) => b.merchant_id === 1004).taxes_included, true);
    });
  });
}

describe('discount codes in the quote request', () => {
  it('refuses too many codes, an empty one and an overlong one', async () => {
    const skus = [await skuOf(1001)];
    for (const discount_codes of [['A', 'B', 'C', 'D', 'E', 'F'], ['  '], ['X'.repeat(65)]]) {
      const res = await quote(request(skus, 'direct', { discount_codes }));
      assert.equal(res.status, 400, JSON.stringify(discount_codes));
    }
  });
});
