/**
 * Placing through `POST /api/checkout/place` (handles, validation, declined
 * payments, key conflicts, unknown outcomes) and the order event stream, over
 * real HTTP: the sandbox upstream, the BFF in front, requests as the widget
 * sends them. Quote pricing and quote_changed are in quote.test.ts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADDRESS, CUSTOMER, PAY, SECRETS, SHOP_ORIGIN, readEvents, received, startStack, type Stack } from './harness.js';

let stack: Stack;
const shop = { origin: SHOP_ORIGIN };

before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.close();
});

/** In-stock SKUs of a merchant, with their prices, read through the BFF as the widget would. */
async function inStockSkus(merchantId: number, count = 1) {
  const res = await stack.api(`/api/offers?merchant_id=${merchantId}&size=50`);
  assert.equal(res.status, 200, res.text);
  const skus = res.body.offers
    .flatMap((o: any) => o.skus.map((s: any) => ({ ...s, merchant_id: o.merchant_id })))
    .filter((s: any) => s.in_stock !== false && (s.qty_available ?? 10) >= 5);
  assert.ok(skus.length >= count, `merchant ${merchantId} has ${skus.length} SKUs in stock`);
  return skus.slice(0, count) as { id: number; sale_price: number; merchant_id: number; currency?: string }[];
}

async function sandboxOrders(): Promise<any[]> {
  const body = await stack.control('/__sandbox/orders');
  return Array.isArray(body) ? body : body.orders;
}

const quote = (json: object) => stack.api('/api/checkout/quote', { method: 'POST', headers: shop, json });
const place = (json: object, key?: string) =>
  stack.api('/api/checkout/place', { method: 'POST', headers: { ...shop, ...(key !== undefined ? { 'idempotency-key': key } : {}) }, json });

/** A ready quote of the given SKUs, one of each. */
async function readyQuote(skus: { id: number }[], mode: 'direct' | 'cart' = 'direct') {
  const q = await quote({ mode, lines: skus.map((s) => ({ sku_id: s.id, quantity: 1 })), customer: CUSTOMER, shipping_address: ADDRESS });
  assert.equal(q.status, 200, q.text);
  assert.equal(q.body.ready, true, q.text);
  return q.body as { quote_token: string; totals: { total: number } };
}

async function placedOrder(merchantId: number, key: string) {
  const q = await readyQuote(await inStockSkus(merchantId));
  const res = await place({ quote_token: q.quote_token, payment: PAY }, key);
  assert.equal(res.status, 201, res.text);
  return res.body as { order: any; access: string };
}

describe('placing', () => {
  it('refuses GET /api/orders/:id and its events without the right access handle', async () => {
    const { order, access } = await placedOrder(1001, 'handles-order-0001');
    const other = await placedOrder(1001, 'handles-order-0002');
    const wrong = [undefined, '', 'x', other.access, `${access}A`, access.toUpperCase()].filter((h) => h !== access);
    for (const handle of wrong) {
      const headers: Record<string, string> = { ...shop, ...(handle !== undefined ? { 'tote-access': handle } : {}) };
      for (const path of [`/api/orders/${order.id}`, `/api/orders/${order.id}/events`]) {
        const res = await stack.api(path, { headers });
        assert.equal(res.status, 404, `GET ${path} with ${handle}`);
        assert.equal(res.body.error.code, 'not_found');
      }
    }
    const sse = await readEvents(`${stack.base}/api/orders/${order.id}/events?access=${other.access}`, () => true, { timeoutMs: 2000 });
    assert.equal(sse.status, 404);
    const own = await stack.api(`/api/orders/${order.id}`, { headers: { ...shop, 'tote-access': access } });
    assert.equal(own.status, 200);
    assert.equal(own.body.order.id, order.id);
  });

  it('validates quote bodies and names the bad fields', async () => {
    const res = await quote({ lines: [{ sku_id: -4, quantity: 0 }] });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'bad_request');
    const paths = res.body.error.fields.map((f: any) => f.path);
    assert.ok(paths.includes('lines.0.sku_id') && paths.includes('lines.0.quantity'), paths.join());

    const [a] = await inStockSkus(1001);
    const bad = await quote({ mode: 'cart', lines: [{ sku_id: a!.id, quantity: 1 }], shipping_address: { ...ADDRESS, country: 'United States' } });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.error.fields.map((f: any) => f.path), ['shipping_address.country']);
  });

  it('passes a declined payment on as payment_declined and keeps the key usable', async () => {
    const q = await readyQuote(await inStockSkus(1004));
    const key = 'declined-attempt-0001';
    const before = (await sandboxOrders()).filter((o) => o.status !== 'IN_PROGRESS').length;
    const res = await place({ quote_token: q.quote_token, payment: { ...PAY, token: 'tok_sandbox_declined' } }, key);
    assert.equal(res.status, 402, res.text);
    assert.equal(res.body.error.code, 'payment_declined');
    assert.equal((await sandboxOrders()).filter((o) => o.status !== 'IN_PROGRESS').length, before, 'no order for a declined payment');
    const again = await place({ quote_token: q.quote_token, payment: PAY }, key);
    assert.equal(again.status, 201, again.text);
    assert.equal(again.body.order.total, q.totals.total);
  });

  it('refuses the same key with a different quote (422) and a missing or malformed key (400), before anything is sent', async () => {
    const [s, t] = await inStockSkus(1001, 2);
    const q = await readyQuote([s!]);
    const key = 'place-conflict-0001';
    const first = await place({ quote_token: q.quote_token, payment: PAY }, key);
    assert.equal(first.status, 201, first.text);
    const other = await readyQuote([t!]);
    const calls = stack.upstream.length;
    const second = await place({ quote_token: other.quote_token, payment: PAY }, key);
    assert.equal(second.status, 422, second.text);
    assert.equal(second.body.error.code, 'idempotency_conflict');
    const none = await place({ quote_token: other.quote_token, payment: PAY });
    assert.equal(none.status, 400);
    const bad = await place({ quote_token: other.quote_token, payment: PAY }, 'short');
    assert.equal(bad.status, 400);
    assert.deepEqual(stack.upstream.slice(calls), [], 'nothing sent upstream');
  });
});

for (const mode of ['direct', 'cart'] as const) {
  describe(`a place with an unknown outcome, ${mode} mode`, () => {
    it('reconciles it instead of sending the order again: one attempt, one order', async () => {
      const q = await readyQuote(await inStockSkus(1004), mode);
      const key = `place-unknown-outcome-${mode}-0001`;
      const before = (await sandboxOrders()).filter((o) => o.status !== 'IN_PROGRESS').length;
      const sends = () => stack.upstream.filter((c) => c === 'POST /v1/orders' || /^POST \/v1\/checkout\/cart\/\d+\/submit$/.test(c)).length;
      // The platform creates the order and then fails the answer: the BFF cannot know what happened.
      await stack.control('/__sandbox/faults', { json: { merchant_id: 1004, fail_submit: 'after' } });
      let first;
      try {
        first = await place({ quote_token: q.quote_token, payment: PAY }, key);
      } finally {
        await stack.control('/__sandbox/faults', { method: 'DELETE' });
      }
      const sent = sends();
      const retry = await place({ quote_token: q.quote_token, payment: PAY }, key);
      const created = (await sandboxOrders()).filter((o) => o.status !== 'IN_PROGRESS').length - before;
      assert.equal(created, 1, `orders created: ${created}; first answer ${first.status} ${first.text}`);
      assert.equal(sends(), sent, 'nothing was sent again');
      // Either the BFF found the order right away, or the retry found it; never a second order.
      assert.equal(retry.status, 201, retry.text);
      assert.notEqual(retry.body.order.status, 'IN_PROGRESS');
      if (first.status === 201) assert.deepEqual(first.body, retry.body);
      else assert.ok(first.status === 202 || first.body.error.code === 'upstream_unavailable', first.text);
    });
  });
}

describe('order events', () => {
  it('streams the order on connect, then each bag change after /__sandbox/orders/{id}/advance', async () => {
    await stack.control('/__sandbox/webhooks', { json: { url: `${stack.base}/api/webhooks` } });
    const { order, access } = await placedOrder(1001, 'sse-order-0001');
    const stream = await readEvents(
      `${stack.base}/api/orders/${order.id}/events?access=${encodeURIComponent(access)}`,
      (events) => events.some((e) => e.event === 'bag'),
      { onOpen: async () => void (await stack.control(`/__sandbox/orders/${order.id}/advance`, { json: {} })) },
    );
    assert.equal(stream.status, 200);
    assert.match(stream.headers.get('content-type') ?? '', /^text\/event-stream/);
    assert.equal(stream.events[0]!.event, 'order');
    assert.equal(stream.events[0]!.data.id, order.id);
    const bag = stream.events.find((e) => e.event === 'bag')!;
    assert.equal(bag.data.order_id, order.id);
    assert.equal(bag.data.bag_id, order.bags[0].id);
    assert.match(bag.data.topic, /^ORDER_/);
    assert.ok(bag.data.status);
  });
});

describe('secrets', () => {
  it('never appear in any response this file received', () => {
    assert.ok(received.length > 30, `only ${received.length} responses recorded`);
    for (const r of received) for (const secret of SECRETS) assert.ok(!r.includes(secret), `secret found in:\n${r.slice(0, 500)}`);
  });
});
