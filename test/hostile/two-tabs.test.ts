/**
 * Issue 25 "Two tabs" — one shopper, two tabs, each with its own quote of the
 * same lines: at most one order unless the shopper confirms the second. The
 * widget signs its browser's `device_id` into each quote; a place of another
 * attempt of the same lines (SKU and quantity) to the same address from the
 * same device, within the window docs/checkout.md names, answers 409
 * `duplicate_order`, sends nothing and frees its key; `confirm_duplicate:
 * true` places it. Without a device id (headless use) nothing is checked.
 */
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADDRESS, CUSTOMER, PAY, inStockSku, place, type Stack, stackPerFile } from './harness.js';

let stack: Stack;
stackPerFile(import.meta.url, (s) => (stack = s));

const placedOrders = async () => (await stack.control('/__sandbox/orders')).filter((o: any) => o.status !== 'IN_PROGRESS');

async function tab(mode: 'direct' | 'cart', lines: { sku_id: number; quantity: number }[], device?: string, address = ADDRESS) {
  const q = await stack.api('/api/checkout/quote', {
    method: 'POST',
    json: { mode, lines, customer: CUSTOMER, shipping_address: address, ...(device ? { device_id: device } : {}) },
  });
  assert.equal(q.body.ready, true, q.text);
  return q.body.quote_token as string;
}

for (const mode of ['direct', 'cart'] as const) {
  describe(`${mode} mode: two tabs of one shopper`, () => {
    // One browser per case: the BFF keeps its recent orders across the sandbox's resets.
    let n = 0;
    let DEVICE = '';
    beforeEach(() => {
      DEVICE = `browser-of-ada-${mode}-${++n}`;
    });

    it('the second tab’s order of the same lines is refused (duplicate_order, nothing sent) until the shopper confirms it', async () => {
      const sku = await inStockSku(stack, 1001);
      const lines = [{ sku_id: sku.id, quantity: 2 }];
      const [one, two] = [await tab(mode, lines, DEVICE), await tab(mode, lines, DEVICE)];
      const first = await place(stack, one, `tab-one-${mode}`);
      assert.equal(first.status, 201, first.text);

      const calls = stack.upstream.length;
      // The first tab's own quote pressed again (another key) was placed already: quote_used, nothing to confirm.
      const again = await place(stack, one, `tab-one-again-${mode}`);
      assert.equal(again.status, 409, again.text);
      assert.equal(again.body.error.code, 'quote_used');
      const second = await place(stack, two, `tab-two-${mode}`);
      assert.equal(second.status, 409, second.text);
      assert.equal(second.body.error.code, 'duplicate_order');
      assert.ok(!stack.upstream.slice(calls).some((c) => c === 'POST /v1/orders' || c.endsWith('/submit')), 'nothing sent');
      assert.equal((await placedOrders()).length, 1);

      // The key was freed: the same attempt, confirmed, places the second order.
      const confirmed = await stack.api('/api/checkout/place', {
        method: 'POST',
        headers: { 'idempotency-key': `tab-two-${mode}` },
        json: { quote_token: two, payment: PAY, confirm_duplicate: true },
      });
      assert.equal(confirmed.status, 201, confirmed.text);
      assert.notEqual(confirmed.body.order.id, first.body.order.id);
      assert.equal((await placedOrders()).length, 2);
    });

    it('other lines, another address, another device or no device at all are not duplicates', async () => {
      const sku = await inStockSku(stack, 1001);
      const lines = [{ sku_id: sku.id, quantity: 1 }];
      assert.equal((await place(stack, await tab(mode, lines, DEVICE), `base-${mode}-1`)).status, 201);
      const others = [
        await tab(mode, [{ sku_id: sku.id, quantity: 2 }], DEVICE),
        await tab(mode, lines, DEVICE, { ...ADDRESS, address_1: '2 Other St' }),
        await tab(mode, lines, `another-browser-${mode}-1`),
        await tab(mode, lines),
        await tab(mode, lines),
      ];
      for (const [i, token] of others.entries()) {
        const res = await place(stack, token, `other-${mode}-${i}`);
        assert.equal(res.status, 201, `${i}: ${res.text}`);
      }
      assert.equal((await placedOrders()).length, 1 + others.length);
    });
  });
}
