/**
 * The BFF's guarded routes over real HTTP: the removed per-step checkout routes and unknown routes,
 * webhooks (signatures, replays, out-of-order events) and operator routes. The attacks on every
 * route (origins, bodies, ids and paths, forged service headers, SSRF, floods) are in
 * test/hostile/bff-abuse.test.ts, one suite for them (docs/testing.md).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import {
  ADDRESS, APP_SECRET, CUSTOMER, OPERATOR_TOKEN, PAY, SECRETS, readEvents, received, startStack, type Stack,
} from './harness.js';

let stack: Stack;
before(async () => {
  stack = await startStack({ operatorToken: OPERATOR_TOKEN });
});
after(async () => {
  await stack?.close();
});

async function someSku(merchantId = 1001) {
  const offers = (await stack.api(`/api/offers?merchant_id=${merchantId}&size=20`)).body.offers;
  return offers.flatMap((o: any) => o.skus).find((s: any) => s.in_stock !== false && (s.qty_available ?? 5) >= 5);
}

async function placeOrder(key: string) {
  const sku = await someSku();
  const q = await stack.api('/api/checkout/quote', { method: 'POST', json: { lines: [{ sku_id: sku.id, quantity: 1 }], customer: CUSTOMER, shipping_address: ADDRESS } });
  assert.equal(q.body?.ready, true, q.text);
  const res = await stack.api('/api/checkout/place', { method: 'POST', headers: { 'idempotency-key': key }, json: { quote_token: q.body.quote_token, payment: PAY } });
  assert.equal(res.status, 201, res.text);
  return res.body as { order: any; access: string };
}

describe('routes', () => {
  it('the per-step cart routes, POST /api/estimate and POST /api/orders are gone: 404, nothing sent upstream (issue 14)', async () => {
    const { order, access } = await placeOrder('removed-routes-0001');
    const sku = await someSku();
    const handle = { 'tote-access': access, 'idempotency-key': 'removed-routes-0002' };
    const calls = stack.upstream.length;
    for (const [method, path, json] of [
      ['POST', '/api/estimate', { skus: [{ sku_id: sku.id, quantity: 1 }], shipping_address: ADDRESS }],
      ['POST', '/api/carts', { skus: [{ sku_id: sku.id, quantity: 1 }] }],
      ['GET', `/api/carts/${order.id}`],
      ['POST', `/api/carts/${order.id}/skus`, { sku_id: sku.id, quantity: 1 }],
      ['PUT', `/api/carts/${order.id}/skus/1`, { quantity: 2 }],
      ['DELETE', `/api/carts/${order.id}/skus/1`],
      ['POST', `/api/carts/${order.id}/customer`, CUSTOMER],
      ['POST', `/api/carts/${order.id}/shipping_address`, ADDRESS],
      ['POST', `/api/carts/${order.id}/billing_address`, ADDRESS],
      ['GET', `/api/carts/${order.id}/shipping/available`],
      ['POST', `/api/carts/${order.id}/shipping`, []],
      ['POST', `/api/carts/${order.id}/payment`, PAY],
      ['POST', `/api/carts/${order.id}/submit`, {}],
      ['POST', '/api/orders', { payment_method: PAY, order: { customer: CUSTOMER, bags: [], shipping_address: ADDRESS, currency: 'USD' } }],
    ] as const) {
      const res = await stack.api(path, { method, headers: handle, ...(json !== undefined ? { json } : {}) });
      assert.equal(res.status, 404, `${method} ${path}: ${res.status} ${res.text}`);
      assert.equal(res.body.error.code, 'not_found');
    }
    assert.deepEqual(stack.upstream.slice(calls), [], 'nothing sent upstream');
    // The order status routes the widget reads stay.
    assert.equal((await stack.api(`/api/orders/${order.id}`, { headers: handle })).status, 200);
  });

  it('answers unknown routes and methods with the JSON error shape', async () => {
    const none = await stack.api('/api/nope');
    assert.equal(none.status, 404);
    assert.equal(none.body.error.code, 'not_found');
    const method = await stack.api('/api/merchants', { method: 'DELETE' });
    assert.equal(method.status, 405);
    assert.equal(method.body.error.code, 'method_not_allowed');
    const override = await stack.api('/api/merchants', { method: 'POST', headers: { 'x-http-method-override': 'GET', 'content-type': 'application/json' }, body: '{}' });
    assert.equal(override.status, 405);
  });
});

describe('webhooks', () => {
  const sign = (body: string, secret = APP_SECRET) => createHmac('sha256', secret).update(body).digest('base64');
  const deliver = (body: string, headers: Record<string, string>) =>
    stack.api('/api/webhooks', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  let n = 0;
  const orderEvent = (order: any, topic: string, bag: Record<string, unknown>) => {
    const body = JSON.stringify({ ...order, bags: order.bags.map((b: any) => ({ ...b, ...bag })) });
    return {
      body,
      headers: {
        'x-service-hmac': sign(body),
        'x-service-topic': topic,
        'x-service-event-id': `evt-${Date.now()}-${++n}`,
        'x-service-order-id': String(order.id),
        'x-service-bag-id': String(order.bags[0].id),
      },
    };
  };

  it('refuses bad, missing, re-serialised and wrongly keyed signatures', async () => {
    const { order } = await placeOrder('hook-sig-0001');
    const e = orderEvent(order, 'ORDER_SHIPPED', { status: 'ACCEPTED', fulfillment_status: 'SHIPPED' });
    const reserialised = JSON.stringify(JSON.parse(e.body), null, 1);
    for (const headers of [
      { ...e.headers, 'x-service-hmac': 'AAAA' },
      { ...e.headers, 'x-service-hmac': '' },
      { ...e.headers, 'x-service-hmac': sign(e.body, 'wrong-secret') },
      { ...e.headers, 'x-service-hmac': createHmac('sha256', APP_SECRET).update(e.body).digest('hex') },
    ]) {
      const res = await deliver(e.body, headers);
      assert.equal(res.status, 401);
      assert.equal(res.body.error.code, 'unauthorized');
    }
    const { 'x-service-hmac': _, ...unsigned } = e.headers;
    assert.equal((await deliver(e.body, unsigned)).status, 401);
    assert.equal((await deliver(reserialised, e.headers)).status, 401);
    const huge = 'x'.repeat(1024 * 1024 + 10);
    assert.equal((await deliver(huge, { ...e.headers, 'x-service-hmac': sign(huge) })).status, 413);
  });

  it('applies each event id once and never moves a bag backwards', async () => {
    const { order, access } = await placeOrder('hook-order-0001');
    const fulfillments = [{ id: 5, tracking_number: 'T-1', tracking_url: 'https://tracking.example/T-1' }];
    const shipped = orderEvent(order, 'ORDER_SHIPPED', { status: 'ACCEPTED', fulfillment_status: 'SHIPPED', financial_status: 'PAID', fulfillments });
    const accepted = orderEvent(order, 'ORDER_ACCEPTED', { status: 'ACCEPTED', fulfillment_status: 'PROCESSING', financial_status: 'PAID' });
    const delivered = orderEvent(order, 'ORDER_DELIVERED', { status: 'ACCEPTED', fulfillment_status: 'DELIVERED', financial_status: 'PAID' });
    const stream = await readEvents(
      `${stack.base}/api/orders/${order.id}/events?access=${encodeURIComponent(access)}`,
      (events) => events.filter((e) => e.event === 'bag').length >= 2,
      {
        onOpen: async () => {
          const first = await deliver(shipped.body, shipped.headers);
          assert.deepEqual(first.body, { ok: true });
          // A replay of the same delivery, two at once.
          const replays = await Promise.all([deliver(shipped.body, shipped.headers), deliver(shipped.body, shipped.headers)]);
          for (const r of replays) assert.deepEqual(r.body, { ok: true, duplicate: true });
          // An older state arriving late.
          assert.equal((await deliver(accepted.body, accepted.headers)).status, 200);
          assert.equal((await deliver(delivered.body, delivered.headers)).status, 200);
        },
      },
    );
    const bags = stream.events.filter((e) => e.event === 'bag').map((e) => e.data.fulfillment_status);
    assert.deepEqual(bags, ['SHIPPED', 'DELIVERED']);
    // The event carries the whole bag the signed body described, so the page shows tracking at once.
    const first = stream.events.find((e) => e.event === 'bag')!.data;
    assert.equal(first.bag?.fulfillments?.[0]?.tracking_url, 'https://tracking.example/T-1');
  });

  it('acknowledges unknown topics and refuses events without ids', async () => {
    const body = '{"hello":"world"}';
    const unknown = await deliver(body, { 'x-service-hmac': sign(body), 'x-service-topic': 'SOMETHING_NEW', 'x-service-event-id': 'evt-unknown-1' });
    assert.equal(unknown.status, 200);
    const noId = await deliver(body, { 'x-service-hmac': sign(body), 'x-service-topic': 'ORDER_UPDATED' });
    assert.equal(noId.status, 400);
    const noOrder = await deliver(body, { 'x-service-hmac': sign(body), 'x-service-topic': 'ORDER_UPDATED', 'x-service-event-id': 'evt-no-order-1' });
    assert.equal(noOrder.status, 400);
  });
});

describe('operator routes', () => {
  const bearer = { authorization: `Bearer ${OPERATOR_TOKEN}` };

  it('answer 404 when no operator token is configured', async () => {
    const plain = await startStack();
    try {
      for (const [method, path] of [['GET', '/api/operator/connection-health'], ['POST', '/api/operator/connection-health/1001/refresh'], ['PUT', '/api/operator/onboarding/1']]) {
        const res = await plain.api(path, { method, headers: bearer, ...(method === 'PUT' ? { json: {} } : {}) });
        assert.equal(res.status, 404, `${method} ${path}`);
      }
    } finally {
      await plain.close();
    }
  });

  it('answer 401 to a wrong or missing token and to shopper credentials', async () => {
    const { access } = await placeOrder('operator-shopper-0001');
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${OPERATOR_TOKEN}x` },
      { authorization: `Basic ${Buffer.from(`op:${OPERATOR_TOKEN}`).toString('base64')}` },
      { authorization: OPERATOR_TOKEN },
      { 'tote-access': access },
      { 'x-service-app-secret': APP_SECRET, 'x-service-token': 'sandbox-token' },
    ];
    for (const headers of attempts) {
      const res = await stack.api('/api/operator/connection-health', { headers });
      assert.equal(res.status, 401, JSON.stringify(headers));
      assert.equal(res.body.error.code, 'unauthorized');
      assert.match(res.headers.get('www-authenticate') ?? '', /^Bearer/);
    }
  });

  it('list health reports, refresh one merchant, and onboard with validation and no secrets echoed', async () => {
    const health = await stack.api('/api/operator/connection-health', { headers: bearer });
    assert.equal(health.status, 200, health.text);
    assert.ok(health.body.reports.some((r: any) => r.merchant_id === 1007));
    assert.ok(Date.parse(health.body.fetched_at) > 0);
    for (const r of health.body.reports) {
      assert.equal(r.payout_account?.results?.payment_provider_metadata, undefined);
      assert.equal(r.payout_account?.results?.details?.legal_entity_business_tax_id, undefined);
    }

    const refreshed = await stack.api('/api/operator/connection-health/1007/refresh', { method: 'POST', headers: bearer });
    assert.equal(refreshed.status, 200, refreshed.text);
    assert.equal(refreshed.body.report.merchant_id, 1007);
    assert.equal((await stack.api('/api/operator/connection-health/1e3/refresh', { method: 'POST', headers: bearer })).status, 400);

    const invalid = await stack.api('/api/operator/onboarding/5', { method: 'PUT', headers: bearer, json: { channel_merchant_id: '', payout_details: { payment_provider: 'STRIPE', payment_provider_metadata: { stripe_account_id: 'not valid!' } } } });
    assert.equal(invalid.status, 400);
    const paths = invalid.body.error.fields.map((f: any) => f.path);
    assert.ok(paths.includes('channel_merchant_id') && paths.includes('payout_details.payment_provider_metadata.stripe_account_id'), paths.join());

    const ok = await stack.api('/api/operator/onboarding/5', {
      method: 'PUT',
      headers: bearer,
      json: { channel_merchant_id: 'shop-42', payout_details: { payment_provider: 'stripe', payment_provider_metadata: { stripe_account_id: 'acct_1234567' } } },
    });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.onboarding.channel_merchant_id, 'shop-42');
    assert.equal(ok.body.onboarding.payout_details.payment_provider, 'STRIPE');
    assert.equal(typeof ok.body.onboarding.payout_details.payment_provider_account_id, 'string');
    assert.equal(ok.body.onboarding.payout_details.payment_provider_metadata, undefined);

    const cross = await stack.api('/api/operator/onboarding/5', { method: 'PUT', headers: { ...bearer, origin: 'https://evil.example' }, json: {} });
    assert.equal(cross.status, 403);
  });
});

describe('secrets', () => {
  it('never appear in any response this file received', () => {
    assert.ok(received.length > 40, `only ${received.length} responses recorded`);
    for (const r of received) for (const secret of SECRETS) assert.ok(!r.includes(secret), `secret found in:\n${r.slice(0, 500)}`);
  });
});
