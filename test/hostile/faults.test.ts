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
  ADDRESS, APP_ID, APP_SECRET, CUSTOMER, assertNoSecrets, inStockSku, place, plainOffer, readyQuote, sendJson,
  startBff, startFakeUpstream, startStack, type Stack,
} from './harness.js';

let stack: Stack;

const submitsOf = (upstream: string[], cartId: number) => upstream.filter((c) => c.startsWith(`POST /v1/checkout/cart/${cartId}/submit`)).length;
/** The service cart a cart-mode quote token names (its payload is signed, not secret). */
const cartIdOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')).cart_id;

before(async () => {
  stack = await startStack();
});
after(() => stack.close());

describe('3. Upstream faults', () => {
  // Inside the file's describe: at the top level it would run after every test of the process the file shares.
  afterEach(async () => {
    await stack.control('/__sandbox/faults', { method: 'DELETE' });
  });

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

    it('a busy merchant while a cart-mode quote adds its SKU: 429 merchant_busy naming it, and the cart unchanged', async () => {
      const sku = await inStockSku(stack, 1001);
      const other = await inStockSku(stack, 1004);
      const first = await stack.api('/api/checkout/quote', { method: 'POST', json: { mode: 'cart', lines: [{ sku_id: sku.id, quantity: 1 }] } });
      assert.equal(first.status, 200, first.text);
      await stack.control('/__sandbox/faults', { json: { merchant_id: 1004, rate_limit_every: 1, retry_after_s: null } });
      const res = await stack.api('/api/checkout/quote', {
        method: 'POST',
        json: { mode: 'cart', lines: [{ sku_id: sku.id, quantity: 1 }, { sku_id: other.id, quantity: 1 }], quote_token: first.body.quote_token },
      });
      assert.equal(res.status, 429, res.text);
      assert.equal(res.body.error.code, 'merchant_busy');
      assert.equal(res.body.error.merchant_id, 1004);
      await stack.control('/__sandbox/faults', { method: 'DELETE' });
      const cart = (await stack.control('/__sandbox/orders')).find((o: any) => o.id === cartIdOf(first.body.quote_token));
      assert.deepEqual(cart.bags.map((b: any) => b.merchant_id), [1001]);
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
        const q = await bff.api('/api/checkout/quote', { method: 'POST', json: { lines: [{ sku_id: 10, quantity: 1 }], customer: CUSTOMER, shipping_address: ADDRESS } });
        assert.equal(q.body.ready, true, q.text);
        const first = await place(bff, q.body.quote_token, 'faults-reset-direct-1');
        const again = await place(bff, q.body.quote_token, 'faults-reset-direct-1');
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
      const q = await readyQuote(stack, [1004], { mode: 'cart' });
      const cartId = cartIdOf(q.quote_token);
      await stack.control('/__sandbox/faults', { json: { merchant_id: 1004, fail_submit: 'after' } });
      const res = await place(stack, q.quote_token, 'faults-after-submit-1');
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.order.id, cartId);
      assert.equal(submitsOf(stack.upstream, cartId), 1);
    });

    it('the service fails before creating it (fail_submit: before): a clear 502, and the retry with the same key places exactly one order', async () => {
      const q = await readyQuote(stack, [1001]);
      await stack.control('/__sandbox/faults', { json: { merchant_id: 1001, fail_submit: 'before' } });
      const first = await place(stack, q.quote_token, 'faults-before-direct-1');
      assert.equal(first.status, 502, first.text);
      assert.equal(first.body.error.code, 'upstream_unavailable');
      await stack.control('/__sandbox/faults', { method: 'DELETE' });
      const [a, b] = await Promise.all([1, 2].map(() => place(stack, q.quote_token, 'faults-before-direct-1')));
      assert.equal(a!.status, 201, a!.text);
      assert.equal(b!.body.order.id, a!.body.order.id);
      const all = (await stack.control('/__sandbox/orders')).filter((o: any) => o.app_order_id === a!.body.order.app_order_id);
      assert.equal(all.length, 1);
    });

    it('one merchant rejecting its bag: the order stands for the others, the rejected bag is named, no second order', async () => {
      const q = await readyQuote(stack, [1001, 1002], { mode: 'cart' });
      const cartId = cartIdOf(q.quote_token);
      await stack.control('/__sandbox/faults', { json: { merchant_id: 1002, reject_bags: true } });
      const res = await place(stack, q.quote_token, 'faults-reject-bag-1');
      assert.equal(res.status, 201, res.text);
      const bags = Object.fromEntries(res.body.order.bags.map((b: any) => [b.merchant_id, b.status]));
      assert.equal(bags[1002], 'REJECTED');
      assert.equal(bags[1001], 'SUBMITTED');
      assert.ok(res.body.order.errors.length > 0, 'the rejection is reported');
      // …as data (kind, bag, SKU), never in the platform's own words.
      assert.ok(res.body.order.errors.every((e: any) => e.message === undefined && e.type), JSON.stringify(res.body.order.errors));
      const read = await stack.api(`/api/orders/${cartId}`, { headers: { 'tote-access': res.body.access } });
      assert.equal(read.status, 200, read.text);
      assert.ok(read.body.order.errors.every((e: any) => e.message === undefined), 'nor when the order is read again');
      const again = await place(stack, q.quote_token, 'faults-reject-bag-1');
      assert.equal(again.body.order.id, cartId);
      assert.equal(submitsOf(stack.upstream, cartId), 1);
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
