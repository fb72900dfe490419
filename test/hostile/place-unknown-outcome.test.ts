/**
 * Issue 15.1 — two orders for one Idempotency-Key when a platform is slow.
 * Every platform call of merchant 1001 takes 1 s and the BFF's upstream
 * timeout is 1.5 s, so the first place times out while the service is still
 * creating the order; the shopper presses again with the same key at once.
 * The BFF must answer "still placing" (202 + Retry-After), keep looking the
 * order up by its app_order_id, and never send the attempt a second time —
 * in direct mode and in cart mode (where the retry meets "being submitted").
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SHOP, type Stack, stackPerFile } from './harness.js';
import { until } from '../until.js';

const ADDRESS = { first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' };
const CUSTOMER = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };
const PAY = { payment_provider: 'SANDBOX', token: 'tok_sandbox_visa', type: 'SINGLE_USE_CARD_TOKEN' };

let stack: Stack;
stackPerFile(import.meta.url, (s) => (stack = s), { upstreamTimeoutMs: 1_500, idempotencyWaitMs: 500, placeUnknownWindowMs: 60_000 });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function submitCalls(merchantId: number): Promise<number> {
  const calls = await stack.control('/__sandbox/calls');
  return (calls.merchants[String(merchantId)]?.calls ?? []).filter((c: any) => c.op === 'submit_order').length;
}

for (const mode of ['direct', 'cart'] as const) {
  describe(`a place whose outcome is unknown, ${mode} mode`, () => {
    it('answers 202 pending until the order is found, then that order; one order, one submit', async () => {
      const offers = await stack.api('/api/offers?merchant_id=1001&size=20');
      const sku = offers.body.offers.flatMap((o: any) => o.skus).find((s: any) => s.in_stock !== false && (s.qty_available ?? 10) >= 5);
      const q = await stack.api('/api/checkout/quote', {
        method: 'POST',
        headers: { origin: SHOP },
        json: { mode, lines: [{ sku_id: sku.id, quantity: 1 }], customer: CUSTOMER, shipping_address: ADDRESS },
      });
      assert.equal(q.body.ready, true, q.text);

      await stack.control('/__sandbox/faults', { json: { merchant_id: 1001, latency_ms: 1_000 } });
      const key = `slow-place-${mode}-${Date.now()}`;
      const press = () =>
        stack.api('/api/checkout/place', {
          method: 'POST',
          headers: { origin: SHOP, 'idempotency-key': key },
          json: { quote_token: q.body.quote_token, payment: PAY },
        });

      const first = await press();
      assert.equal(first.status, 202, first.text);
      assert.equal(first.body.status, 'pending');
      assert.ok(first.body.retry_after >= 1);
      assert.equal(first.headers.get('retry-after'), String(first.body.retry_after));

      // The shopper presses again at once: the service is still creating the order and nothing is found yet.
      const second = await press();
      assert.equal(second.status, 202, second.text);
      assert.equal(second.body.status, 'pending');

      // The shopper comes back once the service holds the order (what the 2 s of Retry-After wait for), and after
      // each Retry-After while the BFF still answers "placing".
      await until(async () => (await stack.control('/__sandbox/orders')).some((o: any) => o.status !== 'IN_PROGRESS'), 'the service to create the order');
      let last = await press();
      for (let i = 0; i < 10 && last.status === 202; i++) {
        await sleep(last.body.retry_after * 1000);
        last = await press();
      }
      assert.equal(last.status, 201, last.text);
      assert.equal(last.body.status, 'placed');
      await stack.control('/__sandbox/faults', { method: 'DELETE' });

      const again = await press();
      assert.equal(again.status, 201);
      assert.equal(again.body.order.id, last.body.order.id);

      const orders = (await stack.control('/__sandbox/orders')).filter((o: any) => o.status !== 'IN_PROGRESS');
      assert.equal(orders.length, 1, 'one order for one attempt');
      assert.equal(orders[0].app_order_id, last.body.order.app_order_id);
      assert.equal(await submitCalls(1001), 1, 'the attempt reached the platform once');
    });
  });
}
