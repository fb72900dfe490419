import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createServiceClient, RateLimitedError, ServiceError, type ServiceClient } from '../../src/contract/client.js';
import { createRefreshingTokenProvider } from '../../src/contract/token.js';
import { directOrder, sandbox, US_ADDRESS, type TestSandbox } from './support.js';

/**
 * The contract's client pointed at the sandbox: every endpoint it has is
 * called, and the client validates every answer with the contract schemas
 * (a shape the schemas refuse would throw ServiceResponseError here).
 */
describe('service client against the sandbox', () => {
  let sb: TestSandbox;
  let client: ServiceClient;
  before(async () => {
    sb = await sandbox();
    client = createServiceClient({ baseUrl: sb.url, appId: 10001, appSecret: 'sandbox-secret', token: 'sandbox-token', retry: { baseDelayMs: 5, maxDelayMs: 50 } });
  });
  beforeEach(() => sb.post('/__sandbox/reset'));
  after(() => sb.close());

  it('lists, iterates and fetches offers', async () => {
    const page = await client.listOffers(1001, { size: 150, include: ['metadata', 'shipping'] });
    assert.equal(page.content.length, 32);
    assert.ok(page.content[0]!.metadata.length > 0);
    assert.equal(page.total_elements, 0);
    const ids: number[] = [];
    for await (const offer of client.iterateOffers(1002, { size: 5 })) ids.push(offer.id);
    assert.equal(ids.length, 26);
    assert.equal(new Set(ids).size, 26);
    const since = await client.listOffers(1002, { since: new Date('2026-01-01T00:00:00Z'), size: 100 });
    assert.ok(since.content.length > 0 && since.content.length < 26);
    const before = await client.listOffers(1002, { before: new Date('2026-01-01T00:00:00Z'), size: 100 });
    assert.equal(since.content.length + before.content.length, 26);
    const one = await client.getOffer(ids[0]!);
    assert.equal(one.id, ids[0]);
    assert.equal(one.currency, 'JPY');
  });

  it('reads connection health, refreshes one merchant and onboards', async () => {
    const reports = await client.connectionHealth();
    assert.equal(reports.length, 6);
    const all = await client.connectionHealth({ excludePublic: false });
    assert.equal(all.length, 7);
    const pebble = await client.merchantConnectionHealth(1007);
    assert.equal(pebble.scope_validation?.results?.valid, false);
    const record = await client.onboardMerchant(5, {
      channel_merchant_id: 'merchant-55',
      payout_details: { payment_provider: 'STRIPE', payment_provider_metadata: { stripe_account_id: 'acct_55' } },
    });
    assert.equal(record.payout_details?.payment_provider_account_id, 'acct_55');
  });

  it('estimates, places a direct order, gets it and finds it by app_order_id', async () => {
    const a = await sb.skuOf(1001);
    const b = await sb.skuOf(1005);
    const estimate = await client.estimateOrder({ skus: [{ sku_id: a.id, quantity: 1 }, { sku_id: b.id, quantity: 1 }], shipping_address: US_ADDRESS, discounts: [] });
    // One currency per order: both merchants are priced in the request's base currency (USD by default), KWD kept as external.
    assert.deepEqual(estimate.estimated_carts.map((c) => c.base_currency), ['USD', 'USD']);
    assert.deepEqual(estimate.estimated_carts.map((c) => c.external_currency), ['USD', 'KWD']);
    const order = await client.createDirectOrder(directOrder([{ sku: a }, { sku: b }], { order: { app_order_id: 'contract-1' } }) as never, { idempotencyKey: 'contract-1' });
    assert.equal(order.bags.length, 2);
    assert.equal((await client.getOrder(order.id)).id, order.id);
    const found = await client.findOrdersByAppOrderId('contract-1');
    assert.deepEqual(found.map((o) => o.id), [order.id]);
  });

  it('runs every cart step', async () => {
    const a = await sb.skuOf(1001);
    const b = await sb.skuOf(1004);
    const cart = await client.createCart({ base_currency: 'USD', skus: [{ sku_id: a.id, quantity: 1 }] });
    let c = await client.addCartSku(cart.id, { sku_id: b.id, quantity: 1 });
    assert.equal(c.bags.length, 2);
    c = await client.updateCartSku(cart.id, c.bags[0]!.skus[0]!.id, { quantity: 2 });
    assert.equal(c.bags[0]!.skus[0]!.quantity, 2);
    const extra = await client.addCartSku(cart.id, { sku_id: (await sb.skuOf(1001, 1, 3)).id, quantity: 1 });
    const line = extra.bags[0]!.skus.at(-1)!;
    c = await client.removeCartSku(cart.id, line.id);
    assert.equal(c.bags[0]!.skus.length, 1);
    c = await client.setCartCustomer(cart.id, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' });
    c = await client.setShippingAddress(cart.id, { ...US_ADDRESS });
    c = await client.setBillingAddress(cart.id, { ...US_ADDRESS });
    assert.equal(c.billing_address?.type, 'BILLING');
    const options = await client.getAvailableShipping(cart.id);
    assert.equal(options.length, 2);
    c = await client.applyShipping(cart.id, options.map((o) => ({ bag_id: o.bag_id, shipping_method_id: o.shipping_methods[0]!.shipping_method_id })));
    c = await client.priceCart(cart.id);
    assert.equal(c.priced, true);
    assert.equal((await client.getCart(cart.id)).id, cart.id);
    c = await client.applyPayment(cart.id, { payment_provider: 'SANDBOX', token: 'tok_sandbox_visa' });
    assert.equal(c.payment_method?.payment_provider, 'SANDBOX');
    const order = await client.submitCart(cart.id, { app_order_id: 'cart-contract' }, { idempotencyKey: 'cart-contract' });
    assert.equal(order.status, 'PROCESSING');
    const doomed = await client.createCart({ skus: [] });
    await client.deleteCart(doomed.id);
    await assert.rejects(client.getCart(doomed.id), (e: unknown) => e instanceof ServiceError && e.status === 404);
  });

  it('turns refusals into typed errors with the SKUs named', async () => {
    const a = await sb.skuOf(1003);
    await sb.post('/__sandbox/faults', { merchant_id: 1003, out_of_stock_sku_ids: [a.id] });
    await assert.rejects(
      client.createDirectOrder(directOrder([{ sku: a }]) as never),
      (e: unknown) => e instanceof ServiceError && e.status === 409 && e.error === 'out_of_stock' && e.skus[0]?.sku_id === a.id,
    );
  });

  it('passes an injected 429 with its Retry-After on to the client', async () => {
    await sb.post('/__sandbox/faults', { merchant_id: 1006, rate_limit_every: 1, retry_after_s: 0.01 });
    const seen: number[] = [];
    const patient = createServiceClient({
      baseUrl: sb.url,
      appId: 10001,
      appSecret: 'sandbox-secret',
      token: 'sandbox-token',
      retry: { maxAttempts: 3, baseDelayMs: 1, onRetry: (info) => seen.push(info.delayMs) },
    });
    await assert.rejects(patient.listOffers(1006), (e: unknown) => e instanceof RateLimitedError && e.retryAfterMs === 10 && e.merchantId === 1006);
    assert.equal(seen.length, 2, 'the client retried on the 429s');
    const calls = (await sb.get('/__sandbox/calls')).body.merchants['1006'];
    assert.equal(calls.rate_limited, 3);
  });

  it('logs in, refreshes an expired token and carries on', async () => {
    const provider = createRefreshingTokenProvider({ baseUrl: sb.url, appId: 10001, appSecret: 'sandbox-secret', username: 'owner@sandbox.tote.dev', password: 'sandbox-password' });
    const viaLogin = createServiceClient({ baseUrl: sb.url, appId: 10001, appSecret: 'sandbox-secret', token: provider, retry: { baseDelayMs: 1 } });
    assert.equal((await viaLogin.listOffers(1001, { size: 1 })).content.length, 1);
    const first = await provider.getToken();
    await sb.post('/__sandbox/faults', { expire_tokens: true });
    assert.equal((await viaLogin.listOffers(1001, { size: 1 })).content.length, 1);
    assert.notEqual(await provider.getToken(), first, 'a new token replaced the expired one');
  });
});
