/**
 * Group 6 — webhooks: what reaches `POST /api/webhooks` from someone who is
 * not the service, or from the service at its worst (replays, duplicates at
 * once, events out of order). The shopper's order stream is the witness: a
 * final, known-good "sentinel" event shows that nothing else got through.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { placeOrder, openEvents, sign, startStack, assertNoSecrets, type Stack } from './harness.js';

let stack: Stack;
let order: { id: number; bags: { id: number }[] };
let access: string;

const bagBody = (status: string, fulfillment: string | null, financial: string) => ({
  ...order,
  bags: order.bags.map((b) => ({ ...b, status, fulfillment_status: fulfillment, financial_status: financial })),
});

function post(raw: string, headers: Record<string, string>) {
  return stack.api('/api/webhooks', { method: 'POST', body: raw, headers: { 'content-type': 'application/json', ...headers } });
}

function signedHeaders(raw: string, topic: string, extra: Record<string, string> = {}) {
  return { 'x-service-topic': topic, 'x-service-event-id': randomUUID(), 'x-service-hmac': sign(raw), 'x-service-order-id': String(order.id), ...extra };
}

/** Opens the order's stream, runs `attack`, then sends a forward sentinel and returns the bag events seen before it. */
async function bagEventsDuring(attack: () => Promise<void>, sentinel: { status: string; fulfillment: string | null; financial: string; topic: string }) {
  const stream = await openEvents(`${stack.base}/api/orders/${order.id}/events?access=${access}`);
  try {
    await stream.until((e) => e.event === 'order');
    await attack();
    const raw = JSON.stringify(bagBody(sentinel.status, sentinel.fulfillment, sentinel.financial));
    const res = await post(raw, signedHeaders(raw, sentinel.topic));
    assert.equal(res.status, 200, res.text);
    await stream.until((e) => e.event === 'bag' && e.data.topic === sentinel.topic);
    return stream.events.filter((e) => e.event === 'bag').map((e) => e.data);
  } finally {
    stream.close();
  }
}

before(async () => {
  stack = await startStack();
  ({ order, access } = await placeOrder(stack, [1001], 'hostile-webhook-order-1'));
});
after(() => stack.close());

describe('6. Webhooks', () => {
  it('refuses a body signed with another key (401) and applies nothing', async () => {
    const seen = await bagEventsDuring(async () => {
      const raw = JSON.stringify(bagBody('CANCELED', null, 'VOIDED'));
      const res = await post(raw, { ...signedHeaders(raw, 'ORDER_CANCELED'), 'x-service-hmac': sign(raw, 'guessed-secret') });
      assert.equal(res.status, 401);
      assert.equal(res.body.error.code, 'unauthorized');
    }, { status: 'ACCEPTED', fulfillment: 'PROCESSING', financial: 'AUTHORIZED', topic: 'ORDER_ACCEPTED' });
    assert.deepEqual(seen.map((e) => e.topic), ['ORDER_ACCEPTED']);
  });

  it('refuses a missing or empty signature', async () => {
    const raw = JSON.stringify(bagBody('CANCELED', null, 'VOIDED'));
    const { 'x-service-hmac': _, ...unsigned } = signedHeaders(raw, 'ORDER_CANCELED');
    assert.equal((await post(raw, unsigned)).status, 401);
    assert.equal((await post(raw, { ...unsigned, 'x-service-hmac': '' })).status, 401);
  });

  it('refuses a re-serialised body (signature of the pretty-printed JSON, compact body sent)', async () => {
    const data = bagBody('CANCELED', null, 'VOIDED');
    const res = await post(JSON.stringify(data), signedHeaders(JSON.stringify(data, null, 2), 'ORDER_CANCELED'));
    assert.equal(res.status, 401);
  });

  it('refuses a valid signature with junk appended (base64 that does not round-trip) and a hex-encoded one', async () => {
    const raw = JSON.stringify(bagBody('CANCELED', null, 'VOIDED'));
    const h = signedHeaders(raw, 'ORDER_CANCELED');
    assert.equal((await post(raw, { ...h, 'x-service-hmac': h['x-service-hmac'] + '!!' })).status, 401);
    const hex = Buffer.from(h['x-service-hmac'], 'base64').toString('hex');
    assert.equal((await post(raw, { ...h, 'x-service-hmac': hex })).status, 401);
  });

  it('a forged offer event cannot purge the catalog cache (no extra upstream read after it)', async () => {
    await stack.api('/api/offers?merchant_id=1003&size=3');
    const raw = JSON.stringify({ merchant_id: 1003 });
    const res = await post(raw, { 'x-service-topic': 'OFFER_UPDATED', 'x-service-event-id': randomUUID(), 'x-service-hmac': sign(raw, 'nope') });
    assert.equal(res.status, 401);
    const from = stack.upstream.length;
    await stack.api('/api/offers?merchant_id=1003&size=3');
    assert.deepEqual(stack.upstream.slice(from).filter((c) => c.includes('/merchants/1003')), []);
  });

  it('applies a replayed event id once', async () => {
    const raw = JSON.stringify(bagBody('ACCEPTED', 'SHIPPED', 'PAID'));
    const headers = signedHeaders(raw, 'ORDER_SHIPPED');
    const seen = await bagEventsDuring(async () => {
      assert.equal((await post(raw, headers)).status, 200);
      const again = await post(raw, headers);
      assert.equal(again.status, 200);
      assert.equal(again.body.duplicate, true);
    }, { status: 'ACCEPTED', fulfillment: 'DELIVERED', financial: 'PAID', topic: 'ORDER_DELIVERED' });
    assert.deepEqual(seen.map((e) => e.topic), ['ORDER_SHIPPED', 'ORDER_DELIVERED']);
  });

  it('applies twenty concurrent deliveries of one event once', async () => {
    const raw = JSON.stringify(bagBody('COMPLETED', 'DELIVERED', 'PAID'));
    const headers = signedHeaders(raw, 'ORDER_COMPLETED');
    const seen = await bagEventsDuring(async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, () => post(raw, headers)));
      assert.ok(answers.every((a) => a.status === 200));
      assert.equal(answers.filter((a) => a.body.duplicate !== true).length, 1);
    }, { status: 'PARTIALLY_REFUNDED', fulfillment: 'DELIVERED', financial: 'PARTIALLY_REFUNDED', topic: 'ORDER_REFUNDED' });
    assert.deepEqual(seen.map((e) => e.topic), ['ORDER_COMPLETED', 'ORDER_REFUNDED']);
  });

  it('never moves a bag backwards: late ACCEPTED, SHIPPED and SUBMITTED after a refund reach nobody', async () => {
    // The bag is PARTIALLY_REFUNDED now (previous case). Fresh event ids: these are new events, merely late.
    const seen = await bagEventsDuring(async () => {
      for (const [status, f, fin, topic] of [['ACCEPTED', 'PROCESSING', 'AUTHORIZED', 'ORDER_ACCEPTED'], ['ACCEPTED', 'SHIPPED', 'PAID', 'ORDER_SHIPPED'], ['SUBMITTED', null, 'AUTHORIZED', 'ORDER_UPDATED']] as const) {
        const raw = JSON.stringify(bagBody(status, f, fin));
        assert.equal((await post(raw, signedHeaders(raw, topic))).status, 200);
      }
      // A topic-only event whose body is no order is refused (issue 15.4): the topic alone moves nothing.
      const junk = '{"not":"an order"}';
      assert.equal((await post(junk, signedHeaders(junk, 'ORDER_ACCEPTED', { 'x-service-bag-id': String(order.bags[0]!.id) }))).status, 400);
    }, { status: 'REFUNDED', fulfillment: 'DELIVERED', financial: 'REFUNDED', topic: 'ORDER_REFUNDED' });
    assert.deepEqual(seen.map((e) => e.status), ['REFUNDED']);
  });

  it('acknowledges events for orders it never issued without leaking them into another order\'s stream', async () => {
    const stream = await openEvents(`${stack.base}/api/orders/${order.id}/events?access=${access}`);
    try {
      await stream.until((e) => e.event === 'order');
      const foreign = { ...bagBody('CANCELED', null, 'VOIDED'), id: 987654 };
      const raw = JSON.stringify(foreign);
      const res = await post(raw, signedHeaders(raw, 'ORDER_CANCELED', { 'x-service-order-id': '987654' }));
      assert.equal(res.status, 200);
      const other = await openEvents(`${stack.base}/api/orders/987654/events?access=${access}`);
      assert.equal(other.status, 404);
      other.close();
      assert.deepEqual(stream.events.filter((e) => e.event === 'bag'), []);
    } finally {
      stream.close();
    }
  });

  it('acknowledges unknown topics (200) and ignores them; refuses a topic or event id that is not a token', async () => {
    const raw = JSON.stringify({ hello: 'world' });
    const ok = await post(raw, { 'x-service-topic': 'SOMETHING_NEW', 'x-service-event-id': randomUUID(), 'x-service-hmac': sign(raw) });
    assert.equal(ok.status, 200);
    const badTopic = await post(raw, { 'x-service-topic': '<script>', 'x-service-event-id': randomUUID(), 'x-service-hmac': sign(raw) });
    assert.equal(badTopic.status, 400);
    const noId = await post(raw, { 'x-service-topic': 'ORDER_UPDATED', 'x-service-hmac': sign(raw) });
    assert.equal(noId.status, 400);
    const longId = await post(raw, { 'x-service-topic': 'ORDER_UPDATED', 'x-service-event-id': 'e'.repeat(500), 'x-service-hmac': sign(raw) });
    assert.equal(longId.status, 400);
  });

  it('refuses an oversize (2 MiB) or 10,000-deep signed body', async () => {
    const big = JSON.stringify({ ...order, pad: 'x'.repeat(2 * 1024 * 1024) });
    const res = await post(big, signedHeaders(big, 'ORDER_UPDATED'));
    assert.equal(res.status, 413);
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const d = await post(deep, signedHeaders(deep, 'ORDER_UPDATED'));
    assert.equal(d.status, 413);
  });

  it('takes real deliveries from the sandbox end to end: each advance reaches the stream once, in order', async () => {
    await stack.control('/__sandbox/webhooks', { json: { url: `${stack.base}/api/webhooks` } });
    const placed = await placeOrder(stack, [1002], 'hostile-webhook-order-2', { currency: 'JPY' });
    const stream = await openEvents(`${stack.base}/api/orders/${placed.order.id}/events?access=${placed.access}`);
    try {
      await stream.until((e) => e.event === 'order');
      await stack.control(`/__sandbox/orders/${placed.order.id}/advance`, { json: {} });
      await stack.control(`/__sandbox/orders/${placed.order.id}/advance`, { json: {} });
      await stream.until((e) => e.event === 'bag' && e.data.fulfillment_status === 'SHIPPED');
      const topics = stream.events.filter((e) => e.event === 'bag').map((e) => e.data.topic);
      assert.deepEqual(topics.slice(-2), ['ORDER_ACCEPTED', 'ORDER_SHIPPED']);
    } finally {
      stream.close();
      await stack.control('/__sandbox/webhooks', { method: 'DELETE' });
    }
  });

  it('no answer in this file carried the app secret or token', () => {
    assert.equal(assertNoSecrets(stack.received), undefined);
  });
});
