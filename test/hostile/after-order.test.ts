/**
 * Attacks on the routes after the order (issue 28): enumerating orders through the lookup, another
 * shopper's handle on a cancel, the desk's routes without the operator token or with a shopper's
 * handle, and cancelling twice.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoSecrets, SHOP, startStack, type Answer, type Stack } from './harness.js';
import { placeOrder, SHOPPER } from '../fixtures/after-order.js';
import { LOOKUP_FLOOR_MS } from '../../src/bff/order-lookup.js';

const OPERATOR = 'operator-token-for-hostile-tests-42';
let stack: Stack;

before(async () => {
  stack = await startStack({ operatorToken: OPERATOR });
});
after(async () => {
  await stack?.close();
});

const shop = { origin: SHOP };
const lookup = (json: object) => stack.api('/api/orders/lookup', { method: 'POST', headers: shop, json });
/** What an answer tells a guesser: everything but the date and the request id (its own per request). */
const observable = (a: Answer) => ({ status: a.status, text: a.text, headers: [...a.headers].filter(([k]) => k !== 'date' && k !== 'x-request-id') });

describe('lookup enumeration', () => {
  it('answers a wrong number, a wrong email and a cart\'s number the same, with the same upstream work and the same floor of time', async () => {
    const { order } = await placeOrder(stack.api, SHOP, [1001]);
    // A cart with the shopper's email that was never placed is not an order either.
    const cart = await stack.control('/v1/checkout/cart', { json: { base_currency: 'USD', skus: [{ sku_id: order.bags[0].skus[0].sku_id, quantity: 1 }], customer: SHOPPER } });
    const tries = [
      { order_id: order.id + 1000, email: SHOPPER.email },
      { order_id: order.id, email: 'eve@example.com' },
      { order_id: cart.id, email: SHOPPER.email },
    ];
    const seen = [];
    for (const json of tries) {
      const from = stack.upstream.length;
      const started = performance.now();
      const res = await lookup(json);
      const took = performance.now() - started;
      // A lower bound only: every answer waits for the same floor, whatever the service said.
      assert.ok(took >= LOOKUP_FLOOR_MS - 5, `answered after ${took} ms`);
      seen.push({ answer: observable(res), upstream: stack.upstream.slice(from).map((u) => u.replace(/\d+$/, 'N')) });
    }
    assert.equal(seen[0]!.answer.status, 404);
    for (const s of seen.slice(1)) assert.deepEqual(s, seen[0]);
  });

  it('limits lookups per client, and the limit answers the right number and email the same way', async () => {
    const { order } = await placeOrder(stack.api, SHOP, [1001]);
    let refused: Answer | undefined;
    for (let i = 0; i < 12 && !refused; i++) {
      const res = await lookup({ order_id: order.id + 5000 + i, email: SHOPPER.email });
      if (res.status === 429) refused = res;
    }
    assert.ok(refused, 'a guesser is refused within a dozen tries');
    assert.equal(refused.body.error.code, 'rate_limited');
    const right = await lookup({ order_id: order.id, email: SHOPPER.email });
    assert.equal(right.status, 429, 'the right pair is refused too: the limit does not tell');
  });
});

describe('cancel', () => {
  it('refuses another shopper\'s handle and sends nothing upstream', async () => {
    const mine = await placeOrder(stack.api, SHOP, [1001]);
    const theirs = await placeOrder(stack.api, SHOP, [1001]);
    const from = stack.upstream.length;
    for (const path of [`/api/orders/${mine.order.id}/cancel`, `/api/orders/${mine.order.id}/bags/${mine.order.bags[0].id}/cancel`, `/api/orders/${mine.order.id}/refunds`]) {
      const res = await stack.api(path, {
        method: path.endsWith('refunds') ? 'GET' : 'POST',
        headers: { ...shop, 'tote-access': theirs.access, 'idempotency-key': 'hostile-cancel-1' },
        ...(path.endsWith('refunds') ? {} : { json: {} }),
      });
      assert.equal(res.status, 404, `${path}: ${res.text}`);
    }
    assert.deepEqual(stack.upstream.slice(from), []);
  });

  it('cancels twice as once: the second press with a new key sends nothing and answers the cancelled order', async () => {
    const { order, access } = await placeOrder(stack.api, SHOP, [1001]);
    const press = (key: string) => stack.api(`/api/orders/${order.id}/cancel`, { method: 'POST', headers: { ...shop, 'tote-access': access, 'idempotency-key': key }, json: {} });
    const first = await press('hostile-twice-0001');
    assert.equal(first.status, 200, first.text);
    const from = stack.upstream.length;
    const second = await press('hostile-twice-0002');
    assert.equal(second.status, 200, second.text);
    assert.equal(second.body.order.status, 'CANCELED');
    assert.deepEqual(stack.upstream.slice(from).filter((u) => u.startsWith('POST')), []);
  });
});

describe('the operator\'s desk', () => {
  it('answers 401 without the operator token, with a wrong one, and with a shopper\'s access handle', async () => {
    const { order, access } = await placeOrder(stack.api, SHOP, [1001]);
    const from = stack.upstream.length;
    const headers: Record<string, string>[] = [{}, { authorization: 'Bearer wrong-token' }, { authorization: `Bearer ${access}` }, { 'tote-access': access }, { authorization: OPERATOR }];
    for (const h of headers) {
      const list = await stack.api(`/api/operator/orders?q=${order.id}`, { headers: { ...shop, ...h } });
      assert.equal(list.status, 401, list.text);
      const cancel = await stack.api(`/api/operator/orders/${order.id}/bags/${order.bags[0].id}/cancel`, { method: 'POST', headers: { ...shop, ...h }, json: { reason: 'x' } });
      assert.equal(cancel.status, 401, cancel.text);
      const events = await stack.api('/api/operator/webhooks', { headers: { ...shop, ...h } });
      assert.equal(events.status, 401, events.text);
      const resend = await stack.api('/api/operator/webhooks/1/events/1/redeliver', { method: 'POST', headers: { ...shop, ...h }, json: {} });
      assert.equal(resend.status, 401, resend.text);
    }
    assert.deepEqual(stack.upstream.slice(from), []);
  });

  it('leaks no secret in anything answered', () => {
    assert.equal(assertNoSecrets(stack.received), undefined);
  });
});
