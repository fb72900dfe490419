/** The BFF's reading of an order's totals (`totals_problem`), never taken from upstream. Over HTTP in quote.test.ts. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OrderSchema } from '../../src/contract/order.js';
import { toShopperOrder } from '../../src/bff/shopper-order.js';

const order = (total: number, bags: { total: number; currency?: string }[], currency = 'USD', extra: object = {}) =>
  OrderSchema.parse({
    id: 1,
    currency,
    total,
    bags: bags.map((b, i) => ({ id: i + 1, merchant_id: 1000 + i, skus: [], total: b.total, currency: b.currency ?? currency, status: 'ACCEPTED' })),
    ...extra,
  });

test('an order total that is the sum of its bags passes; one that is not is reported', () => {
  assert.equal(toShopperOrder(order(300, [{ total: 100 }, { total: 200 }])).totals_problem, undefined);
  assert.equal(toShopperOrder(order(301, [{ total: 100 }, { total: 200 }])).totals_problem, 'total');
});

test('a bag in another currency than its order is reported, never added', () => {
  assert.equal(toShopperOrder(order(300, [{ total: 100 }, { total: 200, currency: 'JPY' }])).totals_problem, 'currency');
});

test("upstream's own totals_problem is never passed on", () => {
  assert.equal(toShopperOrder({ ...order(300, [{ total: 100 }, { total: 200 }]), totals_problem: 'total' } as never).totals_problem, undefined);
});
