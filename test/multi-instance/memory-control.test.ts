/**
 * The control for shop.test.ts: the same two instances with their stores in
 * memory show the failures issue 19 names, so the Redis checks are not
 * passing by accident. A double click split across instances places two
 * orders; an offer update on one instance leaves the other serving the old
 * offer; `GET /api/health` says `memory`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startCluster, type Cluster } from './cluster.js';

const ADDRESS = { first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US', email: 'ada@example.com' };
const CUSTOMER = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };
const PAY = { payment_provider: 'SANDBOX', token: 'tok_sandbox_visa', type: 'SINGLE_USE_CARD_TOKEN' };

let cluster: Cluster;

const post = async (base: string, path: string, json: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(json) });
  return { status: res.status, body: (await res.json()) as any };
};
const get = async (base: string, path: string) => (await (await fetch(base + path)).json()) as any;

before(async () => {
  cluster = await startCluster({ count: 2, memory: true, bff: { rateLimit: false } });
  await cluster.control('/__sandbox/webhooks', { json: { url: `${cluster.instances[0]!.url}/api/webhooks` } });
});
after(async () => {
  await cluster?.close();
});

describe('two instances with their stores in memory', () => {
  it('say memory on GET /api/health', async () => {
    assert.equal((await get(cluster.instances[1]!.url, '/api/health')).stores, 'memory');
  });

  it('place two orders for one attempt sent to both', async () => {
    const offers = await get(cluster.proxy.url, '/api/offers?merchant_id=1001&size=50');
    const sku = offers.offers.flatMap((o: any) => o.skus).find((s: any) => s.in_stock !== false && (s.qty_available ?? 10) >= 5);
    const q = await post(cluster.proxy.url, '/api/checkout/quote', { mode: 'direct', lines: [{ sku_id: sku.id, quantity: 1 }], customer: CUSTOMER, shipping_address: ADDRESS });
    assert.equal(q.status, 200);
    const body = { quote_token: q.body.quote_token, payment: PAY };
    const headers = { 'idempotency-key': `memory-control-${process.pid}` };
    const [a, b] = await Promise.all(cluster.instances.map((x) => post(x.url, '/api/checkout/place', body, headers)));
    assert.equal(a.status, 201);
    assert.equal(b.status, 201);
    assert.notEqual(a.body.order.id, b.body.order.id);
  });

  it('leave B serving an offer that a webhook on A updated', async () => {
    const B = cluster.instances[1]!.url;
    const offer = (await get(B, '/api/offers?merchant_id=1002&size=5')).offers[0];
    const full = await cluster.control(`/v1/catalog/offers/${offer.id}`);
    await cluster.control('/__sandbox/offers', { json: { ...full, name: 'Renamed on A' } });
    for (;;) {
      const { deliveries } = await cluster.control('/__sandbox/webhooks');
      if (deliveries.some((d: any) => d.topic === 'OFFER_UPDATED' && d.status === 'delivered')) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const again = (await get(B, '/api/offers?merchant_id=1002&size=5')).offers.find((o: any) => o.id === offer.id);
    assert.equal(again.name, offer.name);
  });
});
