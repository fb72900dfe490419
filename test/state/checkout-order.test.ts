import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  classifySubmitFailure,
  directOrderRequest,
  DirectOrderProblem,
  estimateRequest,
  rejectedBags,
  summariseEstimate,
  summariseCart,
  summariseOrder,
  totalsOf,
  type CheckoutLine,
} from '../../src/state/checkout-order.js';
import { emptyAddress } from '../../src/state/checkout-address.js';
import { DirectOrderRequestSchema } from '../../src/contract/direct-order.js';
import { EstimateRequestSchema, EstimateResponseSchema } from '../../src/contract/estimate.js';
import { OrderSchema } from '../../src/contract/order.js';

const lines: CheckoutLine[] = [
  { sku_id: 11, merchant_id: 1001, merchant_name: 'A', name: 'Tee', unit_price: 2000, currency: 'USD', quantity: 2 },
  { sku_id: 21, merchant_id: 1003, merchant_name: 'C', name: 'Mug', unit_price: 1500, currency: 'USD', quantity: 1 },
  { sku_id: 12, merchant_id: 1001, merchant_name: 'A', name: 'Cap', unit_price: 900, currency: 'USD', quantity: 1 },
  { sku_id: 31, merchant_id: 1004, merchant_name: 'D', name: 'Gone', unit_price: 100, currency: 'USD', quantity: 1, issue: 'out_of_stock' },
];
const address = { ...emptyAddress('US'), first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', address_1: '1 Main', city: 'SF', state: 'CA', postal_code: '94105' };

const estimate = EstimateResponseSchema.parse({
  estimated_carts: [
    {
      merchant_id: 1001, base_currency: 'USD', sub_total: 4900, shipping_total: 500, tax_total: 400, total: 5800,
      skus: [{ sku_id: 11, quantity: 2, price: 1950 }, { sku_id: 12, quantity: 1, price: 900 }],
      available_shipping_methods: [
        { shipping_method_id: 'std', label: 'Standard', price: 500 },
        { shipping_method_id: 'exp', label: 'Express', carrier: 'UPS', price: 1500 },
      ],
    },
    {
      merchant_id: 1003, base_currency: 'USD', sub_total: 1500, tax_total: 0, total: 1500,
      skus: [{ sku_id: 21, quantity: 1, price: 1500, available: false, name: 'Mug' }],
      available_shipping_methods: [], has_shipping_methods: false, errors: [{ message: 'Merchant busy' }],
    },
  ],
});

test('the estimate request leaves flagged lines out and passes the BFF schema', () => {
  const req = estimateRequest(lines, address);
  assert.deepEqual(req.skus.map((s) => s.sku_id), [11, 21, 12]);
  assert.ok(EstimateRequestSchema.safeParse(req).success);
});

test('bag summaries use the chosen shipping and name every problem', () => {
  const bags = summariseEstimate(estimate, { '1001': 'exp' }, new Map([[1001, 'A']]));
  assert.equal(bags[0]!.shippingTotal, 1500);
  assert.equal(bags[0]!.total, 4900 + 1500 + 400);
  assert.equal(bags[0]!.merchantName, 'A');
  assert.deepEqual(bags[1]!.problems, [{ kind: 'message', message: 'Merchant busy' }, { kind: 'unavailable', name: 'Mug' }, { kind: 'no_shipping' }]);
  assert.equal(summariseEstimate(estimate, {})[0]!.total, 5800, 'no choice: the estimate total');
});

test('totals are per currency and bag totals add up to them', () => {
  const totals = totalsOf([
    { total: 100, currency: 'USD' }, { total: 5000, currency: 'JPY' }, { total: 250, currency: 'usd' },
  ]);
  assert.deepEqual(totals, [{ amount: 350, currency: 'USD' }, { amount: 5000, currency: 'JPY' }]);
});

test('the direct order has one bag per merchant with estimate prices, chosen shipping and tax', () => {
  const est = EstimateResponseSchema.parse({
    estimated_carts: [estimate.estimated_carts[0], { ...estimate.estimated_carts[1], available_shipping_methods: [{ shipping_method_id: 'c1', label: 'Post', price: 300 }], errors: [] }],
  });
  const req = directOrderRequest({
    lines, shipping: address, estimate: est, selections: { '1001': 'exp', '1003': 'c1' },
    payment: { payment_provider: 'SANDBOX', token: 'tok_sandbox_visa' }, appOrderId: 'k-1',
  });
  assert.ok(DirectOrderRequestSchema.safeParse(req).success, JSON.stringify(DirectOrderRequestSchema.safeParse(req).error));
  assert.equal(req.order.bags.length, 2);
  assert.deepEqual(req.order.bags[0], {
    merchant_id: 1001,
    skus: [{ sku_id: 11, quantity: 2, price: 1950 }, { sku_id: 12, quantity: 1, price: 900 }],
    shipping_method: { shipping_method_id: 'exp', label: 'Express', price: 1500 },
    tax_total: 400,
    discounts: [],
  });
  assert.equal(req.order.currency, 'USD');
  assert.deepEqual(req.order.customer, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' });
});

test('a direct order refuses a bag without shipping; bags in several currencies keep their own prices', () => {
  assert.throws(() => directOrderRequest({ lines, shipping: address, estimate, selections: { '1001': 'std' } }),
    (e) => e instanceof DirectOrderProblem && e.code === 'no_shipping' && e.merchantId === 1003);
  const mixed = EstimateResponseSchema.parse({
    estimated_carts: [estimate.estimated_carts[0], { ...estimate.estimated_carts[1], base_currency: 'JPY', available_shipping_methods: [{ shipping_method_id: 'c1', label: 'Post', price: 900 }], errors: [] }],
  });
  const selections = { '1001': 'std', '1003': 'c1' };
  assert.equal(directOrderRequest({ lines, shipping: address, estimate: mixed, selections }).order.currency, 'USD');
  assert.equal(directOrderRequest({ lines, shipping: address, estimate: mixed, selections, currency: 'JPY' }).order.currency, 'JPY');
  assert.equal(directOrderRequest({ lines, shipping: address, estimate: mixed, selections }).order.bags[1]!.shipping_method.price, 900);
});

test('a bag the service says cannot ship is named once', () => {
  const est = EstimateResponseSchema.parse({
    estimated_carts: [{ ...estimate.estimated_carts[1], skus: [], errors: [{ type: 'EXTERNAL_GET_SHIPPING_METHODS', message: 'C does not ship to US' }] }],
  });
  assert.deepEqual(summariseEstimate(est, {})[0]!.problems, [{ kind: 'message', message: 'C does not ship to US' }]);
});

test('submit failures are sorted to where they belong', () => {
  assert.equal(classifySubmitFailure({ status: 402, code: 'payment_declined', message: 'Declined' }).kind, 'declined');
  const oos = classifySubmitFailure({ status: 409, code: 'out_of_stock', message: 'x', skus: [{ sku_id: 11, message: 'Sold out' }] });
  assert.equal(oos.kind, 'skus');
  assert.equal(oos.kind === 'skus' && oos.skus[0]!.sku_id, 11);
  assert.deepEqual(classifySubmitFailure({ status: 409, code: 'bag_rejected', message: 'no', merchantId: 1003 }), { kind: 'bag', message: 'no', merchantId: 1003 });
  assert.equal(classifySubmitFailure({ status: 502, code: 'upstream_error', message: 'x' }).kind, 'unknown');
  assert.equal(classifySubmitFailure(new TypeError('Failed to fetch')).kind, 'unknown');
  assert.equal(classifySubmitFailure({ status: 409, code: 'idempotency_in_progress', message: 'x' }).kind, 'unknown');
  assert.equal(classifySubmitFailure({ status: 429, code: 'rate_limited', message: 'x', retryAfter: 3 }).kind, 'busy');
  assert.equal(classifySubmitFailure({ status: 400, code: 'bad_request', message: 'x' }).kind, 'other');
});

test('a placed order with one rejected bag reports that bag, bag_status first', () => {
  const order = OrderSchema.parse({
    id: 9, currency: 'USD', bags: [
      { id: 1, merchant_id: 1001, status: 'SUBMITTED', bag_status: 'ACCEPTED', total: 100 },
      { id: 2, merchant_id: 1003, bag_status: 'REJECTED', total: 50, sub_total: 50 },
    ], errors: [{ bag_id: 2, message: 'Merchant refused' }],
  });
  assert.deepEqual(rejectedBags(order).map((b) => b.id), [2]);
  const summary = summariseOrder(order);
  assert.deepEqual(summary.map((b) => b.status), ['ACCEPTED', 'REJECTED']);
  assert.deepEqual(summary[1]!.problems, [{ kind: 'message', message: 'Merchant refused' }]);
});

test('a cart being shipped shows the chosen method until the service has priced it', () => {
  const cart = OrderSchema.parse({
    id: 3, currency: 'USD', bags: [
      { id: 1, merchant_id: 1001, sub_total: 1000, shipping_total: 0, tax_total: 80, total: 1080 },
      { id: 2, merchant_id: 1003, sub_total: 500, tax_total: 0, total: 700, shipping_total: 200,
        shipping_method: { shipping_method_id: 'exp', label: 'Express', price: 200 } },
    ],
  });
  const priceOf = (_m: number, id: string) => ({ std: 599, exp: 200 })[id];
  const none = summariseCart(cart, {}, priceOf);
  assert.equal(none[0]!.shippingTotal, undefined, 'not chosen: not shown as free');
  assert.equal(none[0]!.total, 1080);
  const chosen = summariseCart(cart, { '1001': 'std', '1003': 'exp' }, priceOf);
  assert.equal(chosen[0]!.shippingTotal, 599);
  assert.equal(chosen[0]!.total, 1000 + 599 + 80);
  assert.deepEqual(chosen[1], summariseOrder(cart)[1], 'an applied method is the service\'s own pricing');
});
