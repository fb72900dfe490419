/**
 * Issue 15, items 2 and 3 — an upstream that redirects, and one that talks
 * too much. A fake service (a tiny Node server) answers redirects to a
 * second server that records everything it receives, and 4xx bodies full of
 * stack traces, database URLs and the very token the BFF just sent.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import { createRefreshingTokenProvider } from '../../src/contract/token.js';
import { ADDRESS, APP_SECRET, HEALTHY_REPORT, listen, plainOffer, sendJson, startBff, startFakeUpstream, stop, TOKEN, type FakeRoute } from './harness.js';

/** Records every request that reaches it: it must never see one. */
async function startElsewhere() {
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    // What a hostile origin would love the BFF to serve as data.
    sendJson(res, 200, { content: [plainOffer(666, { name: 'served from elsewhere' })], last: true, estimated_carts: [] });
  });
  const url = await listen(server);
  return { url, seen, close: () => stop(server) };
}

/** A direct-mode quote: priced by the service's estimate. */
const QUOTE = { lines: [{ sku_id: 10010, quantity: 1 }], shipping_address: ADDRESS };

describe('15.2 — upstream redirects are never followed', () => {
  let elsewhere: Awaited<ReturnType<typeof startElsewhere>>;
  before(async () => {
    elsewhere = await startElsewhere();
  });
  after(() => elsewhere.close());

  for (const status of [301, 302, 303, 307, 308]) {
    it(`${status} to another origin: 502, logged, and nothing — credentials, body — reaches it`, async () => {
      const redirect: FakeRoute = (req, res) => {
        res.writeHead(status, { location: `${elsewhere.url}${req.url}` }).end();
      };
      const upstream = await startFakeUpstream({ 'GET /v1/catalog/offers/merchants/1001': redirect, 'POST /v1/orders/estimate': redirect });
      const logged: unknown[] = [];
      const bff = await startBff(upstream.url, { onError: (e) => logged.push(e) });
      try {
        const offers = await bff.api('/api/offers?merchant_id=1001');
        assert.equal(offers.status, 502, offers.text);
        assert.equal(offers.body.error.code, 'upstream_error');
        assert.ok(!offers.text.includes('served from elsewhere'));

        const quote = await bff.api('/api/checkout/quote', { method: 'POST', json: QUOTE });
        assert.equal(quote.status, 502, quote.text);
        assert.equal(quote.body.error.code, 'upstream_error');

        assert.deepEqual(elsewhere.seen, [], 'the other origin received a request');
        assert.deepEqual([...bff.upstreamOrigins], [upstream.url], 'the BFF talked to another origin');
        assert.ok(logged.some((e) => /redirect/i.test(String((e as Error).message))), 'the redirect was not logged');
        assert.ok(!offers.text.includes(elsewhere.url) && !quote.text.includes(elsewhere.url), 'the Location reached the browser');
      } finally {
        await bff.close();
        await upstream.close();
      }
    });
  }

  it('a token refresh answered with a redirect sends the refresh token nowhere else', async () => {
    const upstream = await startFakeUpstream({
      'GET /v1/auth/token': (req, res) => void res.writeHead(307, { location: `${elsewhere.url}/v1/auth/token` }).end(),
    });
    const before = elsewhere.seen.length;
    const token = createRefreshingTokenProvider({ baseUrl: upstream.url, appId: 10001, appSecret: APP_SECRET, refreshToken: 'refresh-token-0123456789' });
    const bff = await startBff(upstream.url, { token });
    try {
      const res = await bff.api('/api/offers?merchant_id=1001');
      assert.equal(res.status, 502, res.text);
      assert.equal(elsewhere.seen.length, before);
    } finally {
      await bff.close();
      await upstream.close();
    }
  });
});

const STACK_TRACE = 'java.lang.IllegalStateException: pool exhausted\n\tat com.example.checkout.CartService.submit(CartService.java:412)';
const DB_URL = 'postgres://checkout:hunter2-db-password@10.0.3.7:5432/orders';

describe('15.3 — upstream error text never reaches the browser', () => {
  it('stack traces and database URLs in 4xx messages, causes and per-SKU messages are replaced by Tote’s own', async () => {
    const chatty = (status: number, error: string): FakeRoute => (req, res) =>
      sendJson(res, status, {
        message: `${STACK_TRACE} ${DB_URL}`,
        error,
        code: 4000,
        data: { cause: DB_URL, skus: [{ sku_id: 10010, message: `out of stock ${DB_URL}`, name: STACK_TRACE }] },
      });
    const cases: [string, number, string, string][] = [
      ['POST /v1/orders/estimate', 400, 'invalid_request', 'bad_request'],
      ['POST /v1/orders/estimate', 409, 'insufficient_inventory', 'out_of_stock'],
      ['POST /v1/orders/estimate', 409, 'price_mismatch', 'price_changed'],
      ['POST /v1/orders/estimate', 404, 'sku_not_found', 'not_found'],
      ['POST /v1/orders/estimate', 422, 'something_new', 'upstream_error'],
      ['POST /v1/orders/estimate', 402, 'payment_declined', 'payment_declined'],
    ];
    for (const [route, status, error, code] of cases) {
      const upstream = await startFakeUpstream({ [route]: chatty(status, error) });
      const bff = await startBff(upstream.url);
      try {
        const res = await bff.api('/api/checkout/quote', { method: 'POST', json: QUOTE });
        assert.equal(res.body?.error?.code, code, `${status} ${error}: ${res.text}`);
        for (const leak of ['java.lang', 'CartService', 'postgres://', 'hunter2', '10.0.3.7', 'out of stock postgres']) {
          assert.ok(!res.text.includes(leak), `${status} ${error} leaked ${leak}: ${res.text}`);
        }
        if (code === 'out_of_stock' || code === 'price_changed') {
          // The typed part survives: which SKU, nothing the upstream wrote.
          assert.deepEqual(res.body.error.skus, [{ sku_id: 10010 }]);
        }
      } finally {
        await bff.close();
        await upstream.close();
      }
    }
  });

  it('a refreshed access token echoed by the upstream — in an error or in data — is redacted', async () => {
    let issued = 0;
    const fresh = () => `eyJhbGciOiJIUzI1NiJ9.refreshed-${++issued}-${Math.random().toString(36).slice(2)}.sig`;
    const tokens: string[] = [];
    const upstream = await startFakeUpstream({
      'GET /v1/auth/token': (req, res) => {
        const token = fresh();
        tokens.push(token);
        sendJson(res, 200, { token });
      },
      // Echoes whatever token it was sent, as the attack's upstream did.
      'POST /v1/orders/estimate': (req, res) =>
        sendJson(res, 400, { message: `token ${req.headers['x-service-token']} refused for app secret ${req.headers['x-service-app-secret']}`, code: 1 }),
      'GET /v1/catalog/offers/merchants/1001': (req, res) =>
        sendJson(res, 200, { content: [plainOffer(1, { name: `Offer for ${req.headers['x-service-token']}`, description: String(req.headers['x-service-token']) })], last: true }),
      'GET /v1/operations/connection_health': (req, res) => sendJson(res, 200, [HEALTHY_REPORT]),
    });
    const token = createRefreshingTokenProvider({ baseUrl: upstream.url, appId: 10001, appSecret: APP_SECRET, refreshToken: 'refresh-token-0123456789' });
    const bff = await startBff(upstream.url, { token });
    try {
      const quote = await bff.api('/api/checkout/quote', { method: 'POST', json: QUOTE });
      assert.equal(quote.status, 400);
      // The token expires (401, error_code 11) and is renewed: the new one is just as secret.
      token.invalidate?.();
      const offers = await bff.api('/api/offers?merchant_id=1001');
      assert.equal(offers.status, 200, offers.text);
      assert.ok(tokens.length >= 2, 'the token was not refreshed');
      for (const r of bff.received) {
        for (const secret of [...tokens, APP_SECRET, 'refresh-token-0123456789', TOKEN]) assert.ok(!r.includes(secret), `${secret} leaked: ${r.slice(0, 400)}`);
      }
    } finally {
      await bff.close();
      await upstream.close();
    }
  });
});
