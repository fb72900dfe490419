import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createServiceClient, type ServiceClient } from '../../src/contract/client.js';
import { sandboxRoutes } from '../../src/sandbox/index.js';
import { directOrder, sandbox, US_ADDRESS, type TestSandbox } from '../sandbox/support.js';
import { findOperation, loadDefinitions, problemsOf, type Definition, type Exchange } from './openapi/definition.js';

/**
 * The service's own OpenAPI definitions (test/conformance/openapi/SOURCES.md)
 * hold the sandbox and the client to the service's interface, through
 * openapi-backend's validator: every route the sandbox serves is in them (or
 * is ours, below), and every request the client sends and every answer the
 * sandbox gives validates. The real header names (`X-Violet-`) are used,
 * since the definitions require them.
 */

/** Routes of ours, not the service's, each with why it exists. */
const OURS: { prefix: string; why: string }[] = [
  { prefix: '/__sandbox/', why: 'the sandbox\'s control routes: reset, faults, webhooks receivers, clock-free order advance (docs/sandbox.md)' },
  {
    prefix: '/v1/events/webhooks/all/events',
    why: 'the Event Service\'s log (not in the stored definitions): "Get All Webhook Events", docs.violet.io/api-reference/event-service/events-webhook-events/get-all-webhook-events',
  },
  {
    prefix: '/v1/events/webhooks/:webhook_id/events/',
    why: 'the Event Service\'s resend (not in the stored definitions): "Resend Webhook Event by Event ID", docs.violet.io/api-reference/event-service/events-webhook-events/resend-webhook-event-by-id',
  },
  { prefix: '/media/', why: 'generated images the seeded offers point at, so the demo needs no image host' },
  { prefix: '/tracking/', why: 'the page a seeded tracking URL opens' },
];

const PREFIX = 'X-Violet-';

/** A fetch that records each request the client sends and the answer it gets. */
function recordingFetch(log: Exchange[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const res = await fetch(input, init);
    const text = await res.clone().text();
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    const query: Record<string, string> = {};
    url.searchParams.forEach((v, k) => (query[k] = v));
    log.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      query,
      headers,
      body: typeof init?.body === 'string' && init.body ? JSON.parse(init.body) : undefined,
      status: res.status,
      answer: text ? JSON.parse(text) : undefined,
    });
    return res;
  };
}

/** The routes the client has no method for yet, called as a client of the real service would (same recording fetch). */
async function checkRoutesBeyondTheClient(client: ServiceClient, log: Exchange[], skuId: number): Promise<void> {
  const sku = await client.listOffers(1002, { size: 100 }).then((p) => p.content.flatMap((o) => o.skus).find((s) => s.in_stock && (s.qty_available ?? 9) >= 2)!);
  const cart = await client.createCart({ base_currency: 'USD', skus: [{ sku_id: sku.id, quantity: 1 }] });
  const recorded = recordingFetch(log);
  // Control routes (`/__sandbox/*`) are ours: they go unrecorded.
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await (path.startsWith('/__sandbox/') ? fetch : recorded)(`${baseUrl}${path}`, {
      method,
      headers: { 'x-violet-app-id': '10001', 'x-violet-app-secret': 'sandbox-secret', 'x-violet-token': 'sandbox-token', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    assert.ok(res.status < 300, `${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text);
  };
  const withCode = await send('POST', `/v1/checkout/cart/${cart.id}/discounts`, { code: 'TOTE10', merchant_id: 1002 });
  await send('DELETE', `/v1/checkout/cart/${cart.id}/discounts/${withCode.bags[0].discounts[0].id}`);
  await send('GET', `/v1/checkout/cart/byToken/${encodeURIComponent(cart.token!)}`);
  await send('PUT', `/v1/checkout/cart/${cart.id}/billing_address`, { ...US_ADDRESS, type: 'BILLING' });
  await send('GET', '/v1/currencies/latest?base=EUR');
  await send('GET', `/v1/catalog/skus/${skuId}`);
  await send('POST', '/v1/catalog/offers/search?page=1&size=5', { name: 'a', merchant_id: 1001, sort_by: 'name', sort_direction: 'DESC' });
  await client.setCartCustomer(cart.id, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' });
  await client.setShippingAddress(cart.id, { ...US_ADDRESS });
  const [options] = await client.getAvailableShipping(cart.id);
  await client.applyShipping(cart.id, [{ bag_id: options!.bag_id, shipping_method_id: options!.shipping_methods[0]!.shipping_method_id }]);
  await client.applyPayment(cart.id, { token: 'tok_sandbox_visa' });
  const order = await client.submitCart(cart.id, {});
  // Accepted by the merchant, so captured: its cancellation is a refund.
  await send('POST', `/__sandbox/orders/${order.id}/advance`, {});
  await send('POST', `/v1/orders/${order.id}/bags/${order.bags[0]!.id}/cancel`, { reason: 'changed my mind', restock_items: true });
  assert.equal((await send('GET', `/v1/orders/${order.id}/refunds`)).length, 1);
  await send('GET', `/v1/orders/${order.id}/bags/${order.bags[0]!.id}/refunds`);
}

let baseUrl = '';

describe('the service\'s OpenAPI definitions', () => {
  let definitions: Definition[];
  let sb: TestSandbox;
  let client: ServiceClient;
  const log: Exchange[] = [];
  before(async () => {
    definitions = await loadDefinitions();
    sb = await sandbox({ headerPrefix: PREFIX });
    baseUrl = sb.url;
    client = createServiceClient({
      baseUrl: sb.url,
      appId: 10001,
      appSecret: 'sandbox-secret',
      token: 'sandbox-token',
      headerPrefix: PREFIX,
      fetch: recordingFetch(log),
      retry: { maxAttempts: 1 },
    });
  });
  after(() => sb.close());

  it('list every route the sandbox serves, or the route is ours', () => {
    const missing: string[] = [];
    for (const route of sandboxRoutes()) {
      if (OURS.some((o) => route.path.startsWith(o.prefix))) continue;
      const path = route.path.replace(/:[a-z_]+/g, '1');
      if (!findOperation(definitions, route.method, path)) missing.push(`${route.method} ${route.path}`);
    }
    assert.deepEqual(missing, []);
  });

  it('accept every request the client sends and every answer the sandbox gives, a whole checkout long', async () => {
    // Sandbox helpers speak X-Service- by default; these calls go through the client only.
    const offers = (await client.listOffers(1001, { size: 100, include: ['shipping', 'metadata'] })).content;
    await client.getOffer(offers[0]!.id);
    const skuOf = (merchant: number) =>
      client.listOffers(merchant, { size: 100 }).then((p) =>
        p.content.filter((o) => o.publishing_status === 'PUBLISHED').flatMap((o) => o.skus).find((s) => s.in_stock && (s.qty_available ?? 9) >= 3)!,
      );
    const a = await skuOf(1001);
    const b = await skuOf(1004);
    const cart = await client.createCart({ base_currency: 'USD', skus: [{ sku_id: a.id, quantity: 1 }] });
    let c = await client.addCartSku(cart.id, { sku_id: b.id, quantity: 1 });
    c = await client.updateCartSku(cart.id, c.bags[0]!.skus[0]!.id, { quantity: 2 });
    c = await client.addCartSku(cart.id, { sku_id: b.id, quantity: 1 });
    await client.setCartCustomer(cart.id, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' });
    await client.setShippingAddress(cart.id, { ...US_ADDRESS });
    await client.setBillingAddress(cart.id, { ...US_ADDRESS });
    const options = await client.getAvailableShipping(cart.id);
    await client.applyShipping(cart.id, options.map((o) => ({ bag_id: o.bag_id, shipping_method_id: o.shipping_methods[0]!.shipping_method_id })));
    await client.priceCart(cart.id);
    await client.getCart(cart.id);
    await client.applyPayment(cart.id, { token: 'tok_sandbox_visa' });
    const order = await client.submitCart(cart.id, { app_order_id: 'openapi-1' });
    await client.getOrder(order.id);
    await client.searchOrders({ app_order_id: 'openapi-1' });
    await client.estimateOrder({ skus: [{ sku_id: a.id, quantity: 1 }], shipping_address: US_ADDRESS, discounts: [] });
    await client.createDirectOrder(directOrder([{ sku: a }], { order: { app_order_id: 'openapi-2' } }) as never);
    const doomed = await client.createCart({ skus: [] });
    const withLine = await client.addCartSku(doomed.id, { sku_id: (await skuOf(1003)).id, quantity: 1 });
    await client.removeCartSku(doomed.id, withLine.bags[0]!.skus[0]!.id);
    await client.deleteCart(doomed.id);
    await client.connectionHealth();
    await client.merchantConnectionHealth(1001);
    const hook = await client.registerWebhook({ event: 'ORDER_SHIPPED', remote_endpoint: 'https://shop.example/api/webhooks' });
    await client.listWebhooks({ event: 'ORDER_SHIPPED' });
    await client.deleteWebhook(hook.id);
    await client.getPaymentToken();
    await client.onboardMerchant(5, { channel_merchant_id: 'merchant-55', payout_details: { payment_provider: 'STRIPE', payment_provider_metadata: { stripe_account_id: 'acct_55' } } });

    await checkRoutesBeyondTheClient(client, log, offers[0]!.skus[0]!.id);

    const called = new Set(log.map((x) => `${x.method} ${findOperation(definitions, x.method, x.path)?.operation.path ?? x.path}`));
    assert.ok(called.size >= 20, `the flow reached ${called.size} routes`);
    assert.deepEqual(log.flatMap((x) => problemsOf(definitions, x)), []);
  });
});
