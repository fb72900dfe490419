import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyPlaceFailure, isBlocking, rejectedBags } from '../../src/checkout/rules/checkout-order.js';
import { OrderSchema } from '../../src/contract/order.js';

const order = (total: number, bags: { total: number; currency?: string; status?: string }[], currency = 'USD') =>
  OrderSchema.parse({
    id: 1,
    currency,
    total,
    bags: bags.map((b, i) => ({ id: i + 1, merchant_id: 1000 + i, skus: [], total: b.total, currency: b.currency ?? currency, status: b.status ?? 'ACCEPTED' })),
  });

test('rejected bags are read from either status field', () => {
  assert.deepEqual(rejectedBags(order(300, [{ total: 100 }, { total: 200, status: 'REJECTED' }])).map((b) => b.merchant_id), [1001]);
});

test('a refused place is classified where it belongs', () => {
  assert.deepEqual(classifyPlaceFailure({ status: 402, code: 'payment_declined' }), { kind: 'declined' });
  assert.deepEqual(classifyPlaceFailure({ status: 400, code: 'payment_required' }), { kind: 'payment_required' });
  assert.deepEqual(classifyPlaceFailure({ status: 410, code: 'quote_expired' }), { kind: 'requote' });
  assert.deepEqual(classifyPlaceFailure({ status: 409, code: 'not_placed' }), { kind: 'requote' }, 'a settled unknown attempt is definite: never resent');
  assert.deepEqual(classifyPlaceFailure({ status: 409, code: 'quote_used' }), { kind: 'placed_elsewhere' });
  assert.deepEqual(classifyPlaceFailure({ status: 429, code: 'merchant_busy', merchantId: 1003, retryAfter: 3 }), { kind: 'busy', merchantId: 1003, retryAfter: 3 });
  assert.deepEqual(classifyPlaceFailure({ status: 0, code: 'network' }), { kind: 'unknown' });
  assert.deepEqual(classifyPlaceFailure({ status: 503, code: 'upstream_unavailable' }), { kind: 'unknown' });
  assert.deepEqual(classifyPlaceFailure({ status: 409, code: 'idempotency_in_progress' }), { kind: 'unknown' });
  assert.deepEqual(classifyPlaceFailure({ status: 400, code: 'bad_request' }), { kind: 'other', code: 'bad_request' });
  assert.deepEqual(classifyPlaceFailure({ status: 409, code: 'duplicate_order' }), { kind: 'duplicate' });
  assert.deepEqual(classifyPlaceFailure({ status: 410, code: 'quote_expired' }), { kind: 'requote' });
  assert.deepEqual(classifyPlaceFailure({ status: 400, code: 'quote_invalid' }), { kind: 'requote' });
});

test('unavailable and out-of-stock lines block; a price change does not', () => {
  assert.equal(isBlocking({ issue: 'out_of_stock' }), true);
  assert.equal(isBlocking({ issue: 'unavailable' }), true);
  assert.equal(isBlocking({ issue: 'price_changed' }), false);
});
