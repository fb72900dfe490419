import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { MerchantEventBodySchema, OfferSchema, OrderSchema } from '../../src/contract/index.js';
import { directOrder, receiver, sandbox, sign, type TestSandbox } from './support.js';

describe('sandbox webhooks', () => {
  let sb: TestSandbox;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  beforeEach(async () => {
    sb = await sandbox();
  });
  afterEach(async () => {
    await sb.close();
    await hooks?.close();
  });

  it('signs every bag event with HMAC-SHA256 of the raw body, with unique event ids and the entity headers', async () => {
    hooks = await receiver();
    assert.equal((await sb.post('/__sandbox/webhooks', { url: hooks.url })).status, 201);
    const a = await sb.skuOf(1001);
    const b = await sb.skuOf(1002);
    const order = (await sb.post('/v1/orders', directOrder([{ sku: a }, { sku: b }]))).body;
    await sb.post(`/__sandbox/orders/${order.id}/advance`);
    await sb.post(`/__sandbox/orders/${order.id}/advance`);
    // 2 bags × (ORDER_COMPLETED at submit — the service fires it when the order is placed —, ORDER_ACCEPTED, ORDER_SHIPPED)
    const got = await hooks.waitFor(6);
    for (const r of got) {
      assert.equal(r.headers['x-service-hmac'], sign(r.raw));
      assert.notEqual(r.headers['x-service-hmac'], sign(r.raw, 'another-secret'));
      assert.equal(r.headers['content-type'], 'application/json');
      const body = OrderSchema.parse(JSON.parse(r.raw));
      assert.equal(body.id, order.id);
      assert.equal(r.headers['x-service-order-id'], String(order.id));
      assert.ok(body.bags.some((bag) => String(bag.id) === r.headers['x-service-bag-id']));
    }
    const ids = got.map((r) => r.headers['x-service-event-id']);
    assert.equal(new Set(ids).size, ids.length, 'event ids are unique');
    const topics = got.map((r) => `${r.headers['x-service-bag-id']}:${r.headers['x-service-topic']}`).sort();
    const bags = order.bags.map((x: any) => x.id);
    assert.deepEqual(topics, bags.flatMap((id: number) => [`${id}:ORDER_ACCEPTED`, `${id}:ORDER_COMPLETED`, `${id}:ORDER_SHIPPED`]).sort());
    const shipped = got.find((r) => r.headers['x-service-topic'] === 'ORDER_SHIPPED')!;
    assert.ok(JSON.parse(shipped.raw).bags.some((bag: any) => bag.fulfillments[0]?.tracking_number));
  });

  it('retries a failing receiver with the same event id until it answers 2xx', async () => {
    hooks = await receiver(2);
    await sb.post('/__sandbox/webhooks', { url: hooks.url });
    const a = await sb.skuOf(1003);
    await sb.post('/v1/orders', directOrder([{ sku: a }]));
    const got = await hooks.waitFor(3);
    assert.equal(new Set(got.map((r) => r.headers['x-service-event-id'])).size, 1, 'one event, three attempts');
    assert.deepEqual(got.map((r) => r.headers['x-service-attempt']), ['1', '2', '3']);
    const log = (await sb.get('/__sandbox/webhooks')).body.deliveries;
    assert.equal(log.length, 1);
    assert.equal(log[0].status, 'delivered');
    assert.equal(log[0].attempts, 3);
  });

  it('gives up after the configured retries', async () => {
    hooks = await receiver(100);
    await sb.post('/__sandbox/webhooks', { url: hooks.url });
    await sb.post('/__sandbox/offers', { ...(await sb.offers(1001))[0], name: 'Renamed' });
    await hooks.waitFor(4);
    for (;;) {
      const log = (await sb.get('/__sandbox/webhooks')).body.deliveries;
      if (log[0].status === 'failed') {
        assert.equal(log[0].attempts, 4);
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  it('fires OFFER_ADDED / OFFER_UPDATED with the offer as body, and MERCHANT_NEEDS_ATTENTION', async () => {
    hooks = await receiver();
    await sb.post('/__sandbox/webhooks', { url: hooks.url });
    const base = (await sb.get('/v1/catalog/offers/merchants/1004?size=1')).body.content[0];
    const added = await sb.post('/__sandbox/offers', { ...base, id: 77_001, name: 'Brand new' });
    assert.equal(added.status, 201);
    assert.equal(added.body.name, 'Brand new');
    const updated = await sb.post('/__sandbox/offers', { ...base, id: 77_001, name: 'Renamed' });
    assert.equal(updated.status, 200);
    assert.equal((await sb.get('/v1/catalog/offers/77001')).body.name, 'Renamed');
    await sb.get('/v1/operations/connection_health/1007?refresh=true');
    const got = await hooks.waitFor(3);
    const [first, second, third] = got;
    assert.equal(first!.headers['x-service-topic'], 'OFFER_ADDED');
    assert.equal(OfferSchema.parse(JSON.parse(first!.raw)).name, 'Brand new');
    assert.equal(first!.headers['x-service-entity-id'], '77001');
    assert.equal(second!.headers['x-service-topic'], 'OFFER_UPDATED');
    assert.equal(third!.headers['x-service-topic'], 'MERCHANT_NEEDS_ATTENTION');
    // The body is the Merchant entity, as the service sends it; the reason is a header.
    const merchant = JSON.parse(third!.raw);
    assert.equal(merchant.id, 1007);
    assert.equal(typeof merchant.name, 'string');
    assert.equal(merchant.merchant_id, undefined);
    assert.ok(third!.headers['x-service-reason']);
    assert.deepEqual(MerchantEventBodySchema.parse(merchant).merchant_id, 1007);
    for (const r of got) assert.equal(r.headers['x-service-hmac'], sign(r.raw));
  });

  it('delivers to receivers given at start', async () => {
    hooks = await receiver();
    await sb.close();
    sb = await sandbox({ webhookUrls: [hooks.url] });
    const bad = await sb.post('/__sandbox/offers', { id: 1, merchant_id: 1001 });
    assert.equal(bad.status, 400, 'an offer without name and currency is refused');
    await sb.post('/__sandbox/merchants/1003/attention', { missing_scopes: ['write_orders'] });
    const [hit] = await hooks.waitFor(1);
    assert.equal(hit!.headers['x-service-topic'], 'MERCHANT_NEEDS_ATTENTION');
  });
});
