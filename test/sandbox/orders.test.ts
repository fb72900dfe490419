import { convert } from '../../src/sandbox/exchange.js';
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { AvailableShippingSchema, EstimateResponseSchema, OrderSchema } from '../../src/contract/index.js';
import { directOrder, sandbox, US_ADDRESS, type TestSandbox } from './support.js';

describe('sandbox orders', () => {
  let sb: TestSandbox;
  before(async () => {
    sb = await sandbox();
  });
  beforeEach(() => sb.post('/__sandbox/reset'));
  after(() => sb.close());

  it('estimates per merchant from prices, tax rule and matching shipping methods, persisting nothing', async () => {
    const usd = await sb.skuOf(1001);
    const jpy = await sb.skuOf(1002);
    const res = await sb.post('/v1/orders/estimate', {
      skus: [
        { sku_id: usd.id, quantity: 2 },
        { sku_id: jpy.id, quantity: 1 },
      ],
      shipping_address: US_ADDRESS,
    });
    assert.equal(res.status, 200);
    const { estimated_carts: carts } = EstimateResponseSchema.parse(res.body);
    assert.deepEqual(carts.map((c) => c.merchant_id), [1001, 1002]);
    const [a, b] = carts as [any, any];
    assert.equal(a.base_currency, 'USD');
    assert.equal(a.sub_total, usd.sale_price * 2);
    assert.equal(a.tax_total, Math.round(usd.sale_price * 2 * 0.0825));
    assert.ok(a.available_shipping_methods.length >= 1);
    assert.equal(a.shipping_total, Math.min(...a.available_shipping_methods.map((m: any) => m.price)));
    assert.equal(a.total, a.sub_total + a.tax_total + a.shipping_total);
    // One currency per estimate: the JPY merchant is priced in the request's base currency (USD by default).
    assert.equal(b.base_currency, 'USD');
    assert.equal(b.external_currency, 'JPY');
    assert.equal(b.sub_total, convert(jpy.sale_price, 'JPY', 'USD'));
    assert.equal(b.tax_total, 0, 'JP consumption tax does not apply to a US address');
    assert.equal((await sb.get('/__sandbox/orders')).body.length, 0);
    const stock = (await sb.get(`/v1/catalog/offers/${usd.offer_id}`)).body.skus.find((s: any) => s.id === usd.id);
    assert.equal(stock.qty_available, usd.qty_available);
  });

  it('reports an unavailable SKU in that merchant’s errors[]', async () => {
    const offers = await sb.offers(1003);
    const gone = offers.flatMap((o) => o.skus).find((s: any) => s.in_stock === false);
    const res = await sb.post('/v1/orders/estimate', { skus: [{ sku_id: gone.id, quantity: 1 }], shipping_address: { ...US_ADDRESS, country: 'FR', postal_code: '75001', city: 'Paris' } });
    assert.equal(res.status, 200);
    const cart = res.body.estimated_carts[0];
    assert.equal(cart.skus[0].available, false);
    assert.equal(cart.sub_total, 0);
    assert.ok(cart.errors.some((e: any) => e.entity_id === gone.id && /out of stock/.test(e.message)));
  });

  it('creates a direct order with one bag per merchant, decrements stock and honours app_order_id', async () => {
    const a = await sb.skuOf(1001);
    const b = await sb.skuOf(1006);
    const res = await sb.post('/v1/orders', directOrder([{ sku: a, quantity: 2 }, { sku: b }], { order: { app_order_id: 'tote-123' } }));
    assert.equal(res.status, 200, res.text);
    const order = OrderSchema.parse(res.body);
    assert.equal(order.status, 'PROCESSING');
    assert.deepEqual(order.bags.map((x) => [x.merchant_id, x.status, x.financial_status]), [
      [1001, 'SUBMITTED', 'AUTHORIZED'],
      [1006, 'SUBMITTED', 'AUTHORIZED'],
    ]);
    assert.equal(order.bags[0]!.sub_total, a.sale_price * 2);
    assert.equal(order.total, order.bags.reduce((s, x) => s + x.total!, 0));
    const after = (await sb.get(`/v1/catalog/offers/${a.offer_id}`)).body.skus.find((s: any) => s.id === a.id);
    if (a.inventory_tracked !== false) assert.equal(after.qty_available, a.qty_available - 2);
    const found = await sb.get('/v1/orders?app_order_id=tote-123');
    assert.equal(found.status, 200);
    assert.deepEqual(found.body.content.map((o: any) => o.id), [order.id]);
    assert.equal((await sb.get('/v1/orders?app_order_id=other')).body.content.length, 0);
    assert.equal((await sb.get(`/v1/orders/${order.id}`)).body.id, order.id);
  });

  it('takes a direct order without a payment method', async () => {
    const a = await sb.skuOf(1004);
    const body = directOrder([{ sku: a }]);
    delete (body as any).payment_method;
    const res = await sb.post('/v1/orders', body);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.bags[0].financial_status, 'UNPAID');
  });

  it('refuses a wrong price, an unpublished offer and a declined card, creating nothing', async () => {
    const a = await sb.skuOf(1001);
    const price = await sb.post('/v1/orders', directOrder([{ sku: a, price: a.sale_price - 1 }]));
    assert.equal(price.status, 409);
    assert.equal(price.body.error, 'price_mismatch');
    assert.equal(price.body.data.skus[0].sku_id, a.id);

    const hidden = (await sb.offers(1001)).find((o) => o.publishing_status === 'NOT_PUBLISHED');
    const unpublished = await sb.post('/v1/orders', directOrder([{ sku: hidden.skus[0] }]));
    assert.equal(unpublished.status, 400);
    assert.equal(unpublished.body.error, 'offer_not_published');
    assert.equal(unpublished.body.code, 2011);
    assert.equal(unpublished.body.data.skus[0].sku_id, hidden.skus[0].id);

    const declined = await sb.post('/v1/orders', directOrder([{ sku: a }], { payment_method: { payment_provider: 'SANDBOX', token: 'tok_sandbox_declined' } }));
    assert.equal(declined.status, 402);
    assert.equal(declined.body.error, 'payment_declined');
    assert.match(declined.body.message, /declined/);

    assert.equal((await sb.get('/__sandbox/orders')).body.length, 0);
    const still = (await sb.get(`/v1/catalog/offers/${a.offer_id}`)).body.skus.find((s: any) => s.id === a.id);
    assert.equal(still.qty_available, a.qty_available);
  });

  it('answers a repeat with the same Idempotency-Key with the first order instead of a second one', async () => {
    const a = await sb.skuOf(1002);
    const body = directOrder([{ sku: a }]);
    const first = await sb.post('/v1/orders', body, { 'idempotency-key': 'k-1' });
    const again = await sb.post('/v1/orders', body, { 'idempotency-key': 'k-1' });
    assert.equal(first.status, 200);
    assert.deepEqual(again.body, first.body);
    assert.equal((await sb.get('/__sandbox/orders')).body.length, 1);
  });

  it('creates one order for concurrent repeats with one Idempotency-Key, and never sells the last unit twice', async () => {
    await sb.post('/__sandbox/faults', { merchant_id: 1002, latency_ms: 40 });
    const a = await sb.skuOf(1002);
    const body = directOrder([{ sku: a }]);
    const answers = await Promise.all([1, 2, 3].map(() => sb.post('/v1/orders', body, { 'idempotency-key': 'triple-click' })));
    assert.deepEqual(answers.map((x) => x.status), [200, 200, 200]);
    assert.equal(new Set(answers.map((x) => x.body.id)).size, 1);
    assert.equal((await sb.get('/__sandbox/orders')).body.length, 1);

    const stock = (await sb.get(`/v1/catalog/offers/${a.offer_id}`)).body.skus.find((s: any) => s.id === a.id).qty_available;
    const all = directOrder([{ sku: a, quantity: stock }]);
    const race = await Promise.all([sb.post('/v1/orders', all), sb.post('/v1/orders', all)]);
    assert.deepEqual(race.map((x) => x.status).sort(), [200, 409]);
    assert.equal((await sb.get('/__sandbox/orders')).body.length, 2);
  });

  it('runs the whole cart flow across merchants', async () => {
    const a = await sb.skuOf(1001);
    const b = await sb.skuOf(1003);
    const created = await sb.post('/v1/checkout/cart', { base_currency: 'USD', skus: [{ sku_id: a.id, quantity: 1 }] });
    assert.equal(created.status, 200, created.text);
    const id = created.body.id;
    assert.equal(created.body.status, 'IN_PROGRESS');
    const added = await sb.post(`/v1/checkout/cart/${id}/skus`, { sku_id: b.id, quantity: 1 });
    assert.deepEqual(added.body.bags.map((x: any) => x.merchant_id), [1001, 1003]);
    const line = added.body.bags[0].skus[0];
    const updated = await sb.call('PUT', `/v1/checkout/cart/${id}/skus/${line.id}`, { quantity: 2 });
    assert.equal(updated.body.bags[0].skus[0].quantity, 2);
    assert.equal(updated.body.bags[0].sub_total, a.sale_price * 2);
    await sb.post(`/v1/checkout/cart/${id}/customer`, { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' });
    const noAddress = await sb.get(`/v1/checkout/cart/${id}/shipping/available`);
    assert.equal(noAddress.status, 400);
    assert.equal(noAddress.body.field, 'shipping_address');
    await sb.post(`/v1/checkout/cart/${id}/shipping_address`, US_ADDRESS);
    await sb.post(`/v1/checkout/cart/${id}/billing_address`, US_ADDRESS);
    const options = AvailableShippingSchema.parse((await sb.get(`/v1/checkout/cart/${id}/shipping/available`)).body);
    assert.equal(options.length, 2);
    const chosen = options.map((o) => ({ bag_id: o.bag_id, shipping_method_id: o.shipping_methods[0]!.shipping_method_id }));
    const bad = await sb.post(`/v1/checkout/cart/${id}/shipping`, [{ bag_id: options[0]!.bag_id, shipping_method_id: 'teleport' }]);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.field, '[0].shipping_method_id');
    const shipped = await sb.post(`/v1/checkout/cart/${id}/shipping?price_cart=true`, chosen);
    assert.equal(shipped.status, 200);
    assert.ok(shipped.body.bags.every((x: any) => x.shipping_method));
    const priced = await sb.get(`/v1/checkout/cart/${id}/price`);
    assert.equal(priced.body.priced, true);
    // One currency per cart: the EUR bag is priced in the cart's USD, so the cart has one total.
    assert.deepEqual(priced.body.bags.map((x: any) => [x.currency, x.external_currency]), [['USD', 'USD'], ['USD', 'EUR']]);
    assert.equal(priced.body.total, priced.body.bags.reduce((s: number, x: any) => s + x.total, 0));
    assert.ok(priced.body.bags[0].tax_total > 0);
    const unpaid = await sb.post(`/v1/checkout/cart/${id}/submit`, {});
    assert.equal(unpaid.status, 400);
    assert.equal(unpaid.body.field, 'payment_method');
    await sb.post(`/v1/checkout/cart/${id}/payment`, { payment_provider: 'SANDBOX', token: 'tok_sandbox_visa' });
    const submitted = await sb.post(`/v1/checkout/cart/${id}/submit`, { app_order_id: 'cart-1' });
    assert.equal(submitted.status, 200, submitted.text);
    const order = OrderSchema.parse(submitted.body);
    assert.equal(order.status, 'PROCESSING');
    assert.deepEqual(order.bags.map((x) => x.status), ['SUBMITTED', 'SUBMITTED']);
    assert.equal((await sb.post(`/v1/checkout/cart/${id}/skus`, { sku_id: b.id, quantity: 1 })).status, 409);
    assert.equal((await sb.get('/v1/orders?app_order_id=cart-1')).body.content[0].id, id);
  });

  it('adds a cart line only while stock lasts, reporting the rest in errors[] with 200', async () => {
    const a = await sb.skuOf(1001, 2);
    const cart = await sb.post('/v1/checkout/cart', { skus: [{ sku_id: a.id, quantity: 1 }] });
    const tooMany = await sb.post(`/v1/checkout/cart/${cart.body.id}/skus`, { sku_id: a.id, quantity: 999 });
    assert.equal(tooMany.status, 200);
    assert.equal(tooMany.body.bags[0].skus[0].quantity, 1);
    assert.equal(tooMany.body.errors[0].type, 'EXTERNAL_ADD_ITEM');
    assert.equal(tooMany.body.errors[0].entity_id, a.id);
    const line = tooMany.body.bags[0].skus[0].id;
    const removed = await sb.call('DELETE', `/v1/checkout/cart/${cart.body.id}/skus/${line}`);
    assert.deepEqual(removed.body.bags, []);
    assert.equal((await sb.call('DELETE', `/v1/checkout/cart/${cart.body.id}`)).status, 204);
    assert.equal((await sb.get(`/v1/checkout/cart/${cart.body.id}`)).status, 404);
  });

  it('moves bags through their life with financial and fulfillment status, order status following', async () => {
    const a = await sb.skuOf(1001);
    const b = await sb.skuOf(1004);
    const order = (await sb.post('/v1/orders', directOrder([{ sku: a }, { sku: b }]))).body;
    const step = async () => (await sb.post(`/__sandbox/orders/${order.id}/advance`)).body.order;
    let o = await step();
    assert.deepEqual(o.bags.map((x: any) => [x.status, x.financial_status, x.fulfillment_status]), [
      ['ACCEPTED', 'PAID', 'PROCESSING'],
      ['ACCEPTED', 'PAID', 'PROCESSING'],
    ]);
    o = await step();
    assert.equal(o.bags[0].fulfillment_status, 'SHIPPED');
    // Merchant 1004's platform words it as the SDK's FULFILLED (shown as shipped; issue 13).
    assert.equal(o.bags[1].fulfillment_status, 'FULFILLED');
    assert.match(o.bags[0].fulfillments[0].tracking_number, /^SBX/);
    assert.ok(o.bags[0].fulfillments[0].tracking_url.startsWith(sb.url));
    o = await step();
    assert.equal(o.bags[0].fulfillment_status, 'DELIVERED');
    assert.equal(o.status, 'PROCESSING');
    o = await step();
    assert.deepEqual(o.bags.map((x: any) => x.status), ['COMPLETED', 'COMPLETED']);
    assert.equal(o.status, 'COMPLETED');
    const refund = await sb.post(`/__sandbox/orders/${order.id}/advance`, { bag_id: o.bags[1].id, action: 'refund' });
    assert.deepEqual(refund.body.moved, [{ bag_id: o.bags[1].id, topic: 'ORDER_REFUNDED' }]);
    assert.equal(refund.body.order.bags[1].financial_status, 'REFUNDED');

    const second = (await sb.post('/v1/orders', directOrder([{ sku: a }]))).body;
    const canceled = await sb.post(`/__sandbox/orders/${second.id}/advance`, { action: 'cancel' });
    assert.equal(canceled.body.order.status, 'CANCELED');
    assert.equal(canceled.body.order.bags[0].financial_status, 'VOIDED');
    const listed = (await sb.get('/__sandbox/orders')).body.map((x: any) => x.id);
    assert.deepEqual(listed, [second.id, order.id]);
  });

  it('reports connection health from a cache, refreshed per merchant, and records onboarding', async () => {
    const all = await sb.get('/v1/operations/connection_health?app_id=10001');
    assert.equal(all.status, 200);
    assert.ok(!all.body.some((r: any) => r.distribution_type === 'PUBLIC'), 'exclude_public defaults to true');
    const withPublic = await sb.get('/v1/operations/connection_health?app_id=10001&exclude_public=false');
    assert.equal(withPublic.body.length, all.body.length + 1);
    const pebble = all.body.find((r: any) => r.merchant_id === 1007);
    assert.ok(pebble.connection.results.storeScopes.missingScopes.length > 0);
    assert.equal(pebble.payout_account.results.status, 'INCOMPLETE');
    assert.ok(pebble.payout_account.results.details.currentlyDue.length > 0);
    // The check statuses the real service sends beside COMPLETE.
    assert.equal(pebble.scope_validation.status, 'NEEDS_ATTENTION');
    assert.equal(pebble.migration.status, 'NOT_APPLICABLE', 'a store on no named platform has no migration');
    assert.ok(all.body.some((r: any) => r.migration.status === 'COMPLETE' && r.scope_validation.status === 'COMPLETE'));
    assert.equal((await sb.get('/v1/operations/connection_health')).body.field, 'app_id');

    const onboard = await sb.call('PUT', '/v1/merchants/onboard/77', {
      channel_merchant_id: '1007',
      payout_details: { payment_provider: 'STRIPE', payment_provider_metadata: { stripe_account_id: 'acct_1007' } },
    });
    assert.equal(onboard.status, 200, onboard.text);
    assert.equal(onboard.body.payout_details.payment_provider_account_id, 'acct_1007');
    const stale = (await sb.get('/v1/operations/connection_health?app_id=10001')).body.find((r: any) => r.merchant_id === 1007);
    assert.equal(stale.payout_account.results.status, 'INCOMPLETE', 'cached until refreshed');
    const fresh = await sb.get('/v1/operations/connection_health/1007?refresh=true');
    assert.equal(fresh.body.payout_account.results.status, 'COMPLETE');
    const listed = (await sb.get('/v1/operations/connection_health?app_id=10001')).body.find((r: any) => r.merchant_id === 1007);
    assert.equal(listed.payout_account.results.status, 'COMPLETE', 'a refresh is reflected in the list');
    const badOnboard = await sb.call('PUT', '/v1/merchants/onboard/78', { channel_merchant_id: 'x', payout_details: { payment_provider: 'STRIPE', payment_provider_metadata: {} } });
    assert.equal(badOnboard.status, 400);
    assert.equal(badOnboard.body.field, 'payout_details.payment_provider_metadata.stripe_account_id');
  });
});
