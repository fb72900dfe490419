/**
 * Issue 25.6, server side: a busy shop (the README's fault example, `latency_ms 800, rate_limit_every 2,
 * retry_after_s 5`) with the BFF's default retry and upstream deadlines, as deployed. A 429 to a submit
 * is a known "not placed": answered at once `429 merchant_busy` naming the shop and when to try again,
 * the submit sent once (never again behind the shopper's back), the attempt's key freed, no order made.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADDRESS, CUSTOMER, place, readyQuote, startStack, type Stack } from './harness.js';

let stack: Stack;
const README_FAULT = { merchant_id: 1001, latency_ms: 800, rate_limit_every: 2, retry_after_s: 5 };

before(async () => {
  // The deployed defaults: the client's own retry budget and the 20 s upstream deadline.
  stack = await startStack({ retry: undefined, upstreamTimeoutMs: undefined });
});
afterEach(async () => {
  await stack.control('/__sandbox/faults', { method: 'DELETE' });
});
after(() => stack.close());

const submits = (mode: 'direct' | 'cart') =>
  stack.upstream.filter((c) => (mode === 'direct' ? /^POST \/v1\/orders(\?|$)/.test(c) : /^POST \/v1\/checkout\/cart\/\d+\/submit/.test(c))).length;

/** Attempts (app_order_id) with more than one order. */
const duplicates = (orders: any[]) => {
  const seen = new Map<string, number>();
  for (const o of orders) if (o.app_order_id && o.status !== 'IN_PROGRESS') seen.set(o.app_order_id, (seen.get(o.app_order_id) ?? 0) + 1);
  return [...seen.values()].filter((n) => n > 1).length;
};

/** A quote of the lines of `quote` while 1001 is busy: ready, or 429 naming the busy shop, or a busy bag asked again. */
async function quoteWhileBusy(mode: 'direct' | 'cart') {
  for (let i = 0; ; i++) {
    const res = await stack.api('/api/checkout/quote', { method: 'POST', json: { mode, lines: lines.map((sku_id) => ({ sku_id, quantity: 1 })), customer: CUSTOMER, shipping_address: ADDRESS } });
    if (res.status === 429 || res.body.ready || i >= 10) return res;
    assert.ok(res.body.bags.some((b: any) => b.merchant_id === 1001 && b.problems.some((p: any) => p.code === 'merchant_busy')), res.text);
  }
}
let lines: number[] = [];

for (const mode of ['direct', 'cart'] as const) {
  describe(`a busy shop at "Place order" (${mode} mode)`, () => {
    it('answers 429 merchant_busy naming the shop and its Retry-After, sends nothing twice and frees the key', async () => {
      const quote = await readyQuote(stack, [1001, 1002], { mode });
      lines = quote.bags.flatMap((b: any) => b.lines.map((l: any) => l.sku_id));
      await stack.control('/__sandbox/faults', { json: README_FAULT });
      const before = submits(mode);
      const key = `busy-${mode}-${Date.now()}`;
      const res = await place(stack, quote.quote_token, key);
      assert.equal(res.status, 429, res.text);
      assert.equal(res.body.error.code, 'merchant_busy');
      assert.equal(res.body.error.merchant_id, 1001);
      assert.equal(res.body.error.retry_after, 5);
      assert.equal(res.headers.get('retry-after'), '5');
      assert.ok(submits(mode) - before <= 1, 'the submit was not retried behind the shopper’s back');
      assert.equal((await stack.control('/__sandbox/orders')).filter((o: any) => o.status !== 'IN_PROGRESS').length, 0);

      // More shoppers pressing "Place order" while the shop stays busy: each answered placed or busy, none twice.
      for (let i = 0; i < 3; i++) {
        const other = await quoteWhileBusy(mode);
        // A busy shop is named at the quote already (cart mode: its cart steps are refused), or at "Place order".
        if (other.status === 429) {
          assert.equal(other.body.error.merchant_id, 1001, other.text);
          continue;
        }
        const answer = await place(stack, other.body.quote_token, `busy-${mode}-more-${i}-${Date.now()}`);
        assert.ok(answer.status === 201 || (answer.status === 429 && answer.body.error.merchant_id === 1001), answer.text);
      }
      assert.equal(duplicates(await stack.control('/__sandbox/orders')), 0);

      // The key was freed: once the shop is free again, the same attempt places its order, once.
      await stack.control('/__sandbox/faults', { method: 'DELETE' });
      const again = await place(stack, quote.quote_token, key);
      assert.equal(again.status, 201, again.text);
      const repeat = await place(stack, quote.quote_token, key);
      assert.equal(repeat.body.order.id, again.body.order.id);
      const orders = await stack.control('/__sandbox/orders');
      assert.equal(orders.filter((o: any) => o.app_order_id === again.body.order.app_order_id).length, 1, 'one order for the attempt');
      assert.equal(duplicates(orders), 0);
      await stack.control('/__sandbox/reset', { json: {} });
    });
  });
}

describe('a busy shop while quoting', () => {
  it('cart mode names the busy shop with its Retry-After instead of waiting it out', async () => {
    const first = await readyQuote(stack, [1002], { mode: 'cart' });
    const busySku = (await stack.api('/api/offers?merchant_id=1001&size=20')).body.offers[0].skus[0];
    const callsOf1001 = async () => (await stack.control('/__sandbox/calls')).merchants['1001'].count as number;
    const before = await callsOf1001();
    await stack.control('/__sandbox/faults', { json: { merchant_id: 1001, rate_limit_every: 1, retry_after_s: 5 } });
    const res = await stack.api('/api/checkout/quote', {
      method: 'POST',
      json: { mode: 'cart', lines: [...first.bags[0].lines.map((l: any) => ({ sku_id: l.sku_id, quantity: 1 })), { sku_id: busySku.id, quantity: 1 }], quote_token: first.quote_token },
    });
    assert.equal(res.status, 429, res.text);
    assert.equal(res.body.error.code, 'merchant_busy');
    assert.equal(res.body.error.merchant_id, 1001);
    assert.equal(res.body.error.retry_after, 5);
    assert.equal((await callsOf1001()) - before, 1, 'a Retry-After beyond the busy deadline is not waited out');
  });

  it('a read whose Retry-After fits the busy deadline is retried after it', async () => {
    await stack.control('/__sandbox/faults', { json: { merchant_id: 1003, rate_limit_every: 2, retry_after_s: 1 } });
    assert.equal((await stack.api('/api/offers?merchant_id=1003&size=1')).status, 200);
    const res = await stack.api('/api/offers?merchant_id=1003&size=2');
    assert.equal(res.status, 200, res.text);
    assert.ok((await stack.control('/__sandbox/calls')).merchants['1003'].rate_limited >= 1);
  });
});
