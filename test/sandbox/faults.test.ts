import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { directOrder, sandbox, US_ADDRESS, type TestSandbox } from './support.js';

describe('sandbox faults', () => {
  let sb: TestSandbox;
  before(async () => {
    sb = await sandbox();
  });
  beforeEach(() => sb.post('/__sandbox/reset'));
  after(() => sb.close());

  it('answers every Nth platform call of a merchant with 429 and Retry-After', async () => {
    const set = await sb.post('/__sandbox/faults', { merchant_id: 1002, rate_limit_every: 3, retry_after_s: 7 });
    assert.equal(set.status, 200);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await sb.get('/v1/catalog/offers/merchants/1002?size=1');
      statuses.push(res.status);
      if (res.status === 429) {
        assert.equal(res.headers.get('retry-after'), '7');
        assert.equal(res.body.error, 'rate_limited');
        assert.equal(res.body.merchant_id, 1002);
      }
    }
    assert.deepEqual(statuses, [200, 200, 429, 200, 200, 429]);
    // Other merchants are not affected.
    assert.equal((await sb.get('/v1/catalog/offers/merchants/1001?size=1')).status, 200);
    const calls = (await sb.get('/__sandbox/calls')).body.merchants;
    assert.equal(calls['1002'].count, 6);
    assert.equal(calls['1002'].rate_limited, 2);
    assert.equal(calls['1001'].count, 1);
  });

  it('counts rate_limit_every per merchant: set for all, each merchant counts its own calls (issue 25.6)', async () => {
    await sb.post('/__sandbox/faults', { merchant_id: '*', rate_limit_every: 2, retry_after_s: 5 });
    const statuses: number[] = [];
    for (const m of [1001, 1002, 1001, 1002, 1001, 1001]) statuses.push((await sb.get(`/v1/catalog/offers/merchants/${m}?size=1`)).status);
    // One counter for all would refuse every other call: 200, 429, 200, 429, …
    assert.deepEqual(statuses, [200, 200, 429, 429, 200, 429]);
    assert.equal((await sb.call('DELETE', '/__sandbox/faults')).status, 200);
  });

  it('sends no Retry-After when retry_after_s is null, and clears faults on DELETE', async () => {
    await sb.post('/__sandbox/faults', { merchant_id: '*', rate_limit_every: 1, retry_after_s: null });
    const busy = await sb.get('/v1/catalog/offers/merchants/1005?size=1');
    assert.equal(busy.status, 429);
    assert.equal(busy.headers.get('retry-after'), null);
    assert.equal((await sb.call('DELETE', '/__sandbox/faults')).status, 200);
    assert.equal((await sb.get('/v1/catalog/offers/merchants/1005?size=1')).status, 200);
  });

  it('applies latency per merchant and reaches the platforms of a 3-merchant estimate concurrently', async () => {
    const skus = await Promise.all([sb.skuOf(1001), sb.skuOf(1002), sb.skuOf(1003)]);
    await sb.post('/__sandbox/reset');
    for (const merchant_id of [1001, 1002, 1003]) await sb.post('/__sandbox/faults', { merchant_id, latency_ms: 150 });
    const res = await sb.post('/v1/orders/estimate', { skus: skus.map((s) => ({ sku_id: s.id, quantity: 1 })), shipping_address: US_ADDRESS });
    assert.equal(res.status, 200);
    assert.equal(res.body.estimated_carts.length, 3);
    const merchants = (await sb.get('/__sandbox/calls')).body.merchants;
    const calls = [1001, 1002, 1003].map((m) => merchants[m].calls.find((c: any) => c.op === 'estimate'));
    for (const c of calls) assert.ok(c.ended_at - c.started_at >= 140, 'each call waited its merchant’s latency');
    // Concurrent: every call started before any of them ended.
    const lastStart = Math.max(...calls.map((c: any) => c.started_at));
    const firstEnd = Math.min(...calls.map((c: any) => c.ended_at));
    assert.ok(lastStart < firstEnd, 'platform calls overlap');
    assert.equal(merchants['1004'].count, 0);
  });

  it('puts a merchant’s 429 into its estimated cart’s errors[] and still answers the others', async () => {
    const a = await sb.skuOf(1001);
    const b = await sb.skuOf(1004);
    await sb.post('/__sandbox/faults', { merchant_id: 1004, rate_limit_every: 1 });
    const res = await sb.post('/v1/orders/estimate', { skus: [{ sku_id: a.id, quantity: 1 }, { sku_id: b.id, quantity: 1 }], shipping_address: US_ADDRESS });
    assert.equal(res.status, 200);
    const [ok, busy] = res.body.estimated_carts;
    assert.deepEqual(ok.errors, []);
    assert.equal(busy.merchant_id, 1004);
    assert.match(busy.errors[0].message, /rate limiting/);
    assert.equal(busy.has_shipping_methods, false);
  });

  it('answers out-of-stock at submit with the SKU in data.skus[] and creates nothing', async () => {
    const a = await sb.skuOf(1001);
    const b = await sb.skuOf(1002);
    await sb.post('/__sandbox/faults', { merchant_id: 1002, out_of_stock_sku_ids: [b.id] });
    const res = await sb.post('/v1/orders', directOrder([{ sku: a }, { sku: b }]));
    assert.equal(res.status, 409);
    assert.equal(res.body.error, 'out_of_stock');
    assert.deepEqual(res.body.data.skus.map((s: any) => s.sku_id), [b.id]);
    assert.equal((await sb.get('/__sandbox/orders')).body.length, 0);
    const stock = (await sb.get(`/v1/catalog/offers/${a.offer_id}`)).body.skus.find((s: any) => s.id === a.id);
    assert.equal(stock.qty_available, a.qty_available);
  });

  it('leaves the other bags submitted when one merchant rejects its bag', async () => {
    const a = await sb.skuOf(1001);
    const b = await sb.skuOf(1003);
    const cart = (await sb.post('/v1/checkout/cart', { skus: [{ sku_id: a.id, quantity: 1 }, { sku_id: b.id, quantity: 1 }] })).body;
    await sb.post(`/v1/checkout/cart/${cart.id}/customer`, { first_name: 'Ada', last_name: 'L', email: 'ada@example.com', shipping_address: US_ADDRESS, same_address: true });
    const options = (await sb.get(`/v1/checkout/cart/${cart.id}/shipping/available`)).body;
    await sb.post(`/v1/checkout/cart/${cart.id}/shipping`, options.map((o: any) => ({ bag_id: o.bag_id, shipping_method_id: o.shipping_methods[0].shipping_method_id })));
    await sb.post(`/v1/checkout/cart/${cart.id}/payment`, { payment_provider: 'SANDBOX', token: 'tok_sandbox_visa' });
    await sb.post('/__sandbox/faults', { merchant_id: 1003, reject_bags: true });
    const res = await sb.post(`/v1/checkout/cart/${cart.id}/submit`, {});
    assert.equal(res.status, 200);
    const byMerchant = Object.fromEntries(res.body.bags.map((x: any) => [x.merchant_id, x.status]));
    assert.deepEqual(byMerchant, { 1001: 'SUBMITTED', 1003: 'REJECTED' });
    assert.equal(res.body.errors.length, 1);
    assert.equal(res.body.errors[0].bag_id, res.body.bags.find((x: any) => x.merchant_id === 1003).id);
    const advanced = (await sb.post(`/__sandbox/orders/${cart.id}/advance`)).body.order;
    assert.deepEqual(advanced.bags.map((x: any) => x.status), ['ACCEPTED', 'REJECTED']);
  });

  it('fail_submit before creation answers 502 with nothing created; "after" creates the order yet answers 502', async () => {
    const a = await sb.skuOf(1006);
    await sb.post('/__sandbox/faults', { merchant_id: 1006, fail_submit: true });
    const before = await sb.post('/v1/orders', directOrder([{ sku: a }], { order: { app_order_id: 'x-1' } }));
    assert.equal(before.status, 502);
    assert.equal(before.body.error, 'platform_error');
    assert.equal((await sb.get('/v1/orders?app_order_id=x-1')).body.content.length, 0);
    await sb.post('/__sandbox/faults', { merchant_id: 1006, fail_submit: 'after' });
    const unknown = await sb.post('/v1/orders', directOrder([{ sku: a }], { order: { app_order_id: 'x-2' } }), { 'idempotency-key': 'x-2' });
    assert.equal(unknown.status, 502);
    const found = (await sb.get('/v1/orders?app_order_id=x-2')).body.content;
    assert.equal(found.length, 1, 'the order exists although the answer was an error');
    const replay = await sb.post('/v1/orders', directOrder([{ sku: a }], { order: { app_order_id: 'x-2' } }), { 'idempotency-key': 'x-2' });
    assert.equal(replay.status, 200);
    assert.equal(replay.body.id, found[0].id);
    assert.equal((await sb.get('/__sandbox/orders')).body.length, 1);
  });

  it('fail_submit "reset" creates the order and drops the connection without an answer', async () => {
    const a = await sb.skuOf(1004);
    await sb.post('/__sandbox/faults', { merchant_id: 1004, fail_submit: 'reset' });
    const body = directOrder([{ sku: a }], { order: { app_order_id: 'reset-1' } });
    await assert.rejects(sb.post('/v1/orders', body, { 'idempotency-key': 'reset-1' }));
    const found = (await sb.get('/v1/orders?app_order_id=reset-1')).body.content;
    assert.equal(found.length, 1);
    const replay = await sb.post('/v1/orders', body, { 'idempotency-key': 'reset-1' });
    assert.equal(replay.status, 200);
    assert.equal(replay.body.id, found[0].id);
  });

  it('serves injected malformed answers and repeated cursors for one merchant', async () => {
    await sb.post('/__sandbox/faults', { merchant_id: 1003, respond_with: { status: 200, body: '<html>Service unavailable</html>', content_type: 'text/html' } });
    const html = await sb.get('/v1/catalog/offers/merchants/1003');
    assert.equal(html.status, 200);
    assert.equal(html.headers.get('content-type'), 'text/html');
    assert.equal(html.text, '<html>Service unavailable</html>');
    assert.equal((await sb.get('/v1/catalog/offers/merchants/1001?size=1')).headers.get('content-type')?.startsWith('application/json'), true);
    await sb.post('/__sandbox/faults', { merchant_id: 1003, respond_with: null, repeat_cursor: true });
    const first = await sb.get('/v1/catalog/offers/merchants/1003?size=5');
    const second = await sb.get(`/v1/catalog/offers/merchants/1003?cursor=${first.body.next_page_cursor}`);
    const third = await sb.get(`/v1/catalog/offers/merchants/1003?cursor=${second.body.next_page_cursor}`);
    assert.equal(second.body.next_page_cursor, first.body.next_page_cursor);
    assert.deepEqual(third.body.content, second.body.content);
    const bad = await sb.post('/__sandbox/faults', { merchant_id: 1003, respond_with: { status: 200, body: '', content_type: 'text/html\r\nX-Evil: 1' } });
    assert.equal(bad.status, 400);
  });

  it('expires issued access tokens on expire_tokens while the static token keeps working', async () => {
    const login = await sb.call('POST', '/v1/login', { username: 'owner@sandbox.tote.dev', password: 'sandbox-password' }, { 'x-service-token': '' });
    assert.equal(login.status, 200, login.text);
    const jwt = login.body.token;
    assert.equal((await sb.get('/v1/orders', { 'x-service-token': jwt })).status, 200);
    await sb.post('/__sandbox/faults', { expire_tokens: true });
    const expired = await sb.get('/v1/orders', { 'x-service-token': jwt });
    assert.equal(expired.status, 401);
    assert.equal(expired.body.error_code, 11);
    assert.equal(expired.body.message, 'Token has expired');
    assert.equal((await sb.get('/v1/orders')).status, 200);
    const renewed = await sb.get('/v1/auth/token', { 'x-service-token': login.body.refresh_token });
    assert.equal(renewed.status, 200);
    assert.equal((await sb.get('/v1/orders', { 'x-service-token': renewed.body.token })).status, 200);
  });
});
