/**
 * Group 4 — client misuse, as the BFF sees it: clicks that arrive two and
 * three times, two tabs changing one cart at once, reloads and the back
 * button mid-submission, a shopper going offline while the order is sent,
 * and quantities no form should produce. One attempt, one order; nothing a
 * confused browser sends reaches the service unchecked.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADDRESS, CUSTOMER, PAY, assertNoSecrets, startStack, type Stack } from './harness.js';

let stack: Stack;

async function inStockSkus(merchantId: number, n = 2) {
  const page = await stack.api(`/api/offers?merchant_id=${merchantId}&size=30`);
  return page.body.offers.flatMap((o: any) => o.skus).filter((s: any) => s.in_stock && (s.qty_available ?? 9) > 6).slice(0, n);
}

async function readyCart(merchantIds = [1001]) {
  const skus = (await Promise.all(merchantIds.map((m) => inStockSkus(m, 1)))).flat();
  const created = await stack.api('/api/carts', { method: 'POST', json: { skus: skus.map((s: any) => ({ sku_id: s.id, quantity: 1 })) } });
  assert.equal(created.status, 201, created.text);
  const id = created.body.cart.id as number;
  const h = { 'tote-access': created.body.access as string };
  for (const [path, json] of [['customer', CUSTOMER], ['shipping_address', ADDRESS]] as const) {
    assert.equal((await stack.api(`/api/carts/${id}/${path}`, { method: 'POST', headers: h, json })).status, 200);
  }
  const avail = await stack.api(`/api/carts/${id}/shipping/available`, { headers: h });
  await stack.api(`/api/carts/${id}/shipping`, { method: 'POST', headers: h, json: avail.body.bags.map((b: any) => ({ bag_id: b.bag_id, shipping_method_id: b.shipping_methods[0].shipping_method_id })) });
  assert.equal((await stack.api(`/api/carts/${id}/payment`, { method: 'POST', headers: h, json: PAY })).status, 200);
  return { id, h };
}

const submits = (cartId: number) => stack.upstream.filter((c) => c.startsWith(`POST /v1/checkout/cart/${cartId}/submit`)).length;
const submitted = async (cartId: number) => (await stack.control('/__sandbox/orders')).filter((o: any) => o.id === cartId && o.status !== 'IN_PROGRESS').length;

before(async () => {
  stack = await startStack();
});
afterEach(async () => {
  await stack.control('/__sandbox/faults', { method: 'DELETE' });
});
after(() => stack.close());

describe('4. Client misuse (against the BFF)', () => {
  it('a double click (two submits, one key, at once): one order, one send, both answers the same order', async () => {
    const { id, h } = await readyCart([1001, 1002]);
    const headers = { ...h, 'idempotency-key': 'misuse-double-click-1' };
    const [a, b] = await Promise.all([1, 2].map(() => stack.api(`/api/carts/${id}/submit`, { method: 'POST', headers })));
    assert.equal(a!.status, 200, a!.text);
    assert.equal(b!.status, 200, b!.text);
    assert.equal(a!.body.order.id, b!.body.order.id);
    assert.equal(submits(id), 1);
  });

  it('a triple click that minted three keys: still one order; the extra attempts get a clear 409', async () => {
    const { id, h } = await readyCart();
    const answers = await Promise.all(['a', 'b', 'c'].map((k) => stack.api(`/api/carts/${id}/submit`, { method: 'POST', headers: { ...h, 'idempotency-key': `misuse-triple-${k}-0001` } })));
    const ok = answers.filter((r) => r.status === 200);
    assert.ok(ok.length >= 1, answers.map((r) => r.status).join());
    for (const r of answers.filter((x) => x.status !== 200)) {
      assert.equal(r.status, 409, r.text);
      assert.ok(r.body.error.message.length > 0);
    }
    assert.equal(await submitted(id), 1);
    assert.ok(ok.every((r) => r.body.order.id === id));
  });

  it('a reload while the submit is still running re-sends the same key: it waits for the first and answers that order', async () => {
    const { id, h } = await readyCart([1004]);
    await stack.control('/__sandbox/faults', { json: { merchant_id: 1004, latency_ms: 300 } });
    const headers = { ...h, 'idempotency-key': 'misuse-reload-mid-submit' };
    const first = stack.api(`/api/carts/${id}/submit`, { method: 'POST', headers });
    await new Promise((r) => setTimeout(r, 50));
    const reloaded = await stack.api(`/api/carts/${id}/submit`, { method: 'POST', headers });
    const original = await first;
    assert.equal(original.status, 200, original.text);
    assert.equal(reloaded.status, 200, reloaded.text);
    assert.equal(reloaded.body.order.id, original.body.order.id);
    assert.equal(submits(id), 1);
  });

  it('going offline mid-submit (the browser drops the request): the order still completes once, and the retry gets it', async () => {
    const { id, h } = await readyCart([1004]);
    await stack.control('/__sandbox/faults', { json: { merchant_id: 1004, latency_ms: 300 } });
    const headers = { ...h, 'idempotency-key': 'misuse-offline-submit-1' };
    const aborter = new AbortController();
    const dropped = stack.api(`/api/carts/${id}/submit`, { method: 'POST', headers, signal: aborter.signal }).catch((e: Error) => e);
    await new Promise((r) => setTimeout(r, 60));
    aborter.abort();
    assert.ok((await dropped) instanceof Error);
    // Back online: the widget presses again with the key it kept.
    let retry;
    for (let i = 0; i < 50; i++) {
      retry = await stack.api(`/api/carts/${id}/submit`, { method: 'POST', headers });
      if (retry.status !== 409 || retry.body.error.code !== 'idempotency_in_progress') break;
    }
    assert.equal(retry!.status, 200, retry!.text);
    assert.equal(retry!.body.order.id, id);
    assert.equal(submits(id), 1);
    assert.equal(await submitted(id), 1);
  });

  it('the back button after the order, then "Place order" again with a fresh key: 409, never a second order', async () => {
    const { id, h } = await readyCart();
    const placed = await stack.api(`/api/carts/${id}/submit`, { method: 'POST', headers: { ...h, 'idempotency-key': 'misuse-back-1-first' } });
    assert.equal(placed.status, 200);
    const again = await stack.api(`/api/carts/${id}/submit`, { method: 'POST', headers: { ...h, 'idempotency-key': 'misuse-back-1-second' } });
    assert.equal(again.status, 409, again.text);
    const change = await stack.api(`/api/carts/${id}/skus`, { method: 'POST', headers: h, json: { sku_id: (await inStockSkus(1001, 1))[0].id, quantity: 1 } });
    assert.equal(change.status, 409, 'a placed order cannot be changed through its cart');
    assert.equal(await submitted(id), 1);
  });

  it('two tabs changing one cart at once (set quantity, remove, add): every answer is a cart or a clear error, and the cart ends consistent', async () => {
    const [a, b] = await inStockSkus(1001, 2);
    const created = await stack.api('/api/carts', { method: 'POST', json: { skus: [{ sku_id: a.id, quantity: 1 }] } });
    const id = created.body.cart.id;
    const h = { 'tote-access': created.body.access };
    const line = created.body.cart.bags[0].skus[0].id;
    const answers = await Promise.all([
      stack.api(`/api/carts/${id}/skus/${line}`, { method: 'PUT', headers: h, json: { quantity: 3 } }),
      stack.api(`/api/carts/${id}/skus/${line}`, { method: 'DELETE', headers: h }),
      stack.api(`/api/carts/${id}/skus`, { method: 'POST', headers: h, json: { sku_id: b.id, quantity: 2 } }),
      stack.api(`/api/carts/${id}/skus/${line}`, { method: 'PUT', headers: h, json: { quantity: 5 } }),
    ]);
    for (const r of answers) assert.ok([200, 404, 409].includes(r.status), `${r.status} ${r.text.slice(0, 200)}`);
    const final = await stack.api(`/api/carts/${id}`, { headers: h });
    const lines = final.body.cart.bags.flatMap((bag: any) => bag.skus);
    assert.ok(lines.some((l: any) => l.sku_id === b.id && l.quantity === 2), 'the added line is there');
    const bag = final.body.cart.bags[0];
    assert.equal(bag.sub_total, bag.skus.reduce((n: number, s: any) => n + s.price * s.quantity, 0));
  });

  for (const quantity of [0, -1, 1.5, '2', 1e9, null, 1e21, true, [1], { n: 1 }, 1001]) {
    it(`a junk quantity ${JSON.stringify(quantity)} is refused with 400 naming the field, before the service`, async () => {
      const [sku] = await inStockSkus(1001, 1);
      const from = stack.upstream.length;
      const res = await stack.api('/api/carts', { method: 'POST', json: { skus: [{ sku_id: sku.id, quantity }] } });
      assert.equal(res.status, 400, res.text);
      assert.ok(res.body.error.fields.some((f: any) => f.path === 'skus.0.quantity'), JSON.stringify(res.body.error.fields));
      assert.deepEqual(stack.upstream.slice(from), []);
    });
  }

  it('no answer in this file carried the app secret or token', () => {
    assert.equal(assertNoSecrets(stack.received), undefined);
  });
});
