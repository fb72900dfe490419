import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HEADERS, sandbox, US_ADDRESS, type Answer, type TestSandbox } from './support.js';

/** A 4xx JSON error naming `field`, no stack trace. */
function refused(res: Answer, status: number, field?: string) {
  assert.equal(res.status, status, res.text);
  assert.match(res.headers.get('content-type') ?? '', /application\/json/);
  assert.equal(typeof res.body.message, 'string');
  assert.doesNotMatch(res.text, /at \w+ \(|node:internal|\.ts:\d+/);
  if (field !== undefined) assert.equal(res.body.field, field, res.body.message);
}

describe('sandbox bad input', () => {
  let sb: TestSandbox;
  let skuId: number;
  let cartId: number;
  before(async () => {
    sb = await sandbox();
    skuId = (await sb.skuOf(1001)).id;
    cartId = (await sb.post('/v1/checkout/cart', { skus: [] })).body.id;
  });
  after(() => sb.close());

  it('answers malformed JSON with 400 naming the body', async () => {
    refused(await sb.call('POST', '/v1/orders/estimate', '{"skus": ['), 400, 'body');
    refused(await sb.call('POST', '/v1/checkout/cart', '{nope}'), 400, 'body');
  });

  it('answers wrong types and missing fields with 400 naming the field', async () => {
    refused(await sb.post('/v1/orders/estimate', { skus: [{ sku_id: 'abc', quantity: 1 }], shipping_address: US_ADDRESS }), 400, 'skus.0.sku_id');
    refused(await sb.post('/v1/orders/estimate', { skus: [{ sku_id: skuId, quantity: 1 }] }), 400, 'shipping_address');
    refused(await sb.post('/v1/orders/estimate', { skus: [{ sku_id: skuId, quantity: 1.5 }], shipping_address: US_ADDRESS }), 400, 'skus.0.quantity');
    refused(await sb.post('/v1/orders/estimate', { skus: [{ sku_id: skuId, quantity: 1 }], shipping_address: { ...US_ADDRESS, country: 'USA' } }), 400, 'shipping_address.country');
    refused(await sb.post('/v1/orders', { order: { customer: { first_name: 'A', last_name: 'B', email: 'not-an-email' } } }), 400, 'order.customer.email');
    refused(await sb.post('/v1/orders', []), 400, 'body');
    refused(await sb.post(`/v1/checkout/cart/${cartId}/customer`, { first_name: 42 }), 400, 'first_name');
    refused(await sb.post(`/v1/checkout/cart/${cartId}/payment`, { payment_provider: 'SANDBOX', token: 'tok_stolen' }), 400, 'body.token');
    refused(await sb.post('/__sandbox/faults', { merchant_id: 1001, latency_ms: -5 }), 400, 'latency_ms');
    refused(await sb.post('/__sandbox/faults', { merchant_id: 1001, surprise: true }), 400);
    refused(await sb.post('/__sandbox/webhooks', { url: 'javascript:alert(1)' }), 400, 'url');
  });

  it('answers negative and zero quantities and prices with 400', async () => {
    refused(await sb.post('/v1/orders/estimate', { skus: [{ sku_id: skuId, quantity: -1 }], shipping_address: US_ADDRESS }), 400, 'skus.0.quantity');
    refused(await sb.post(`/v1/checkout/cart/${cartId}/skus`, { sku_id: skuId, quantity: 0 }), 400, 'quantity');
    refused(await sb.post(`/v1/checkout/cart/${cartId}/skus`, { sku_id: skuId, quantity: 1e9 }), 400, 'quantity');
    const order = {
      order: {
        customer: { first_name: 'A', last_name: 'B', email: 'a@example.com' },
        currency: 'USD',
        shipping_address: US_ADDRESS,
        bags: [{ skus: [{ sku_id: skuId, quantity: 1, price: -100 }], shipping_method: { label: 'x', price: 0 } }],
      },
    };
    refused(await sb.post('/v1/orders', order), 400, 'order.bags.0.skus.0.price');
  });

  it('answers unknown ids with 404 naming them, malformed ids with 400', async () => {
    refused(await sb.post('/v1/orders/estimate', { skus: [{ sku_id: 123456789, quantity: 1 }], shipping_address: US_ADDRESS }), 404, 'skus[0].sku_id');
    refused(await sb.get('/v1/orders/999999'), 404, 'order_id');
    refused(await sb.get('/v1/orders/1e3'), 400, 'order_id');
    refused(await sb.get('/v1/orders/-1'), 400, 'order_id');
    refused(await sb.get('/v1/checkout/cart/0x10'), 400, 'cart_id');
    refused(await sb.get('/v1/catalog/offers/merchants/1..2'), 400, 'merchant_id');
    refused(await sb.call('PUT', `/v1/checkout/cart/${cartId}/skus/424242`, { quantity: 1 }), 404, 'order_sku_id');
    refused(await sb.post(`/v1/checkout/cart/${cartId}/shipping`, [{ bag_id: 5, shipping_method_id: 'x' }]), 400, 'shipping_address');
    refused(await sb.post('/__sandbox/orders/999999/advance'), 404, 'order_id');
    refused(await sb.get('/v1/catalog/offers/merchants/1001?page=0'), 400, 'page');
    refused(await sb.get('/v1/catalog/offers/merchants/1001?size=-3'), 400, 'size');
    refused(await sb.get('/v1/catalog/offers/merchants/1001?cursor=garbage'), 400, 'cursor');
    const other = (await sb.get('/v1/catalog/offers/merchants/1002?size=1')).body.next_page_cursor;
    refused(await sb.get(`/v1/catalog/offers/merchants/1001?cursor=${other}`), 400, 'cursor');
  });

  it('answers huge bodies with 413 and unknown routes and methods with 404 / 405', async () => {
    const huge = JSON.stringify({ skus: [], pad: 'x'.repeat(2 * 1024 * 1024) });
    refused(await sb.call('POST', '/v1/checkout/cart', huge), 413);
    refused(await sb.get('/v1/nowhere'), 404);
    const wrong = await sb.call('DELETE', '/v1/orders/estimate');
    refused(wrong, 405);
    assert.equal(wrong.headers.get('allow'), 'POST');
    refused(await sb.call('POST', '/v1/checkout/cart', '{"skus":[]}', { 'content-type': 'text/plain' }), 415);
  });

  it('checks the three headers: missing or wrong → 401 JSON, a header set the route does not take → 403', async () => {
    const noToken = await fetch(`${sb.url}/v1/orders/1`, { headers: { 'x-service-app-id': '10001', 'x-service-app-secret': 'sandbox-secret' } });
    assert.equal(noToken.status, 401);
    const body = await noToken.json();
    assert.equal(body.status, 401);
    assert.equal(typeof body.error_code, 'number');
    assert.equal(typeof body.timestamp, 'number');
    assert.match(body.message, /X-Service-Token/);
    for (const [name, value] of [
      ['x-service-app-id', '99'],
      ['x-service-app-secret', 'guess'],
      ['x-service-token', 'forged'],
      ['x-service-token', 'e30.e30.c2ln'],
    ] as const) {
      const res = await sb.get('/v1/orders', { [name]: value });
      assert.equal(res.status, 401, `${name}: ${value}`);
    }
    assert.equal((await sb.get('/__sandbox/orders', { 'x-service-token': 'nope' })).status, 401, 'control routes need the headers too');
    const login = await sb.call('POST', '/v1/login', { username: 'owner@sandbox.tote.dev', password: 'sandbox-password' });
    assert.equal(login.status, 403, 'login does not take a token');
    const wrongLogin = await fetch(`${sb.url}/v1/login`, {
      method: 'POST',
      headers: { 'x-service-app-id': HEADERS['x-service-app-id'], 'x-service-app-secret': HEADERS['x-service-app-secret'], 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner@sandbox.tote.dev', password: 'wrong' }),
    });
    assert.equal(wrongLogin.status, 401);
    const ok = await fetch(`${sb.url}/v1/login`, {
      method: 'POST',
      headers: { 'x-service-app-id': HEADERS['x-service-app-id'], 'x-service-app-secret': HEADERS['x-service-app-secret'], 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner@sandbox.tote.dev', password: 'sandbox-password' }),
    }).then((r) => r.json());
    const exp = JSON.parse(Buffer.from(ok.token.split('.')[1], 'base64url').toString()).exp;
    assert.ok(exp > Date.now() / 1000 + 3600, 'access tokens carry exp');
    assert.equal((await sb.get('/v1/orders', { 'x-service-token': ok.refresh_token })).status, 403, 'a refresh token is for /v1/auth/token only');
    assert.equal((await sb.get('/v1/auth/token', { 'x-service-token': ok.token })).status, 403, 'refresh takes the refresh token');
    const media = (await sb.offers(1001))[0].default_image_url;
    assert.equal((await fetch(media)).status, 200, 'media needs no headers');
  });

  it('expires JWT access tokens at exp with error_code 11', async () => {
    const short = await sandbox({ tokenTtlSeconds: 1 });
    try {
      const res = await fetch(`${short.url}/v1/login`, {
        method: 'POST',
        headers: { 'x-service-app-id': '10001', 'x-service-app-secret': 'sandbox-secret', 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'owner@sandbox.tote.dev', password: 'sandbox-password' }),
      }).then((r) => r.json());
      // Wait until the token's own exp has passed (polling the clock, not asserting on durations).
      const exp = JSON.parse(Buffer.from(res.token.split('.')[1], 'base64url').toString()).exp * 1000;
      while (Date.now() < exp + 5) await new Promise((r) => setTimeout(r, 50));
      const expired = await short.get('/v1/orders', { 'x-service-token': res.token });
      assert.equal(expired.status, 401);
      assert.equal(expired.body.error_code, 11);
      assert.equal(expired.body.message, 'Token has expired');
    } finally {
      await short.close();
    }
  });
});
