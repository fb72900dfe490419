/**
 * Issue 25.9 — shoppability fails closed. A merchant the catalog hides (needs attention) is not
 * quoted: its bag is flagged and its lines never reach the service (its platform sees no call).
 * When the health read fails, no merchant counts as shoppable: the quote is refused (503, with
 * Retry-After) until a read succeeds again, a short while later.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADDRESS, CUSTOMER, PAY, startStack, type Stack } from './harness.js';
import { until } from '../until.js';

let stack: Stack;
let healthDown = false;

before(async () => {
  stack = await startStack({
    // Every quote reads health afresh, so a change of shoppability is seen at once.
    healthTtlMs: 1,
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (healthDown && url.pathname === '/v1/operations/connection_health') return Promise.reject(new TypeError('connection refused'));
      return fetch(input, init);
    },
  });
});
after(() => stack.close());

async function skuOf(merchantId: number): Promise<number> {
  const page = await stack.api(`/api/offers?merchant_id=${merchantId}&size=10`);
  assert.equal(page.status, 200, page.text);
  return page.body.offers.flatMap((o: any) => o.skus).find((s: any) => s.in_stock).id;
}
const callsOf = async (merchantId: number) => ((await stack.control('/__sandbox/calls')).merchants[merchantId]?.count ?? 0) as number;
const quote = (mode: 'direct' | 'cart', lines: number[]) =>
  stack.api('/api/checkout/quote', { method: 'POST', json: { mode, lines: lines.map((sku_id) => ({ sku_id, quantity: 1 })), customer: CUSTOMER, shipping_address: ADDRESS } });

describe('a merchant the catalog hides', () => {
  for (const mode of ['direct', 'cart'] as const) {
    it(`is not quoted (${mode} mode): its bag is flagged, no service call reaches its platform, the quote is not ready`, async () => {
      await stack.control('/__sandbox/reset', { json: {} });
      const hidden = await skuOf(1005);
      const shown = await skuOf(1001);
      await stack.control('/__sandbox/merchants/1005/attention', { json: {} });
      // The service's health list is cached; a merchant event makes the BFF refresh it the way this read does.
      await stack.control('/v1/operations/connection_health/1005?refresh=true');
      const before = await callsOf(1005);
      const res = await quote(mode, [shown, hidden]);
      assert.equal(res.status, 200, res.text);
      const bag = res.body.bags.find((b: any) => b.merchant_id === 1005);
      assert.ok(bag, 'the hidden merchant’s lines are still shown, flagged');
      assert.deepEqual(bag.problems, [{ code: 'unavailable', sku_id: hidden }]);
      assert.equal(bag.lines[0].available, false);
      assert.equal(res.body.ready, false);
      assert.equal(await callsOf(1005), before, 'no call for the hidden merchant');
      assert.ok(res.body.bags.some((b: any) => b.merchant_id === 1001 && b.problems.length === 0));
    });
  }
});

describe('a merchant hidden after the quote', () => {
  it('is not placed: 409 quote_invalid naming it, nothing sent, no order', async () => {
    await stack.control('/__sandbox/reset', { json: {} });
    const q = await quote('direct', [await skuOf(1001), await skuOf(1005)]);
    assert.equal(q.body.ready, true, q.text);
    await stack.control('/__sandbox/merchants/1005/attention', { json: {} });
    await stack.control('/v1/operations/connection_health/1005?refresh=true');
    const before = await callsOf(1005);
    const res = await stack.api('/api/checkout/place', {
      method: 'POST',
      headers: { 'idempotency-key': `hidden-after-quote-${Date.now()}` },
      json: { quote_token: q.body.quote_token, payment: PAY },
    });
    assert.equal(res.status, 409, res.text);
    assert.equal(res.body.error.code, 'quote_invalid');
    assert.equal(res.body.error.merchant_id, 1005);
    assert.equal(await callsOf(1005), before);
    assert.equal((await stack.control('/__sandbox/orders')).filter((o: any) => o.status !== 'IN_PROGRESS').length, 0);
  });
});

describe('when the health read fails', () => {
  it('no merchant counts as shoppable: the quote is refused with Retry-After, and served again once health reads', async () => {
    await stack.control('/__sandbox/reset', { json: {} });
    const sku = await skuOf(1002);
    healthDown = true;
    try {
      const res = await quote('direct', [sku]);
      assert.equal(res.status, 503, res.text);
      assert.equal(res.body.error.code, 'upstream_unavailable');
      assert.ok(Number(res.headers.get('retry-after')) >= 1);
    } finally {
      healthDown = false;
    }
    // Tried again after a short wait (HEALTH_RETRY_MS), not on every request meanwhile.
    await until(async () => (await quote('direct', [sku])).status === 200, 'a quote once health reads again', 10_000);
  });
});
