/**
 * Group 5 — BFF abuse: requests sent straight at the BFF (real sandbox behind
 * it) by someone who is not the widget. Every refusal must come before the
 * service is called, and nothing a request says may point the BFF elsewhere.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { startBff, startFakeUpstream, startStack, assertNoSecrets, sendJson, SHOP, plainOffer, ADDRESS, CUSTOMER, place, placeOrder, readyQuote, type Stack } from './harness.js';

let stack: Stack;
let skuId: number;

/** A request with a raw path and raw headers: fetch would normalise `..` and refuse CRLF. */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const url = new URL(stack.base);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers, insecureHTTPParser: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Runs `fn` and returns the upstream requests it caused. */
async function upstreamDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const from = stack.upstream.length;
  await fn();
  return stack.upstream.slice(from);
}

const QUOTE = '/api/checkout/quote';
const quote = (json: unknown, headers: Record<string, string> = {}) => stack.api(QUOTE, { method: 'POST', headers, json });

before(async () => {
  stack = await startStack();
  const page = await stack.api('/api/offers?merchant_id=1001&size=5');
  skuId = page.body.offers.find((o: any) => o.skus.length === 1 && o.skus[0].in_stock)?.skus[0].id ?? page.body.offers[0].skus[0].id;
});
after(() => stack.close());

describe('5. BFF abuse', () => {
  describe('forged service headers', () => {
    it('ignores X-Service-App-Secret/Token a browser sends (the request still uses the server credentials)', async () => {
      const res = await stack.api('/api/offers?merchant_id=1001&size=1', {
        headers: { 'x-service-app-id': '1', 'x-service-app-secret': 'guess', 'x-service-token': 'stolen' },
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.offers.length, 1);
    });

    it('never forwards any browser header upstream (checked on a fake service that records them)', async () => {
      const seen: Record<string, unknown>[] = [];
      const fake = await startFakeUpstream({
        'GET /v1/catalog/offers/merchants/1001': (req, res) => {
          seen.push({ ...req.headers });
          sendJson(res, 200, { content: [plainOffer(1)], last: true });
        },
      });
      const bff = await startBff(fake.url);
      try {
        const res = await bff.api('/api/offers?merchant_id=1001', {
          headers: { 'x-service-token': 'stolen', 'x-forwarded-for': '10.0.0.1', cookie: 'sid=1', authorization: 'Bearer x', 'tote-access': 'abc' },
        });
        assert.equal(res.status, 200);
        const h = seen[0]!;
        assert.equal(h['x-service-token'], 'sandbox-token');
        for (const k of ['x-forwarded-for', 'cookie', 'authorization', 'tote-access']) assert.equal(h[k], undefined, k);
      } finally {
        await bff.close();
        await fake.close();
      }
    });
  });

  describe('bodies', () => {
    it('refuses a body over 64 KiB with 413 before calling the service', async () => {
      const calls = await upstreamDuring(async () => {
        const res = await quote({ lines: [{ sku_id: skuId, quantity: 1 }], pad: 'x'.repeat(70_000) });
        assert.equal(res.status, 413);
        assert.equal(res.body.error.code, 'payload_too_large');
      });
      assert.deepEqual(calls, []);
    });

    it('refuses an oversize chunked body that declares no length', async () => {
      const url = new URL(stack.base);
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest({ host: url.hostname, port: url.port, method: 'POST', path: QUOTE, headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.write('{"lines":[],"pad":"');
        for (let i = 0; i < 20; i++) req.write('y'.repeat(8_192));
        req.end('"}');
      });
      assert.equal(status, 413);
    });

    it('refuses JSON nested 100,000 levels deep (no recursion, no stack overflow)', async () => {
      const calls = await upstreamDuring(async () => {
        const res = await stack.api(QUOTE, { method: 'POST', body: '['.repeat(60_000), headers: { 'content-type': 'application/json' } });
        assert.equal(res.status, 413);
      });
      assert.deepEqual(calls, []);
    });

    it('drops __proto__ / constructor keys: nothing polluted, only schema fields reach the service', async () => {
      const body = `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted2":true}},"mode":"cart","lines":[{"sku_id":${skuId},"quantity":1,"__proto__":{"isAdmin":true}}]}`;
      const res = await stack.api(QUOTE, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body.bags.flatMap((b: any) => b.lines.map((l: any) => [l.sku_id, l.quantity])), [[skuId, 1]]);
      assert.equal(({} as any).polluted, undefined);
      assert.equal(({} as any).polluted2, undefined);
      assert.equal(({} as any).isAdmin, undefined);
    });

    it('answers invalid UTF-8 and invalid JSON with 400, text/plain (form CSRF) with 415', async () => {
      const calls = await upstreamDuring(async () => {
        const bad = await raw('POST', QUOTE, { 'content-type': 'application/json' }, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString('latin1'));
        assert.equal(bad.status, 400);
        const notJson = await stack.api(QUOTE, { method: 'POST', body: '{"lines":[', headers: { 'content-type': 'application/json' } });
        assert.equal(notJson.status, 400);
        const form = await stack.api(QUOTE, { method: 'POST', body: `{"lines":[{"sku_id":${skuId},"quantity":1}]}`, headers: { 'content-type': 'text/plain' } });
        assert.equal(form.status, 415);
      });
      assert.deepEqual(calls, []);
    });
  });

  describe('ids and paths', () => {
    for (const trick of ['1e3', '0x10', '-1', '01', '0', '1.0', '%31', '١٢٣', '9007199254740993', ' 1']) {
      it(`refuses the offer id ${JSON.stringify(trick)} without asking the service`, async () => {
        const calls = await upstreamDuring(async () => {
          const res = await raw('GET', `/api/offers/${encodeURI(trick)}`);
          assert.ok(res.status === 400 || res.status === 404, `${trick} → ${res.status}`);
          assert.match(res.text, /"code":"(bad_request|not_found)"/);
        });
        assert.deepEqual(calls.filter((c) => c.includes('/catalog/offers/')), []);
      });
    }

    for (const path of ['/api/orders/1/../2', '/api/orders/1%2F..%2F2', '/api/orders/1/%2e%2e/2', '/api/../__sandbox/reset', '/api//offers', '/api/offers\\..\\1']) {
      it(`refuses the path trick ${path} before routing`, async () => {
        const calls = await upstreamDuring(async () => {
          const res = await raw('GET', path);
          assert.equal(res.status, 400, `${path} → ${res.status} ${res.text}`);
        });
        assert.deepEqual(calls, []);
      });
    }

    it('turns order ids in the path into positive integers or refuses them, and refuses dot segments and empty segments', async () => {
      const { order, access } = await placeOrder(stack, [1001], 'abuse-order-ids-1');
      const calls = await upstreamDuring(async () => {
        for (const id of ['1e3', '-1', '0x10', '0', '01', '1.5', '%31', '1%2F..%2F2', `${order.id}%00`, '9007199254740993', 'abc']) {
          const res = await stack.api(`/api/orders/${id}`, { headers: { 'tote-access': access } });
          assert.ok(res.status === 400 || res.status === 404, `${id}: ${res.status}`);
          assert.ok(res.body.error.code === 'bad_request' || res.body.error.code === 'not_found', id);
        }
        for (const path of [`/api/orders/1/../${order.id}`, `/api/orders/${order.id}/./events`, `/api/orders//${order.id}`, `/api/orders/${order.id}%2F..%2F1`]) {
          const res = await raw('GET', path, { 'tote-access': access });
          assert.equal(res.status, 400, `${path}: ${res.status} ${res.text}`);
        }
      });
      assert.deepEqual(calls.filter((c) => c.includes('/orders/')), []);
      assert.equal((await stack.api(`/api/orders/${order.id}`, { headers: { 'tote-access': access } })).status, 200);
    });

    it('an order handle opens only its own order; ids counted up or down answer 404 like a missing handle', async () => {
      const a = await placeOrder(stack, [1001], 'abuse-handle-order-a');
      const b = await placeOrder(stack, [1001], 'abuse-handle-order-b');
      for (const [id, handle] of [[b.order.id, a.access], [a.order.id, undefined], [a.order.id, a.access + 'x'], [a.order.id + 1000, a.access]] as const) {
        for (const path of [`/api/orders/${id}`, `/api/orders/${id}/events`]) {
          const res = await stack.api(path, { headers: handle ? { 'tote-access': handle } : {} });
          assert.equal(res.status, 404, `${path} with ${handle ? 'a wrong' : 'no'} handle`);
        }
      }
      const own = await stack.api(`/api/orders/${a.order.id}`, { headers: { 'tote-access': a.access } });
      assert.equal(own.status, 200);
      assert.equal(own.body.order.id, a.order.id);
    });
  });

  describe('query abuse', () => {
    for (const q of ['size=100000', 'size=0', 'size=-5', 'size=1e2', 'size=0x10', 'size=10&size=20', 'merchant_id=1001&merchant_id=1002', 'cursor=' + 'A'.repeat(5000)]) {
      it(`refuses ?${q.slice(0, 40)} with 400`, async () => {
        const calls = await upstreamDuring(async () => {
          const res = await stack.api(`/api/offers?${q}`);
          assert.equal(res.status, 400, res.text);
          assert.equal(res.body.error.code, 'bad_request');
        });
        assert.deepEqual(calls.filter((c) => c.includes('/catalog/')), []);
      });
    }
  });

  describe('SSRF', () => {
    it('a URL in the cursor or a Host/X-Forwarded-Host header never becomes an upstream address', async () => {
      stack.upstreamOrigins.clear();
      await raw('GET', '/api/offers?merchant_id=1001&cursor=http%3A%2F%2F169.254.169.254%2Flatest%2Fmeta-data', { host: '169.254.169.254' });
      await raw('GET', '/api/offers?merchant_id=1001&size=2', { host: 'evil.example', 'x-forwarded-host': 'evil.example', forwarded: 'host=evil.example', 'x-forwarded-proto': 'gopher' });
      await stack.api('/api/offers?cursor=' + Buffer.from(JSON.stringify({ v: 1, m: [[1001, 'http://evil.example/']] })).toString('base64url'));
      assert.deepEqual([...stack.upstreamOrigins], [new URL(stack.sandboxUrl).origin]);
    });

    it('URLs typed into body fields stay data: they are validated, never fetched', async () => {
      stack.upstreamOrigins.clear();
      const q = await quote({
        mode: 'cart',
        lines: [{ sku_id: skuId, quantity: 1 }],
        customer: CUSTOMER,
        shipping_address: { first_name: 'http://169.254.169.254/', last_name: 'file:///etc/passwd', address_1: 'gopher://127.0.0.1:25/', city: 'x', state: 'IL', postal_code: '62701', country: 'US' },
      });
      assert.equal(q.status, 200, q.text);
      const ready = await readyQuote(stack, [1001]);
      const pay = await place(stack, ready.quote_token, 'abuse-url-token-1', { payment: { payment_provider: 'SANDBOX', token: 'http://evil.example/steal' } });
      assert.ok(pay.status >= 400 && pay.status < 500, pay.text);
      const sku = await quote({ lines: [{ sku_id: 'http://evil.example/', quantity: 1 }] });
      assert.equal(sku.status, 400);
      assert.deepEqual([...stack.upstreamOrigins], [new URL(stack.sandboxUrl).origin]);
    });
  });

  describe('origins (CSRF)', () => {
    it('answers CORS only to listed origins, always with Vary: Origin; the preflight allows Tote-Access and Idempotency-Key', async () => {
      const ok = await stack.api('/api/health', { headers: { origin: SHOP } });
      assert.equal(ok.headers.get('access-control-allow-origin'), SHOP);
      assert.match(ok.headers.get('vary') ?? '', /Origin/);
      const evil = await stack.api('/api/health', { headers: { origin: 'https://evil.example' } });
      assert.equal(evil.headers.get('access-control-allow-origin'), null);
      assert.match(evil.headers.get('vary') ?? '', /Origin/);
      const pre = await stack.api('/api/checkout/place', { method: 'OPTIONS', headers: { origin: SHOP, 'access-control-request-method': 'POST' } });
      assert.match(pre.headers.get('access-control-allow-headers') ?? '', /tote-access/);
      assert.match(pre.headers.get('access-control-allow-headers') ?? '', /idempotency-key/);
    });

    for (const origin of ['https://evil.example', 'null', 'https://shop.example.evil.example', 'http://shop.example']) {
      it(`refuses a state change from Origin ${origin} with 403 before the service is called`, async () => {
        const calls = await upstreamDuring(async () => {
          const res = await quote({ lines: [{ sku_id: skuId, quantity: 1 }], shipping_address: ADDRESS }, { origin });
          assert.equal(res.status, 403);
          assert.equal(res.body.error.code, 'forbidden_origin');
          assert.equal(res.headers.get('access-control-allow-origin'), null);
        });
        assert.deepEqual(calls, []);
      });
    }

    it('refuses a cross-site request without Origin (Sec-Fetch-Site) and a foreign preflight; allows the shop', async () => {
      const calls = await upstreamDuring(async () => {
        const res = await quote({ lines: [{ sku_id: skuId, quantity: 1 }] }, { 'sec-fetch-site': 'cross-site' });
        assert.equal(res.status, 403);
        // A form posted from another site: text/plain, no Origin.
        const form = await stack.api('/api/checkout/place', { method: 'POST', headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain', 'idempotency-key': 'csrf-form-0001' }, body: '{}' });
        assert.equal(form.status, 403);
      });
      assert.deepEqual(calls, []);
      const pre = await stack.api('/api/checkout/place', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
      assert.equal(pre.status, 403);
      const ok = await stack.api('/api/checkout/place', { method: 'OPTIONS', headers: { origin: SHOP, 'access-control-request-method': 'POST' } });
      assert.equal(ok.status, 204);
      assert.equal(ok.headers.get('access-control-allow-origin'), SHOP);
    });
  });

  describe('method override and CRLF', () => {
    it('ignores X-HTTP-Method-Override, X-Method-Override and ?_method (a GET never places)', async () => {
      const q = await readyQuote(stack, [1001]);
      const orders = (await stack.control('/__sandbox/orders')).length;
      for (const h of ['x-http-method-override', 'x-method-override', 'x-http-method']) {
        const res = await stack.api(`/api/checkout/place?_method=POST&quote_token=${encodeURIComponent(q.quote_token)}`, {
          headers: { [h]: 'POST', 'idempotency-key': `abuse-override-${h}` },
        });
        assert.equal(res.status, 405, `${h}: ${res.status}`);
      }
      const placed = await placeOrder(stack, [1001], 'abuse-override-order');
      const res = await stack.api(`/api/orders/${placed.order.id}`, { method: 'POST', headers: { 'tote-access': placed.access, 'x-http-method-override': 'GET' }, json: {} });
      assert.equal(res.status, 405);
      assert.equal((await stack.control('/__sandbox/orders')).length, orders + 1, 'only the order placed by POST');
    });

    it('CRLF in a query value or body field never splits a header (no injected Set-Cookie, upstream request intact)', async () => {
      const q = await raw('GET', '/api/offers?merchant_id=1001&cursor=abc%0d%0aSet-Cookie:%20pwned=1%0d%0a');
      assert.equal(q.headers['set-cookie'], undefined);
      assert.ok(q.status < 500, q.text);
      const res = await quote({
        mode: 'cart',
        lines: [{ sku_id: skuId, quantity: 1 }],
        customer: { first_name: 'Ada\r\nSet-Cookie: pwned=1', last_name: 'L\r\n\r\nHTTP/1.1 200 OK', email: 'ada@example.com' },
        shipping_address: ADDRESS,
      });
      assert.equal(res.headers.get('set-cookie'), null);
      assert.ok(res.status === 200 || res.status === 400, res.text);
    });

    it('refuses an Idempotency-Key with control characters or of absurd length', async () => {
      const q = await readyQuote(stack, [1001]);
      const before = (await stack.control('/__sandbox/orders')).length;
      const calls = await upstreamDuring(async () => {
        const long = await place(stack, q.quote_token, 'k'.repeat(5000));
        assert.equal(long.status, 400);
        const body = JSON.stringify({ quote_token: q.quote_token, payment: { payment_provider: 'SANDBOX', token: 'tok_sandbox_visa' } });
        for (const key of ['abcdefgh\tijk', 'abcdefgh ijk', 'abcdefgh\u00e9', 'short']) {
          const ctl = await raw('POST', '/api/checkout/place', { 'content-type': 'application/json', 'idempotency-key': key }, body);
          assert.equal(ctl.status, 400, JSON.stringify(key));
        }
      });
      // Nothing above was sent.
      assert.deepEqual(calls, []);
      assert.equal((await stack.control('/__sandbox/orders')).length, before);
    });
  });

  describe('floods', () => {
    it('a flood from one client gets 429 rate_limited with Retry-After, and the service sees at most the burst', async () => {
      const limited = await startBff(stack.sandboxUrl, { rateLimit: { burst: 5, perSecond: 1 } });
      try {
        const answers = await Promise.all(Array.from({ length: 40 }, () => limited.api('/api/offers?merchant_id=1001&size=1')));
        const refused = answers.filter((a) => a.status === 429);
        assert.ok(refused.length >= 30, `${refused.length} refused`);
        assert.equal(refused[0]!.body.error.code, 'rate_limited');
        assert.ok(Number(refused[0]!.headers.get('retry-after')) >= 1);
        assert.ok(limited.upstream.length <= 5 + 2, `${limited.upstream.length} upstream calls`);
      } finally {
        await limited.close();
      }
    });

    it('one request after another: the burst passes, then each is refused with 429 rate_limited and Retry-After', async () => {
      const limited = await startBff(stack.sandboxUrl, { rateLimit: { burst: 5, perSecond: 0.5 } });
      try {
        const answers = [];
        for (let i = 0; i < 8; i++) answers.push(await limited.api('/api/health'));
        assert.deepEqual(answers.map((a) => a.status), [200, 200, 200, 200, 200, 429, 429, 429]);
        assert.equal(answers.at(-1)!.body.error.code, 'rate_limited');
        assert.ok(Number(answers.at(-1)!.headers.get('retry-after')) >= 1);
      } finally {
        await limited.close();
      }
    });

    it('three hundred concurrent reads of one page cost the service one call', async () => {
      const bff = await startBff(stack.sandboxUrl);
      try {
        await bff.api('/api/merchants');
        const from = bff.upstream.length;
        const answers = await Promise.all(Array.from({ length: 300 }, () => bff.api('/api/offers?merchant_id=1002&size=7')));
        assert.ok(answers.every((a) => a.status === 200));
        assert.equal(bff.upstream.slice(from).filter((c) => c.includes('/merchants/1002')).length, 1);
      } finally {
        await bff.close();
      }
    });
  });

  it('no answer in this file carried the app secret or token', () => {
    assert.equal(assertNoSecrets(stack.received), undefined);
  });
});
