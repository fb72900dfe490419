import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { OrderSchema } from '../../src/contract/index.js';
import { convert } from '../../src/sandbox/exchange.js';
import { sandbox, US_ADDRESS, type TestSandbox } from './support.js';

describe('sandbox discounts', () => {
  let sb: TestSandbox;
  before(async () => {
    sb = await sandbox();
  });
  beforeEach(() => sb.post('/__sandbox/reset'));
  after(() => sb.close());

  async function cartWith(...merchants: number[]) {
    const skus = await Promise.all(merchants.map((m) => sb.skuOf(m)));
    const created = await sb.post('/v1/checkout/cart', { base_currency: 'USD', skus: skus.map((s) => ({ sku_id: s.id, quantity: 2 })) });
    assert.equal(created.status, 200);
    return { cart: OrderSchema.parse(created.body), skus };
  }

  it('applies a percentage code to the merchant\'s bag only, and takes tax on the discounted subtotal', async () => {
    const { cart } = await cartWith(1001, 1004);
    await sb.post(`/v1/checkout/cart/${cart.id}/shipping_address`, US_ADDRESS);
    const res = await sb.post(`/v1/checkout/cart/${cart.id}/discounts`, { code: 'TOTE10', merchant_id: 1001 });
    assert.equal(res.status, 200);
    const after = OrderSchema.parse(res.body);
    const [aurora, thistle] = after.bags as [any, any];
    const off = Math.round(aurora.sub_total * 0.1);
    assert.deepEqual(
      aurora.discounts.map((d: any) => [d.code, d.status, d.type, d.value_type, d.percentage, d.amount, d.amount_total]),
      [['TOTE10', 'APPLIED', 'CODE', 'PERCENTAGE', 10, off, off]],
    );
    assert.equal(aurora.discount_total, off);
    assert.equal(aurora.tax_total, Math.round((aurora.sub_total - off) * 0.0825));
    assert.equal(aurora.total, aurora.sub_total - off + aurora.tax_total + aurora.shipping_total);
    assert.deepEqual(thistle.discounts, []);
    assert.equal(after.discount_total, off);
    assert.equal(after.total, after.bags.reduce((s, b) => s + b.total!, 0));
  });

  it('converts a fixed amount from the merchant\'s currency into the cart\'s, and removes a discount by id', async () => {
    const { cart } = await cartWith(1002);
    const res = await sb.post(`/v1/checkout/cart/${cart.id}/discounts`, { code: 'tote5off', merchant_id: 1002 });
    const bag = res.body.bags[0];
    // 5 yen, in US cents.
    assert.equal(bag.discounts[0].value_type, 'AMOUNT');
    assert.equal(bag.discount_total, convert(5, 'JPY', 'USD'));
    const removed = await sb.call('DELETE', `/v1/checkout/cart/${cart.id}/discounts/${bag.discounts[0].id}`);
    assert.equal(removed.status, 200);
    assert.deepEqual(removed.body.bags[0].discounts, []);
    assert.equal(removed.body.bags[0].discount_total, 0);
    assert.equal(removed.body.bags[0].total, cart.bags[0]!.total);
  });

  it('keeps a code the platform refuses with its status, taking nothing off', async () => {
    const { cart } = await cartWith(1001, 1007);
    const unknown = await sb.post(`/v1/checkout/cart/${cart.id}/discounts`, { code: 'NOPE', merchant_id: 1001 });
    const expired = await sb.post(`/v1/checkout/cart/${cart.id}/discounts`, { code: 'SUMMER2025', merchant_id: 1001 });
    const unsupported = await sb.post(`/v1/checkout/cart/${cart.id}/discounts`, { code: 'TOTE10', merchant_id: 1007 });
    assert.deepEqual(expired.body.bags[0].discounts.map((d: any) => d.status), ['INVALID', 'EXPIRED']);
    assert.equal(unknown.body.bags[0].discount_total, 0);
    assert.equal(unsupported.body.bags[1].discounts[0].status, 'NOT_SUPPORTED');
    assert.equal(unsupported.body.discount_total, 0);
  });

  it('refuses a merchant without a bag, a code twice, an unknown id and a submitted cart', async () => {
    const { cart } = await cartWith(1001);
    const noBag = await sb.post(`/v1/checkout/cart/${cart.id}/discounts`, { code: 'TOTE10', merchant_id: 1003 });
    assert.equal(noBag.status, 400);
    assert.equal(noBag.body.field, 'merchant_id');
    assert.equal((await sb.post(`/v1/checkout/cart/${cart.id}/discounts`, { code: '', merchant_id: 1001 })).status, 400);
    assert.equal((await sb.post(`/v1/checkout/cart/${cart.id}/discounts`, { code: 'TOTE10', merchant_id: 1001 })).status, 200);
    assert.equal((await sb.post(`/v1/checkout/cart/${cart.id}/discounts`, { code: 'tote10', merchant_id: 1001 })).status, 409);
    assert.equal((await sb.call('DELETE', `/v1/checkout/cart/${cart.id}/discounts/1`)).status, 404);
    await sb.post(`/v1/checkout/cart/${cart.id}/customer`, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' });
    await sb.post(`/v1/checkout/cart/${cart.id}/shipping_address`, US_ADDRESS);
    const [options] = (await sb.get(`/v1/checkout/cart/${cart.id}/shipping/available`)).body;
    await sb.post(`/v1/checkout/cart/${cart.id}/shipping`, [{ bag_id: options.bag_id, shipping_method_id: options.shipping_methods[0].shipping_method_id }]);
    await sb.post(`/v1/checkout/cart/${cart.id}/payment`, { token: 'tok_sandbox_visa' });
    const placed = await sb.post(`/v1/checkout/cart/${cart.id}/submit`, {});
    assert.equal(placed.status, 200);
    assert.equal(placed.body.bags[0].discounts[0].code, 'TOTE10', 'the discount travels into the placed order');
    assert.equal((await sb.post(`/v1/checkout/cart/${cart.id}/discounts`, { code: 'TOTE5OFF', merchant_id: 1001 })).status, 409);
  });

  it('prices the same codes in an estimate as in a cart, to the minor unit', async () => {
    const { cart, skus } = await cartWith(1001, 1002);
    await sb.post(`/v1/checkout/cart/${cart.id}/shipping_address`, US_ADDRESS);
    await sb.post(`/v1/checkout/cart/${cart.id}/discounts`, { code: 'TOTE10', merchant_id: 1001 });
    await sb.post(`/v1/checkout/cart/${cart.id}/discounts`, { code: 'TOTE5OFF', merchant_id: 1001 });
    const priced = (await sb.post(`/v1/checkout/cart/${cart.id}/discounts`, { code: 'TOTE5OFF', merchant_id: 1002 })).body;
    const estimate = await sb.post('/v1/orders/estimate', {
      skus: skus.map((s) => ({ sku_id: s.id, quantity: 2 })),
      shipping_address: US_ADDRESS,
      discounts: [
        { code: 'TOTE10', merchant_id: 1001 },
        { code: 'tote5off', merchant_id: 1001 },
        { code: 'TOTE5OFF', merchant_id: 1002 },
        { code: 'NOPE', merchant_id: 1002 },
      ],
    });
    assert.equal(estimate.status, 200);
    const carts = estimate.body.estimated_carts;
    assert.deepEqual(carts.map((c: any) => [c.discount_total, c.tax_total]), priced.bags.map((b: any) => [b.discount_total, b.tax_total]));
    assert.ok(carts[0].discount_total > 0);
    assert.equal(carts[0].total, carts[0].sub_total - carts[0].discount_total + carts[0].shipping_total + carts[0].tax_total);
  });
});
