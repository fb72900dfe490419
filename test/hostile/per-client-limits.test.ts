/**
 * Issue 25.8 and 25.9 — limits per client, not only per instance. Clients are told apart by
 * `X-Forwarded-For` (`trustProxy`), as behind the load balancer a deployment runs.
 *  - one address holding its own order's stream handle cannot take every stream of the instance;
 *  - unsigned or wrongly signed webhook requests are limited per source, signed deliveries never;
 *  - six addresses each within their own limits cannot spend a merchant's whole budget.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ADDRESS, placeOrder, sign, startStack, type Stack } from './harness.js';

let stack: Stack;
before(async () => {
  stack = await startStack({ trustProxy: true, maxStreams: 4, maxStreamsPerClient: 2 });
});
after(() => stack.close());

const from = (address: string) => ({ 'x-forwarded-for': address });

describe('order event streams, per client', () => {
  it('one address with its own order’s handle gets its share of streams; the next shopper still gets one', async () => {
    const { order, access } = await placeOrder(stack, [1002], `streams-${randomUUID()}`);
    const aborters: AbortController[] = [];
    const open = async (address: string) => {
      const aborter = new AbortController();
      aborters.push(aborter);
      const res = await fetch(`${stack.base}/api/orders/${order.id}/events?access=${access}`, { headers: from(address), signal: aborter.signal });
      const body = res.status === 200 ? undefined : await res.json();
      return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
    };
    try {
      const hog = [];
      for (let i = 0; i < 4; i++) hog.push(await open('198.51.100.7'));
      assert.deepEqual(hog.map((r) => r.status), [200, 200, 429, 429]);
      assert.equal(hog[2]!.body.error.code, 'rate_limited');
      assert.ok(Number(hog[2]!.retryAfter) >= 1);
      const next = await open('203.0.113.9');
      assert.equal(next.status, 200, 'the next shopper is not refused');
    } finally {
      for (const a of aborters) a.abort();
    }
  });
});

describe('the webhook route', () => {
  it('refused requests are limited per source before their body is read; signed deliveries from elsewhere are not', async () => {
    const raw = JSON.stringify({ id: 1 });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await stack.api('/api/webhooks', {
        method: 'POST',
        body: raw,
        headers: { 'content-type': 'application/json', 'x-service-topic': 'ORDER_UPDATED', 'x-service-event-id': randomUUID(), 'x-service-hmac': 'forged', ...from('192.0.2.66') },
      });
      statuses.push(res.status);
      if (res.status === 429) {
        assert.equal(res.body.error.code, 'rate_limited');
        assert.ok(Number(res.headers.get('retry-after')) >= 1);
      }
    }
    assert.ok(statuses.slice(0, 20).every((s) => s === 401), statuses.join(','));
    assert.ok(statuses.slice(21).every((s) => s === 429), statuses.join(','));

    const { order } = await placeOrder(stack, [1003], `webhook-${randomUUID()}`);
    const upstream = (await stack.control('/__sandbox/orders')).find((o: any) => o.id === order.id);
    const body = JSON.stringify(upstream);
    const signed = await stack.api('/api/webhooks', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'x-service-topic': 'ORDER_UPDATED', 'x-service-event-id': randomUUID(), 'x-service-hmac': sign(body), 'x-service-order-id': String(order.id), ...from('192.0.2.1') },
    });
    assert.equal(signed.status, 200, signed.text);
  });
});

describe('the per-merchant budget, per client', () => {
  it('six addresses, each within its own limits, leave other shoppers’ quotes of that merchant served', async () => {
    // Barely refilling during the test: what is spent stays spent.
    const stack = await startStack({ trustProxy: true, merchantBudget: { burst: 16, perSecond: 0.05 } });
    after(() => stack.close());
    const page = await stack.api('/api/offers?merchant_id=1001&size=10', { headers: from('203.0.113.200') });
    const sku = page.body.offers.flatMap((o: any) => o.skus).find((s: any) => s.in_stock).id;
    const quote = (address: string) =>
      stack.api('/api/checkout/quote', { method: 'POST', headers: from(address), json: { lines: [{ sku_id: sku, quantity: 1 }], shipping_address: ADDRESS } });
    const flood = await Promise.all(Array.from({ length: 6 }, (_, i) => Array.from({ length: 5 }, () => quote(`198.18.0.${i + 1}`))).flat());
    assert.ok(flood.some((r) => r.status === 429), 'the six were refused beyond their share');
    for (const r of flood.filter((f) => f.status === 429)) assert.equal(r.body.error.code, 'merchant_busy');
    const others = await Promise.all(Array.from({ length: 3 }, (_, i) => quote(`203.0.113.${i + 10}`)));
    assert.deepEqual(others.map((r) => r.status), [200, 200, 200], others.map((r) => r.text.slice(0, 120)).join('\n'));
  });
});
