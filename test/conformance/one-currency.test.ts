/**
 * One currency per cart (issue 13): a three-merchant order in USD, EUR and
 * GBP goods is priced in one base currency, and the estimate, the cart and
 * the direct order agree on every amount to the minor unit.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EstimateResponseSchema, OrderSchema } from '../../src/contract/index.js';
import { directOrder, sandbox, US_ADDRESS, type TestSandbox } from '../sandbox/support.js';

let sb: TestSandbox;
before(async () => {
  sb = await sandbox();
});
after(() => sb.close());

for (const base of ['EUR', 'USD', 'JPY']) {
  describe(`one currency per cart: three merchants priced in ${base}`, () => {
    it('the estimate, the cart and the direct order agree on each bag and on the one total', async () => {
      const skus = [await sb.skuOf(1001, 3), await sb.skuOf(1003, 3), await sb.skuOf(1004, 3)];
      assert.deepEqual(skus.map((s) => s.currency), ['USD', 'EUR', 'GBP']);
      const lines = skus.map((s, i) => ({ sku_id: s.id, quantity: i + 1 }));

      const estimate = EstimateResponseSchema.parse((await sb.post('/v1/orders/estimate', { base_currency: base, skus: lines, shipping_address: US_ADDRESS })).body);
      const carts = estimate.estimated_carts;
      assert.deepEqual(carts.map((c) => c.base_currency), [base, base, base]);
      assert.deepEqual(carts.map((c) => c.external_currency), ['USD', 'EUR', 'GBP']);
      for (const c of carts) assert.equal(c.total, c.sub_total + c.shipping_total! + c.tax_total!);

      // The cart, created in the same base currency, the cheapest method per bag as the estimate chose.
      const created = await sb.post('/v1/checkout/cart', { base_currency: base, skus: lines });
      const id = created.body.id;
      await sb.post(`/v1/checkout/cart/${id}/customer`, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' });
      await sb.post(`/v1/checkout/cart/${id}/shipping_address`, US_ADDRESS);
      const available = (await sb.get(`/v1/checkout/cart/${id}/shipping/available`)).body;
      const choice = available.map((a: any) => {
        const est = carts.find((c) => c.merchant_id === a.merchant_id)!;
        return { bag_id: a.bag_id, shipping_method_id: est.available_shipping_methods.find((m) => m.price === est.shipping_total)!.shipping_method_id };
      });
      await sb.post(`/v1/checkout/cart/${id}/shipping?price_cart=true`, choice);
      const cart = OrderSchema.parse((await sb.get(`/v1/checkout/cart/${id}/price`)).body);
      assert.equal(cart.base_currency, base);

      // The direct order with the estimate's prices, shipping and tax, in the same currency.
      const body: any = directOrder(skus.map((sku, i) => ({ sku, quantity: i + 1 })));
      body.order.currency = base;
      body.order.bags = carts.map((c) => ({
        merchant_id: c.merchant_id,
        skus: c.skus.map((s) => ({ sku_id: s.sku_id, quantity: s.quantity, price: s.price })),
        shipping_method: (({ shipping_method_id, label, price }) => ({ shipping_method_id, label, price }))(c.available_shipping_methods.find((m) => m.price === c.shipping_total)!),
        tax_total: c.tax_total,
      }));
      const placed = await sb.post('/v1/orders', body);
      assert.equal(placed.status, 200, placed.text);
      const order = OrderSchema.parse(placed.body);

      for (const c of carts) {
        const fromCart = cart.bags.find((b) => b.merchant_id === c.merchant_id)!;
        const fromOrder = order.bags.find((b) => b.merchant_id === c.merchant_id)!;
        for (const bag of [fromCart, fromOrder]) {
          assert.equal(bag.currency, base);
          assert.deepEqual([bag.sub_total, bag.shipping_total, bag.tax_total, bag.total], [c.sub_total, c.shipping_total, c.tax_total, c.total], `merchant ${c.merchant_id}`);
          assert.equal(bag.external_currency, c.external_currency);
          assert.equal(bag.external_total, c.external_total, `merchant ${c.merchant_id} in its own currency`);
        }
      }
      const total = carts.reduce((s, c) => s + c.total, 0);
      assert.equal(cart.total, total);
      assert.equal(order.total, total);
      assert.equal(order.currency, base);
      assert.deepEqual(order.payment_transactions.map((t) => [t.currency, t.amount]), [[base, total]]);
    });
  });
}

describe('one currency per cart: what the sandbox cannot price', () => {
  it('answers 400 naming base_currency for a currency without a rate', async () => {
    const sku = await sb.skuOf(1001);
    const res = await sb.post('/v1/orders/estimate', { base_currency: 'XAF', skus: [{ sku_id: sku.id, quantity: 1 }], shipping_address: US_ADDRESS });
    assert.equal(res.status, 400);
    assert.equal(res.body.field, 'base_currency');
  });
});
