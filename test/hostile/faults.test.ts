/**
 * Group 3 — upstream faults: busy merchants (429 with, without and with an
 * absurd Retry-After), 500s, slow merchants, timeouts and connection resets
 * while an order is submitted, a merchant rejecting its bag, an expired token.
 * Submissions with an unknown outcome are reconciled, never sent twice.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRefreshingTokenProvider } from '../../src/contract/token.js';
import {
  ADDRESS, APP_ID, APP_SECRET, CUSTOMER, PAY, assertNoSecrets, directOrderBody, plainOffer, sendJson,
  startBff, startFakeUpstream, startStack, type Stack,
} from './harness.js';

let stack: Stack;

async function inStockSku(merchantId: number) {
  const page = await stack.api(`/api/offers?merchant_id=${merchantId}&size=20`);
  return page.body.offers.flatMap((o: any) => o.skus).find((s: any) => s.in_stock && (s.qty_available ?? 9) > 4);
}

/** A cart of one SKU per merchant, ready to submit (customer, address, shipping, payment). */
async function readyCart(bff: { api: Stack['api'] }, merchantIds: number[]) {
  const skus = await Promise.all(merchantIds.map(inStockSku));
  const created = await bff.api('/api/carts', { method: 'POST', json: { skus: skus.map((s: any) => ({ sku_id: s.id, quantity: 1 })) } });
  assert.equal(created.status, 201, created.text);
  const id = created.body.cart.id as number;
  const h = { 'tote-access': created.body.access as string };
  for (const [path, json] of [['customer', CUSTOMER], ['shipping_address', ADDRESS]] as const) {
    const r = await bff.api(`/api/carts/${id}/${path}`, { method: 'POST', headers: h, json });
    assert.equal(r.status, 200, r.text);
  }
  const avail = await bff.api(`/api/carts/${id}/shipping/available`, { headers: h });
  const ship = await bff.api(`/api/carts/${id}/shipping`, { method: 'POST', headers: h, json: avail.body.bags.map((b: any) => ({ bag_id: b.bag_id, shipping_method_id: b.shipping_methods[0].shipping_method_id })) });
  assert.equal(ship.status, 200, ship.text);
  const pay = await bff.api(`/api/carts/${id}/payment`, { method: 'POST', headers: h, json: PAY });
  assert.equal(pay.status, 200, pay.text);
  return { id, h };
}

const submitsOf = (upstream: string[], cartId: number) => upstream.filter((c) => c.startsWith(`POST /v1/checkout/cart/${cartId}/submit`)).length;
const ordersWith = async (appOrderIdPrefix: string) => (await stack.control('/__sandbox/orders')).filter((o: any) => o.app_order_id?.startsWith(appOrderIdPrefix));

before(async () => {
  stack = await startStack();
});
afterEach(async () => {
  await stack.control('/__sandbox/faults', { method: 'DELETE' });
});
after(() => stack.close());

describe('3. Upstream faults', () => {
  describe('busy merchants', () => {
    it('429 with a short Retry-After is waited out and retried: the shopper gets the page', async () => {
      // Every second call of 1004 is refused: the first page passes, the next is refused once, then retried.
      await stack.control('/__sandbox/faults', { json: { merchant_id: 1004, rate_limit_every: 2, retry_after_s: 0 } });
      assert.equal((await stack.api('/api/offers?merchant_id=1004&size=1')).status, 200);
      const res = await stack.api('/api/offers?merchant_id=1004&size=3');
      assert.equal(res.status, 200, res.text);
      const calls = await stack.control('/__sandbox/calls');
      assert.ok(calls.merchants['1004'].rate_limited >= 1, 'a 429 was answered and waited out');
      assert.equal(res.body.offers.length, 3);
    });

    it('429 without Retry-After, beyond the retry budget: 429 merchant_busy naming the merchant, with a Retry-After', async () => {
      await stack.control('/__sandbox/faults', { json: { merchant_id: 1003, rate_limit_every: 1, retry_after_s: null } });
      const res = await stack.api('/api/offers?merchant_id=1003&size=4');
      assert.equal(res.status, 429);
      assert.equal(res.body.error.code, 'merchant_busy');
      assert.equal(res.body.error.merchant_id, 1003);
      assert.ok(Number(res.headers.get('retry-after')) >= 1);
    });

    it('429 with an absurd Retry-After (a year): answered at once, and the shopper is not told to wait a year', async () => {
      await stack.control('/__sandbox/faults', { json: { merchant_id: 1003, rate_limit_every: 1, retry_after_s: 31_536_000 } });
      const res = await stack.api('/api/offers?merchant_id=1003&size=5');
      assert.equal(res.status, 429);
      assert.equal(res.body.error.code, 'merchant_busy');
      assert.ok(res.body.error.retry_after >= 1 && res.body.error.retry_after <= 300, `retry_after ${res.body.error.retry_after}`);
      assert.equal(res.headers.get('retry-after'), String(res.body.error.retry_after));
    });

    it('a busy merchant in the all-merchants list keeps its place; the others are served', async () => {
      await stack.control('/__sandbox/faults', { json: { merchant_id: 1002, rate_limit_every: 1, retry_after_s: null } });
      const res = await stack.api('/api/offers?size=8');
      assert.equal(res.status, 200, res.text);
      assert.ok(res.body.offers.length > 0);
      assert.ok(res.body.offers.every((o: any) => o.merchant_id !== 1002));
      const cursor = JSON.parse(Buffer.from(res.body.next_cursor, 'base64url').toString());
      assert.ok(cursor.m.some(([id, c]: [number, string]) => id === 1002 && c === ''), 'merchant 1002 asked again from its first page');
    });

    it('a busy merchant while adding to a cart: 429 merchant_busy and the cart unchanged', async () => {
      const sku = await inStockSku(1001);
      const other = await inStockSku(1004);
      const created = await stack.api('/api/carts', { method: 'POST', json: { skus: [{ sku_id: sku.id, quantity: 1 }] } });
      await stack.control('/__sandbox/faults', { json: { merchant_id: 1004, rate_limit_every: 1, retry_after_s: null } });
      const res = await stack.api(`/api/carts/${created.body.cart.id}/skus`, { method: 'POST', headers: { 'tote-access': created.body.access }, json: { sku_id: other.id, quantity: 1 } });
      assert.equal(res.status, 429);
      assert.equal(res.body.error.merchant_id, 1004);
      await stack.control('/__sandbox/faults', { method: 'DELETE' });
      const cart = await stack.api(`/api/carts/${created.body.cart.id}`, { headers: { 'tote-access': created.body.access } });
      assert.deepEqual(cart.body.cart.bags.map((b: any) => b.merchant_id), [1001]);
    });
  });

  describe('failing and slow services', () => {
    it('500s (HTML error page) from the service: 502 upstream_unavailable, retried a bounded number of times, no internals leaked', async () => {
      const fake = await startFakeUpstream({
        'GET /v1/catalog/offers/merchants/1001': (_req, res) => {
          res.writeHead(500, { 'content-type': 'text/html' }).end('<html><body>java.lang.NullPointerException at com.service.Catalog(Catalog.java:42)</body></html>');
        },
      });
      const bff = await startBff(fake.url);
      try {
        const res = await bff.api('/api/offers?merchant_id=1001');
        assert.equal(res.status, 502);
        assert.equal(res.body.error.code, 'upstream_unavailable');
        assert.doesNotMatch(res.text, /NullPointer|Catalog\.java|<html/);
        const tries = fake.hits.filter((h) => h.startsWith('GET /v1/catalog')).length;
        assert.ok(tries >= 1 && tries <= 3, `${tries} tries`);
      } finally {
        await bff.close();
        await fake.close();
      }
    });

    it('a slow merchant past the deadline: 504 upstream_unavailable for it, other merchants unaffected', async () => {
      const bff = await startBff(stack.sandboxUrl, { upstreamTimeoutMs: 300 });
      try {
        await bff.api('/api/merchants');
        await stack.control('/__sandbox/faults', { json: { merchant_id: 1003, latency_ms: 1_000 } });
        const slow = await bff.api('/api/offers?merchant_id=1003&size=2');
        assert.equal(slow.status, 504, slow.text);
        assert.equal(slow.body.error.code, 'upstream_unavailable');
        const fine = await bff.api('/api/offers?merchant_id=1001&size=2');
        assert.equal(fine.status, 200);
      } finally {
        await bff.close();
      }
    });
  });

  describe('submission with an unknown outcome', () => {
    it('a timeout during cart submit is reconciled on the retry: one order, the submit never sent twice', async () => {
      const bff = await startBff(stack.sandboxUrl, { upstreamTimeoutMs: 400 });
      try {
        const cart = await readyCart(bff, [1001]);
        await stack.control('/__sandbox/faults', { json: { merchant_id: 1001, latency_ms: 800 } });
        const headers = { ...cart.h, 'idempotency-key': 'faults-timeout-submit-1' };
        const first = await bff.api(`/api/carts/${cart.id}/submit`, { method: 'POST', headers });
        assert.ok([502, 504].includes(first.status), first.text);
        assert.equal(first.body.error.code, 'upstream_unavailable');
        await stack.control('/__sandbox/faults', { method: 'DELETE' });
        // Let the service finish the submission it was still working on.
        for (let i = 0; i < 100; i++) {
          const all = await stack.control('/__sandbox/orders');
          if (all.find((o: any) => o.id === cart.id)?.status !== 'IN_PROGRESS') break;
          await new Promise((r) => setTimeout(r, 20));
        }
        const retry = await bff.api(`/api/carts/${cart.id}/submit`, { method: 'POST', headers });
        assert.equal(retry.status, 200, retry.text);
        assert.equal(retry.body.order.id, cart.id);
        assert.notEqual(retry.body.order.status, 'IN_PROGRESS');
        assert.equal(submitsOf(bff.upstream, cart.id), 1);
      } finally {
        await bff.close();
      }
    });

    it('a connection reset while a direct order is sent: found again by app_order_id, exactly one POST /v1/orders', async () => {
      const created: any[] = [];
      const fake = await startFakeUpstream({
        'POST /v1/orders/estimate': (_req, res, body) => {
          const req = JSON.parse(body);
          sendJson(res, 200, { estimated_carts: [{ merchant_id: 1001, base_currency: 'USD', sub_total: 1000, shipping_total: 599, tax_total: 0, total: 1599, skus: req.skus.map((s: any) => ({ ...s, price: 1000 })), available_shipping_methods: [{ shipping_method_id: '1001-standard', label: 'Standard', price: 599 }] }] });
        },
        'POST /v1/orders': (req, res, body) => {
          const order = { id: 777, app_order_id: JSON.parse(body).order.app_order_id, status: 'PROCESSING', bags: [] };
          created.push(order);
          req.socket.destroy(); // the order exists; the answer never arrives
        },
        'POST /v1/orders/search': (_req, res) => sendJson(res, 200, { content: created }),
      });
      const bff = await startBff(fake.url);
      try {
        const body = {
          payment_method: PAY,
          order: { customer: CUSTOMER, bags: [{ merchant_id: 1001, skus: [{ sku_id: 10, quantity: 1, price: 1000 }], shipping_method: { shipping_method_id: '1001-standard', label: 'Standard', price: 599 }, tax_total: 0 }], shipping_address: ADDRESS, currency: 'USD' },
        };
        const headers = { 'idempotency-key': 'faults-reset-direct-1' };
        const first = await bff.api('/api/orders', { method: 'POST', headers, json: body });
        const again = await bff.api('/api/orders', { method: 'POST', headers, json: body });
        for (const res of [first, again]) {
          assert.equal(res.status, 201, res.text);
          assert.equal(res.body.order.id, 777);
        }
        assert.equal(fake.hits.filter((h) => h === 'POST /v1/orders').length, 1);
        assert.equal(created.length, 1);
      } finally {
        await bff.close();
        await fake.close();
      }
    });

    it('the service fails after creating the order (fail_submit: after): the shopper gets that order, one order only', async () => {
      const cart = await readyCart(stack, [1004]);
      await stack.control('/__sandbox/faults', { json: { merchant_id: 1004, fail_submit: 'after' } });
      const res = await stack.api(`/api/carts/${cart.id}/submit`, { method: 'POST', headers: { ...cart.h, 'idempotency-key': 'faults-after-submit-1' } });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.order.id, cart.id);
      assert.equal(submitsOf(stack.upstream, cart.id), 1);
    });

    it('the service fails before creating it (fail_submit: before): a clear 502, and the retry with the same key places exactly one order', async () => {
      const body = await directOrderBody(stack, [1001]);
      await stack.control('/__sandbox/faults', { json: { merchant_id: 1001, fail_submit: 'before' } });
      const headers = { 'idempotency-key': 'faults-before-direct-1' };
      const first = await stack.api('/api/orders', { method: 'POST', headers, json: body });
      assert.equal(first.status, 502, first.text);
      assert.equal(first.body.error.code, 'upstream_unavailable');
      await stack.control('/__sandbox/faults', { method: 'DELETE' });
      const [a, b] = await Promise.all([1, 2].map(() => stack.api('/api/orders', { method: 'POST', headers, json: body })));
      assert.equal(a!.status, 201, a!.text);
      assert.equal(b!.body.order.id, a!.body.order.id);
      const all = (await stack.control('/__sandbox/orders')).filter((o: any) => o.app_order_id === a!.body.order.app_order_id);
      assert.equal(all.length, 1);
    });

    it('one merchant rejecting its bag: the order stands for the others, the rejected bag is named, no second order', async () => {
      const cart = await readyCart(stack, [1001, 1002]);
      await stack.control('/__sandbox/faults', { json: { merchant_id: 1002, reject_bags: true } });
      const res = await stack.api(`/api/carts/${cart.id}/submit`, { method: 'POST', headers: { ...cart.h, 'idempotency-key': 'faults-reject-bag-1' } });
      assert.equal(res.status, 200, res.text);
      const bags = Object.fromEntries(res.body.order.bags.map((b: any) => [b.merchant_id, b.status]));
      assert.equal(bags[1002], 'REJECTED');
      assert.equal(bags[1001], 'SUBMITTED');
      assert.ok(res.body.order.errors.length > 0, 'the rejection is reported');
      // …as data (kind, bag, SKU), never in the platform's own words.
      assert.ok(res.body.order.errors.every((e: any) => e.message === undefined && e.type), JSON.stringify(res.body.order.errors));
      const read = await stack.api(`/api/orders/${cart.id}`, { headers: cart.h });
      assert.ok(read.body.order.errors.every((e: any) => e.message === undefined), 'nor when the order is read again');
      const again = await stack.api(`/api/carts/${cart.id}/submit`, { method: 'POST', headers: { ...cart.h, 'idempotency-key': 'faults-reject-bag-1' } });
      assert.equal(again.body.order.id, cart.id);
      assert.equal(submitsOf(stack.upstream, cart.id), 1);
    });
  });

  describe('credentials', () => {
    it('an expired access token is renewed once and the request still succeeds', async () => {
      const login = await fetch(`${stack.sandboxUrl}/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-app-id': String(APP_ID), 'x-service-app-secret': APP_SECRET },
        body: JSON.stringify({ username: 'owner@sandbox.tote.dev', password: 'sandbox-password' }),
      }).then((r) => r.json());
      const token = createRefreshingTokenProvider({ baseUrl: stack.sandboxUrl, appId: APP_ID, appSecret: APP_SECRET, refreshToken: login.refresh_token, token: login.token });
      const bff = await startBff(stack.sandboxUrl, { token });
      try {
        assert.equal((await bff.api('/api/offers?merchant_id=1001&size=1')).status, 200);
        await stack.control('/__sandbox/faults', { json: { expire_tokens: true } });
        const res = await bff.api('/api/offers?merchant_id=1002&size=1');
        assert.equal(res.status, 200, res.text);
        assert.ok(!res.text.includes(login.token) && !res.text.includes(login.refresh_token));
      } finally {
        await bff.close();
      }
    });

    it('credentials the service refuses: 502 upstream_error without repeating what the service said', async () => {
      const bff = await startBff(stack.sandboxUrl, { appSecret: 'wrong-secret-value', token: 'wrong-token-value' });
      try {
        const res = await bff.api('/api/offers?merchant_id=1001');
        assert.equal(res.status, 502);
        assert.equal(res.body.error.code, 'upstream_error');
        assert.doesNotMatch(res.text, /wrong-secret-value|wrong-token-value|error_code/);
      } finally {
        await bff.close();
      }
    });
  });

  it('no answer in this file carried the app secret or token', () => {
    assert.equal(assertNoSecrets(stack.received), undefined);
  });
});
