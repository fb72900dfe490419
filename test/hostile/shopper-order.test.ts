/**
 * Issue 25.7: every order answer a browser can read — the place 201, `GET /api/orders/:id`, the
 * order stream's snapshot and bag events, error bodies — carries the shopper allowlist only
 * (src/contract/shopper-order.ts). The sandbox's orders carry commission, platform, external ids,
 * the app's id and name and the platform's own error text; a signed webhook adds a gateway
 * transaction id. None of it may reach the shopper, in either mode.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ShopperOrderSchema } from '../../src/contract/shopper-order.js';
import { openEvents, place, placeOrder, readyQuote, sign, startStack, type Stack } from './harness.js';

const FORBIDDEN = ['commission_rate', 'gateway_transaction_id', 'gateway', 'external_id', 'platform', 'app_id', 'app_name', 'channel', 'transactions', 'raw_carrier', 'message'];
const CANARY = 'upstream-canary-7f3a';

let stack: Stack;
before(async () => {
  stack = await startStack();
});
after(() => stack.close());

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      keysOf(v, into);
    }
  }
  return into;
}

function assertAllowlisted(what: string, body: unknown) {
  const keys = keysOf(body);
  for (const k of FORBIDDEN) assert.ok(!keys.has(k), `${what} carries ${k}`);
  assert.ok(!JSON.stringify(body).includes(CANARY), `${what} carries upstream text`);
}

for (const mode of ['direct', 'cart'] as const) {
  describe(`the shopper allowlist on orders (${mode} mode)`, () => {
    it('the place 201, the order read, the stream snapshot and a bag event carry no business field nor upstream text', async () => {
      await stack.control('/__sandbox/faults', { json: { merchant_id: 1002, reject_bags: true } });
      const { order, access } = await placeOrder(stack, [1001, 1002], `allow-${mode}-${randomUUID()}`, { mode });
      await stack.control('/__sandbox/faults', { method: 'DELETE' });
      const upstream = (await stack.control('/__sandbox/orders')).find((o: any) => o.id === order.id);
      // The test is only worth something if the service's order does carry what must be dropped.
      const upstreamKeys = keysOf(upstream);
      for (const k of ['commission_rate', 'external_id', 'platform', 'app_id', 'app_name']) assert.ok(upstreamKeys.has(k), `the sandbox order has ${k}`);
      assert.ok(upstream.errors.some((e: any) => e.message), 'the rejected bag left the platform’s words in errors[]');

      assertAllowlisted('the place 201', order);
      assert.equal(ShopperOrderSchema.safeParse(order).success, true);
      assert.ok(order.bags.every((b: any) => b.merchant_name && b.total != null && (b.status ?? b.bag_status)), 'what the widget shows is kept');
      assert.ok(order.errors.some((e: any) => e.bag_id), 'the rejected bag is still named');

      const read = await stack.api(`/api/orders/${order.id}`, { headers: { 'tote-access': access } });
      assert.equal(read.status, 200, read.text);
      assertAllowlisted('GET /api/orders/:id', read.body);

      const stream = await openEvents(`${stack.base}/api/orders/${order.id}/events?access=${access}`);
      try {
        await stream.until((e) => e.event === 'order');
        // The service's own order, with a bag moved on, a transaction and upstream text: as hostile as a webhook gets.
        const hostile = {
          ...upstream,
          bags: upstream.bags.map((b: any) => ({
            ...b,
            status: 'ACCEPTED',
            financial_status: 'AUTHORIZED',
            fulfillment_status: 'PROCESSING',
            transactions: [{ id: 1, gateway: 'stripe', gateway_transaction_id: `ch_${CANARY}`, amount: b.total }],
            fulfillments: [{ id: 9, carrier: 'UPS', raw_carrier: CANARY, external_id: CANARY, tracking_number: '1Z999', tracking_url: 'https://track.example/1Z999' }],
          })),
        };
        const raw = JSON.stringify(hostile);
        const res = await stack.api('/api/webhooks', {
          method: 'POST',
          body: raw,
          headers: { 'content-type': 'application/json', 'x-service-topic': 'ORDER_ACCEPTED', 'x-service-event-id': randomUUID(), 'x-service-hmac': sign(raw), 'x-service-order-id': String(order.id) },
        });
        assert.equal(res.status, 200, res.text);
        await stream.until((e) => e.event === 'bag');
      } finally {
        stream.close();
      }
      const snapshot = stream.events.find((e) => e.event === 'order')!.data;
      assertAllowlisted('the stream snapshot', snapshot);
      const bags = stream.events.filter((e) => e.event === 'bag').map((e) => e.data);
      for (const bag of bags) assertAllowlisted('a bag event', bag);
      assert.ok(bags.some((e) => e.bag?.fulfillments?.[0]?.tracking_number === '1Z999'), 'tracking still reaches the order page');
    });
  });
}

describe('error bodies', () => {
  it('a refused place names codes and ids only, never the service’s words', async () => {
    const quote = await readyQuote(stack, [1003]);
    const sku = quote.bags[0].lines[0].sku_id;
    await stack.control('/__sandbox/faults', { json: { merchant_id: 1003, out_of_stock_sku_ids: [sku] } });
    const res = await place(stack, quote.quote_token, `allow-err-${randomUUID()}`);
    await stack.control('/__sandbox/faults', { method: 'DELETE' });
    assert.equal(res.status, 409, res.text);
    const { message, ...error } = res.body.error;
    assertAllowlisted('a 409 body', error);
    assert.ok(!/sku identified|platform|merchant 1003/i.test(message), `our words, not the service’s: ${message}`);
    for (const k of Object.keys(error)) assert.ok(['code', 'skus', 'fields', 'merchant_id', 'retry_after'].includes(k), `error carries ${k}`);
    for (const s of error.skus) for (const k of Object.keys(s)) assert.ok(['sku_id', 'order_sku_id', 'bag_id'].includes(k), `sku carries ${k}`);
  });
});
