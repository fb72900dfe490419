/**
 * The BFF mounted the other ways it is used: as a bare web handler (what
 * Next.js and Hono call), inside Vite's dev server, configured from the
 * environment with a refreshing token, and its event streams' limits.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createServer as createViteServer } from 'vite';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { bffConfigFromEnv, createBff, createBffServer, toNodeListener, toteBffVitePlugin, type BffConfig } from '../../src/bff/index.js';
import { createServer as createHttpServer } from 'node:http';
import { ADDRESS, APP_ID, APP_SECRET, CUSTOMER, PAY, SECRETS, TOKEN, readEvents, received, record } from './harness.js';

let sandbox: Sandbox;
const minted: string[] = [];
before(async () => {
  sandbox = await startSandbox({ port: 0 });
});
after(async () => {
  await sandbox?.close();
});

const baseConfig = (): BffConfig => ({ serviceBaseUrl: sandbox.url, appId: APP_ID, appSecret: APP_SECRET, token: TOKEN, onError: () => {} });

async function call(handler: (r: Request) => Promise<Response>, url: string, init?: RequestInit) {
  const res = await handler(new Request(url, init));
  const text = await res.text();
  record(res, text);
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

describe('as a web-standard handler', () => {
  it('answers Request with Response, under a custom prefix, without any server', async () => {
    const handler = createBff({ ...baseConfig(), prefix: '/shop-api/' });
    const health = await call(handler, 'http://bff.test/shop-api/health');
    assert.equal(health.status, 200);
    const merchants = await call(handler, 'http://bff.test/shop-api/merchants');
    assert.equal(merchants.status, 200);
    assert.ok(merchants.body.merchants.length > 0);
    assert.equal((await call(handler, 'http://bff.test/api/health')).status, 404);
    const offers = await call(handler, 'http://bff.test/shop-api/offers?merchant_id=1001&size=1');
    const quoted = await call(handler, 'http://bff.test/shop-api/checkout/quote', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://bff.test' },
      body: JSON.stringify({ mode: 'cart', lines: [{ sku_id: offers.body.offers[0].skus[0].id, quantity: 1 }] }),
    });
    assert.equal(quoted.status, 200);
    assert.equal(typeof quoted.body.quote_token, 'string');
  });

  it('serves webhooks at a configured path outside the prefix', async () => {
    const handler = createBff({ ...baseConfig(), webhookPath: '/hooks/service' });
    const { createHmac } = await import('node:crypto');
    const body = '{"merchant_id":1001}';
    const res = await call(handler, 'http://bff.test/hooks/service', {
      method: 'POST',
      headers: { 'x-service-hmac': createHmac('sha256', APP_SECRET).update(body).digest('base64'), 'x-service-topic': 'OFFER_UPDATED', 'x-service-event-id': 'e-path-1' },
      body,
    });
    assert.equal(res.status, 200);
    assert.equal((await call(handler, 'http://bff.test/api/webhooks', { method: 'POST', body })).status, 404);
  });
});

describe('below a mount path', () => {
  it('toNodeListener reads originalUrl, as Express and Connect leave it when they strip their mount path', async () => {
    const listener = toNodeListener(createBff(baseConfig()));
    const server = createHttpServer((req, res) => {
      // What `app.use('/api', listener)` does to the request before calling it.
      Object.assign(req, { originalUrl: req.url, url: req.url!.slice('/api'.length) || '/' });
      void listener(req, res);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/health`);
      const text = await res.text();
      record(res, text);
      assert.equal(res.status, 200, text);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('the request toNodeListener hands the handler', () => {
  it('reads as undici\'s Request would: headers joined and trimmed (Node\'s parser trims them), body readers, clone, signal, the rest on demand', async () => {
    let seen: Record<string, unknown> = {};
    const listener = toNodeListener(async (request) => {
      const copy = request.clone();
      seen = {
        isRequest: request instanceof Request,
        method: request.method,
        url: request.url,
        forwarded: request.headers.get('X-Forwarded-For'),
        spaced: request.headers.get('x-spaced'),
        missing: request.headers.get('x-missing'),
        has: request.headers.has('Content-Type'),
        listed: [...request.headers].find(([name]) => name === 'x-forwarded-for'),
        text: await request.text(),
        cloneText: await copy.text(),
        form: (await request.formData()).get('a'),
        cache: request.cache,
        aborted: request.signal.aborted,
        bodyUsed: request.bodyUsed,
      };
      return new Response('{}', { headers: { 'content-type': 'application/json' } });
    });
    const server = createHttpServer((req, res) => void listener(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { request } = await import('node:http');
      await new Promise<void>((done, fail) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: (server.address() as AddressInfo).port,
            path: '/api/x?y=1',
            method: 'POST',
            // Two lines of one header (a list of pairs: Node adds no Host to it, HTTP/1.1 requires one).
            headers: [
              ...['host', '127.0.0.1', 'content-type', 'application/x-www-form-urlencoded', 'content-length', '3'],
              ...['x-forwarded-for', '203.0.113.1', 'x-forwarded-for', '198.51.100.2', 'x-spaced', '  v  '],
            ],
          },
          (res) => res.resume().on('end', done),
        );
        req.on('error', fail);
        req.end('a=1');
      });
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
    assert.deepEqual(seen, {
      isRequest: true,
      method: 'POST',
      url: 'http://127.0.0.1/api/x?y=1',
      forwarded: '203.0.113.1, 198.51.100.2',
      spaced: 'v',
      missing: null,
      has: true,
      listed: ['x-forwarded-for', '203.0.113.1, 198.51.100.2'],
      text: 'a=1',
      cloneText: 'a=1',
      form: '1',
      cache: 'default',
      aborted: false,
      bodyUsed: false,
    });
  });
});

describe('inside Vite', () => {
  it('toteBffVitePlugin mounts the API on the dev server and leaves other paths to Vite', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tote-vite-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>demo</title><p>demo page</p>');
    const server = await createViteServer({
      configFile: false,
      root,
      logLevel: 'silent',
      server: { port: 0, host: '127.0.0.1', hmr: false, watch: null },
      plugins: [toteBffVitePlugin(baseConfig())],
    });
    await server.listen();
    try {
      const base = `http://127.0.0.1:${(server.httpServer!.address() as AddressInfo).port}`;
      const health = await fetch(`${base}/api/health`);
      const text = await health.text();
      record(health, text);
      assert.equal(health.status, 200);
      assert.equal(JSON.parse(text).ok, true);
      const offers = await fetch(`${base}/api/offers?merchant_id=1001&size=2`);
      const offersText = await offers.text();
      record(offers, offersText);
      assert.equal(JSON.parse(offersText).offers.length, 2);
      const quote = await fetch(`${base}/api/checkout/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ mode: 'cart', lines: [{ sku_id: JSON.parse(offersText).offers[0].skus[0].id, quantity: 1 }] }),
      });
      record(quote, await quote.text());
      assert.equal(quote.status, 200);
      const page = await fetch(`${base}/`);
      assert.match(await page.text(), /demo page/);
    } finally {
      await server.close();
    }
  });
});

describe('configured from the environment', () => {
  it('runs on a refresh token and renews an expired access token without the shopper noticing', async () => {
    const login = await fetch(`${sandbox.url}/v1/login`, {
      method: 'POST',
      headers: { 'x-service-app-id': String(APP_ID), 'x-service-app-secret': APP_SECRET, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner@sandbox.tote.dev', password: 'sandbox-password' }),
    });
    const { refresh_token } = await login.json();
    minted.push(refresh_token);
    const config = bffConfigFromEnv({
      SERVICE_BASE_URL: sandbox.url,
      SERVICE_APP_ID: String(APP_ID),
      SERVICE_APP_SECRET: APP_SECRET,
      SERVICE_REFRESH_TOKEN: refresh_token,
      TOTE_ALLOWED_ORIGINS: 'https://shop.example',
    });
    const provider = config.token as { getToken(): Promise<string> };
    const handler = createBff({ ...config, onError: () => {} });
    assert.equal((await call(handler, 'http://bff.test/api/merchants')).status, 200);
    minted.push(await provider.getToken());
    await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'x-service-app-id': String(APP_ID), 'x-service-app-secret': APP_SECRET, 'x-service-token': TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ expire_tokens: true }),
    });
    assert.equal((await call(handler, 'http://bff.test/api/offers?merchant_id=1002&size=2')).status, 200);
    minted.push(await provider.getToken());
    assert.notEqual(minted[2], minted[1], 'the expired token was renewed');
    await fetch(`${sandbox.url}/__sandbox/faults`, { method: 'DELETE', headers: { 'x-service-app-id': String(APP_ID), 'x-service-app-secret': APP_SECRET, 'x-service-token': TOKEN } });
  });
});

describe('event streams', () => {
  it('send heartbeats, and cap how many are open at once', async () => {
    const server = createBffServer({ ...baseConfig(), heartbeatMs: 20, maxStreams: 1 });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const offers = await (await fetch(`${base}/api/offers?merchant_id=1001&size=5`)).json();
      const sku = offers.offers.flatMap((o: any) => o.skus).find((s: any) => s.in_stock !== false);
      const quote = await fetch(`${base}/api/checkout/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ lines: [{ sku_id: sku.id, quantity: 1 }], customer: CUSTOMER, shipping_address: ADDRESS }),
      });
      const { quote_token } = await quote.json();
      const placed = await fetch(`${base}/api/checkout/place`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'stream-limit-0001' },
        body: JSON.stringify({ quote_token, payment: PAY }),
      });
      assert.equal(placed.status, 201);
      const { order, access } = await placed.json();
      const url = `${base}/api/orders/${order.id}/events?access=${encodeURIComponent(access)}`;
      let second: Awaited<ReturnType<typeof readEvents>> | undefined;
      const first = await readEvents(url, (events) => events.length > 0, {
        onOpen: async () => {
          second = await readEvents(url, () => true, { timeoutMs: 2000 });
        },
      });
      assert.equal(first.status, 200);
      assert.equal(second!.status, 503);
      const beats = await readEvents(url, () => false, { timeoutMs: 300 });
      assert.equal(beats.status, 200, 'the first stream was closed and its slot freed');
      assert.match(beats.raw, /: heartbeat\n\n/);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('secrets', () => {
  it('never appear in any response this file received, minted tokens included', () => {
    assert.ok(received.length > 8, `only ${received.length} responses recorded`);
    for (const r of received) for (const secret of [...SECRETS, ...minted]) assert.ok(!r.includes(secret), `secret found in:\n${r.slice(0, 500)}`);
  });
});
