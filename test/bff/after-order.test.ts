/**
 * After the order (issue 28), over real HTTP against the sandbox: a shopper finds an order again by
 * number and email, cancels one shop's bag inside the remorse window and is refused outside it,
 * and reads refunds (amounts and lines) made by the merchant.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { APP_SECRET, OPERATOR_TOKEN, SHOP_ORIGIN, startStack, type Stack } from './harness.js';
import { placeOrder, SHOPPER } from '../fixtures/after-order.js';
import { startWebhookReceiver } from '../webhook-receiver.js';
import { until } from '../until.js';

let stack: Stack;
const shop = { origin: SHOP_ORIGIN };

before(async () => {
  stack = await startStack({ rateLimit: false, operatorToken: OPERATOR_TOKEN });
});
after(async () => {
  await stack?.close();
});

const lookup = (json: object) => stack.api('/api/orders/lookup', { method: 'POST', headers: shop, json });
const cancel = (path: string, access: string, key: string, json: object = {}) =>
  stack.api(`/api/orders/${path}`, { method: 'POST', headers: { ...shop, 'tote-access': access, 'idempotency-key': key }, json });
const cancelsSent = () => stack.upstream.filter((u) => /^POST \/v1\/orders\/\d+(\/bags\/\d+)?\/cancel$/.test(u)).length;

describe('order lookup', () => {
  it('gives the confirmation\'s access handle for the right number and email, whatever the email\'s case', async () => {
    const { order, access } = await placeOrder(stack.api, SHOP_ORIGIN, [1001]);
    const res = await lookup({ order_id: String(order.id), email: `  ${SHOPPER.email.toUpperCase()} ` });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { order_id: order.id, access });
    const page = await stack.api(`/api/orders/${order.id}`, { headers: { 'tote-access': res.body.access } });
    assert.equal(page.status, 200, page.text);
  });
});

describe('cancelling', () => {
  it('cancels one shop\'s bag inside the window, once for two presses, and leaves the other going', async () => {
    const { order, access } = await placeOrder(stack.api, SHOP_ORIGIN, [1001, 1002]);
    const [first, second] = order.bags;
    assert.ok(first.remorse_period_ends, 'the sandbox opens a remorse window at submit');
    const before = cancelsSent();
    const answers = await Promise.all([
      cancel(`${order.id}/bags/${first.id}/cancel`, access, 'cancel-key-0001', { reason: 'Ordered by mistake' }),
      cancel(`${order.id}/bags/${first.id}/cancel`, access, 'cancel-key-0001', { reason: 'Ordered by mistake' }),
    ]);
    for (const res of answers) assert.equal(res.status, 200, res.text);
    assert.deepEqual(answers[0]!.body, answers[1]!.body);
    const again = await cancel(`${order.id}/bags/${first.id}/cancel`, access, 'cancel-key-0002');
    assert.equal(again.status, 200, again.text);
    assert.equal(cancelsSent() - before, 1, 'the service received one cancel');
    const bags = new Map(again.body.order.bags.map((b: any) => [b.id, b.status]));
    assert.equal(bags.get(first.id), 'CANCELED');
    assert.notEqual(bags.get(second.id), 'CANCELED');
  });

  it('refuses outside the window with the reason, and sends nothing', async () => {
    const { order, access } = await placeOrder(stack.api, SHOP_ORIGIN, [1001]);
    await stack.control(`/__sandbox/orders/${order.id}/remorse`, { json: { ends: '2020-01-01T00:00:00Z' } });
    const before = cancelsSent();
    const res = await cancel(`${order.id}/cancel`, access, 'cancel-key-0003');
    assert.equal(res.status, 409, res.text);
    assert.equal(res.body.error.code, 'cancel_window_closed');
    assert.match(res.body.error.message, /ended at 2020-01-01T00:00:00/);
    assert.equal(cancelsSent(), before);
  });

  it('asks for an Idempotency-Key and refuses the key reused for another request', async () => {
    const { order, access } = await placeOrder(stack.api, SHOP_ORIGIN, [1001, 1002]);
    const missing = await stack.api(`/api/orders/${order.id}/cancel`, { method: 'POST', headers: { ...shop, 'tote-access': access }, json: {} });
    assert.equal(missing.status, 400, missing.text);
    assert.equal((await cancel(`${order.id}/bags/${order.bags[0].id}/cancel`, access, 'cancel-key-0004')).status, 200);
    const reused = await cancel(`${order.id}/bags/${order.bags[1].id}/cancel`, access, 'cancel-key-0004');
    assert.equal(reused.status, 422, reused.text);
    assert.equal(reused.body.error.code, 'idempotency_conflict');
  });
});

describe('refunds', () => {
  it('lists a partial refund made by the merchant with its amount, currency and lines, not its reason text', async () => {
    const { order, access } = await placeOrder(stack.api, SHOP_ORIGIN, [1001, 1002]);
    await stack.control(`/__sandbox/orders/${order.id}/advance`, { json: {} });
    const bag = order.bags[0];
    const line = bag.skus[0];
    await stack.control(`/__sandbox/orders/${order.id}/refunds`, {
      json: { bag_id: bag.id, amount: 150, skus: [{ order_sku_id: line.id, quantity: 1 }], reason: '<b>internal note</b>' },
    });
    const res = await stack.api(`/api/orders/${order.id}/refunds`, { headers: { 'tote-access': access } });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.refunds.length, 1);
    const [refund] = res.body.refunds;
    assert.equal(refund.amount, 150);
    assert.equal(refund.currency, bag.currency);
    assert.equal(refund.bag_id, bag.id);
    assert.deepEqual(refund.items, [{ order_sku_id: line.id, quantity: 1 }]);
    assert.ok(!res.text.includes('internal note'), 'the merchant\'s reason stays upstream');
    // A later full refund is of what the partial one left.
    await stack.control(`/__sandbox/orders/${order.id}/refunds`, { json: { bag_id: bag.id } });
    const both = await stack.api(`/api/orders/${order.id}/refunds`, { headers: { 'tote-access': access } });
    assert.deepEqual(both.body.refunds.map((r: any) => r.amount), [150, bag.total - 150]);
  });
});

describe('the operator\'s order desk', () => {
  const desk = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    stack.api(`/api/operator/${path}`, { ...init, headers: { ...shop, authorization: `Bearer ${OPERATOR_TOKEN}`, ...init.headers } });

  it('finds an order by email, number and app_order_id, lists a rejected bag first, and cancels a bag with a reason', async () => {
    const mine = await placeOrder(stack.api, SHOP_ORIGIN, [1001, 1002], 'grace@example.com');
    await stack.control('/__sandbox/faults', { json: { merchant_id: 1003, reject_bags: true } });
    let rejected;
    try {
      rejected = await placeOrder(stack.api, SHOP_ORIGIN, [1001, 1003], 'linus@example.com');
    } finally {
      await stack.control('/__sandbox/faults?merchant_id=1003', { method: 'DELETE' });
    }
    await placeOrder(stack.api, SHOP_ORIGIN, [1001], 'later@example.com');

    const byEmail = await desk('orders?q=GRACE%40example.com');
    assert.equal(byEmail.status, 200, byEmail.text);
    assert.deepEqual(byEmail.body.orders.map((o: any) => o.id), [mine.order.id]);
    assert.ok(!byEmail.text.includes('grace@example.com') && !byEmail.text.includes('Lovelace'), 'no personal data in the desk\'s answers');
    const byNumber = await desk(`orders?q=${mine.order.id}`);
    assert.deepEqual(byNumber.body.orders.map((o: any) => o.id), [mine.order.id]);
    const byAppOrderId = await desk(`orders?q=${encodeURIComponent(mine.order.app_order_id)}`);
    assert.deepEqual(byAppOrderId.body.orders.map((o: any) => o.id), [mine.order.id]);

    const all = await desk('orders');
    assert.equal(all.body.orders[0].id, rejected.order.id, 'the order with a rejected bag comes first, before newer ones');
    assert.ok(all.body.orders[0].bags.some((b: any) => b.attention === 'rejected'));

    const bag = mine.order.bags[1];
    const cancelled = await desk(`orders/${mine.order.id}/bags/${bag.id}/cancel`, { method: 'POST', json: { reason: 'Shop out of stock', restock_items: false, notify_customer: true } });
    assert.equal(cancelled.status, 200, cancelled.text);
    const states = new Map(cancelled.body.order.bags.map((b: any) => [b.id, b.status]));
    assert.equal(states.get(bag.id), 'CANCELED');
    assert.notEqual(states.get(mine.order.bags[0].id), 'CANCELED');
    const again = await desk(`orders/${mine.order.id}/bags/${bag.id}/cancel`, { method: 'POST', json: { reason: 'again' } });
    assert.equal(again.status, 409, again.text);
    assert.equal(again.body.error.code, 'not_cancelable');
  });

  it('keeps each bag\'s history of the signed webhooks received, newest first, once per event, for the operator only', async () => {
    const { order, access } = await placeOrder(stack.api, SHOP_ORIGIN, [1001, 1002], 'history@example.com');
    const [bag, other] = order.bags;
    const empty = await desk(`orders/${order.id}/history`);
    assert.equal(empty.status, 200, empty.text);
    assert.deepEqual(empty.body, { order_id: order.id, bags: [] }, 'nothing received yet');

    const deliver = (eventId: string, topic: string, state: Record<string, unknown>) => {
      const body = JSON.stringify({ ...order, bags: order.bags.map((b: any) => (b.id === bag.id ? { ...b, ...state } : b)) });
      const headers = {
        'content-type': 'application/json',
        'x-service-hmac': createHmac('sha256', APP_SECRET).update(body).digest('base64'),
        'x-service-topic': topic,
        'x-service-event-id': eventId,
        'x-service-order-id': String(order.id),
        'x-service-bag-id': String(bag.id),
      };
      return stack.api('/api/webhooks', { method: 'POST', headers, body });
    };
    const accepted = { status: 'ACCEPTED', financial_status: 'PAID', fulfillment_status: 'PROCESSING' };
    assert.equal((await deliver('evt-history-1', 'ORDER_ACCEPTED', accepted)).status, 200);
    assert.equal((await deliver('evt-history-2', 'ORDER_SHIPPED', { ...accepted, fulfillment_status: 'FULFILLED', merchant_name: '<i>free text</i>' })).status, 200);
    assert.deepEqual((await deliver('evt-history-2', 'ORDER_SHIPPED', accepted)).body, { ok: true, duplicate: true });
    // A late, older state is history too (the shopper never sees it: the bag does not move back).
    assert.equal((await deliver('evt-history-3', 'ORDER_UPDATED', { status: 'SUBMITTED', financial_status: 'Paid <b>now</b>' })).status, 200);

    const res = await desk(`orders/${order.id}/history`);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.bags.map((b: any) => b.bag_id), [bag.id], 'only the bag the events were about');
    const history = res.body.bags[0].history;
    assert.deepEqual(
      history.map(({ received_at, ...e }: any) => e),
      [
        { event_id: 'evt-history-3', topic: 'ORDER_UPDATED', status: 'SUBMITTED', financial_status: null, fulfillment_status: 'PROCESSING' },
        { event_id: 'evt-history-2', topic: 'ORDER_SHIPPED', status: 'ACCEPTED', financial_status: 'PAID', fulfillment_status: 'SHIPPED' },
        { event_id: 'evt-history-1', topic: 'ORDER_ACCEPTED', status: 'ACCEPTED', financial_status: 'PAID', fulfillment_status: 'PROCESSING' },
      ],
    );
    for (const e of history) assert.ok(!Number.isNaN(Date.parse(e.received_at)), 'received_at is a time');
    assert.ok(!/history@example|Lovelace|free text|<b>/.test(res.text), 'no shopper data or upstream text in the history');
    assert.ok(!res.body.bags.some((b: any) => b.bag_id === other.id));

    const anonymous = await stack.api(`/api/operator/orders/${order.id}/history`, { headers: shop });
    assert.equal(anonymous.status, 401, anonymous.text);
    for (const headers of [{ 'tote-access': access }, { authorization: `Bearer ${access}` }] as Record<string, string>[]) {
      const shopper = await stack.api(`/api/operator/orders/${order.id}/history`, { headers: { ...shop, ...headers } });
      assert.equal(shopper.status, 401, shopper.text);
      assert.ok(!shopper.text.includes('evt-history'));
    }
    assert.equal((await desk('orders/0x1/history')).status, 400);
  });

  it('lists the service\'s webhook events with the failed ones first, and redelivers one that failed', async () => {
    // A receiver of the channel's that is down, then back.
    const receiver = await startWebhookReceiver();
    const { url, state } = receiver;
    try {
      await stack.control('/__sandbox/webhooks', { json: { url, retry_delays_ms: [] } });
      const { order } = await placeOrder(stack.api, SHOP_ORIGIN, [1001], 'hooks@example.com');
      let failed: any;
      for (let i = 0; i < 50 && !failed; i++) {
        const log = await desk('webhooks');
        assert.equal(log.status, 200, log.text);
        failed = log.body.events.find((e: any) => e.status === 'FAILED' && e.entity_id === order.id);
        if (!failed) await new Promise((r) => setTimeout(r, 50));
      }
      assert.ok(failed, 'the delivery to the receiver that was down is FAILED in the log');
      const log = await desk('webhooks');
      assert.equal(log.body.events[0].status, 'FAILED', 'failed events first');
      assert.ok(!('response' in failed) && !('remote_endpoint' in failed), 'no receiver text or URL in the desk\'s answer');
      const sameEvent = state.got.filter((h) => h['x-service-topic'] === failed.event_type && h['x-service-order-id'] === String(order.id));
      assert.equal(sameEvent.length, 1);
      const original = sameEvent[0]!['x-service-event-id'];

      state.up = true;
      const resent = await desk(`webhooks/${failed.webhook_id}/events/${failed.id}/redeliver`, { method: 'POST', json: {} });
      assert.equal(resent.status, 200, resent.text);
      assert.notEqual(resent.body.event.id, failed.id);
      const copyOf = () => state.got.find((h) => h['x-service-event-id-source'] !== undefined);
      await until(() => !!copyOf(), 'the redelivered copy');
      const copy = copyOf()!;
      assert.equal(copy['x-service-event-id-source'], original, 'the copy names the event it resends');
      assert.notEqual(copy['x-service-event-id'], original);
      const after = await desk('webhooks');
      assert.equal(after.body.events.find((e: any) => e.id === resent.body.event.id).status, 'SUCCEEDED');
    } finally {
      await stack.control(`/__sandbox/webhooks?url=${encodeURIComponent(url)}`, { method: 'DELETE' });
      await receiver.close();
    }
  });
});
