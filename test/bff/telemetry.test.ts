/**
 * Issue 29, as an operator sees it: the spans of a whole checkout (quote → place) with the service calls under
 * each request, merchant and status on them; the same spans through OTLP to a collector stand-in; a busy shop's
 * 429s counted per merchant on `GET /metrics`, which refuses anyone without the operator token; and the request
 * id, the caller's or a fresh one, on the answer and on every call the sandbox received for that request.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { until } from '../until.js';
import { ADDRESS, CUSTOMER, OPERATOR_TOKEN, PAY, readEvents, startStack, type Stack } from './harness.js';
import { sign } from '../hostile/harness.js';

/** One in-stock SKU of a merchant, as the widget reads it through the BFF. */
async function inStockSku(stack: Stack, merchantId: number): Promise<number> {
  const page = await stack.api(`/api/offers?merchant_id=${merchantId}&size=20`);
  assert.equal(page.status, 200, page.text);
  return page.body.offers.flatMap((o: any) => o.skus).find((s: any) => s.in_stock && (s.qty_available ?? 9) > 4).id;
}

const quoteOf = async (stack: Stack, merchantId: number, headers: Record<string, string> = {}) =>
  stack.api('/api/checkout/quote', {
    method: 'POST',
    headers,
    json: { mode: 'direct', lines: [{ sku_id: await inStockSku(stack, merchantId), quantity: 1 }], customer: CUSTOMER, shipping_address: ADDRESS },
  });

async function readyQuote(stack: Stack, merchantId: number) {
  const quote = await quoteOf(stack, merchantId);
  assert.equal(quote.status, 200, quote.text);
  assert.equal(quote.body.ready, true, quote.text);
  return quote.body as { quote_token: string };
}

async function checkout(stack: Stack, merchantId: number, headers: Record<string, string> = {}) {
  const quote = await quoteOf(stack, merchantId, headers);
  assert.equal(quote.status, 200, quote.text);
  assert.equal(quote.body.ready, true, quote.text);
  const place = await stack.api('/api/checkout/place', {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': `telemetry-${merchantId}-${Math.random()}` },
    json: { quote_token: quote.body.quote_token, payment: PAY },
  });
  assert.equal(place.status, 201, place.text);
  return { quote, place };
}

const requestSpans = (spans: ReadableSpan[], route: string) => spans.filter((s) => s.attributes['http.route'] === route && s.name.startsWith('POST /'));
const childrenOf = (spans: ReadableSpan[], parent: ReadableSpan) =>
  spans.filter((s) => s.parentSpanContext?.spanId === parent.spanContext().spanId && s.spanContext().traceId === parent.spanContext().traceId);

describe('spans of a checkout (in-memory exporter)', () => {
  const exporter = new InMemorySpanExporter();
  let stack: Stack;
  before(async () => {
    stack = await startStack({ telemetry: { spanExporter: exporter } });
  });
  after(() => stack.close());

  it('has a server span per request with the service calls as its children, merchant and status on each', async () => {
    await checkout(stack, 1001);
    const spans = exporter.getFinishedSpans();
    for (const route of ['/checkout/quote', '/checkout/place']) {
      const [request] = requestSpans(spans, route);
      assert.ok(request, `a span for POST ${route}; got ${spans.map((s) => s.name).join(', ')}`);
      assert.equal(request.name, `POST ${route}`);
      assert.equal(request.attributes['http.response.status_code'], route === '/checkout/place' ? 201 : 200);
      assert.equal(request.attributes['tote.merchant_id'], 1001);
      assert.match(String(request.attributes['tote.request_id']), /^[0-9a-f-]{36}$/);
      const calls = childrenOf(spans, request);
      assert.ok(calls.length >= 1, `service calls under POST ${route}`);
      for (const call of calls) {
        assert.match(call.name, /^service (GET|POST|PUT|DELETE) \/v1\//);
        assert.ok(!/\/\d+(\/|$)/.test(String(call.attributes['http.route'])), `a route pattern, not a path with ids: ${call.attributes['http.route']}`);
        assert.equal(call.attributes['http.response.status_code'], 200);
        assert.equal(call.attributes['tote.retries'], 0);
      }
      assert.ok(calls.some((c) => c.attributes['tote.merchant_id'] === 1001), `a call of merchant 1001 under POST ${route}`);
    }
    const place = requestSpans(spans, '/checkout/place')[0]!;
    assert.ok(childrenOf(spans, place).some((c) => c.name === 'service POST /v1/orders'), 'the submit is a child of the place');
  });
});

/** A collector stand-in: keeps what OTLP/HTTP posts to `/v1/traces`, decoded from its JSON. */
async function startCollector() {
  const traces: any[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.url === '/v1/traces') traces.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, traces, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('OTLP export to a collector', () => {
  it('sends the checkout spans as OTLP JSON, with the service name and the attributes', async () => {
    const collector = await startCollector();
    const stack = await startStack({ telemetry: { otlp: collector.url, serviceName: 'shop-bff' } });
    try {
      await checkout(stack, 1002);
      // Closing the BFF flushes its batch of spans to the collector.
      await stack.close();
      await until(() => collector.traces.flatMap((t) => t.resourceSpans.flatMap((r: any) => r.scopeSpans.flatMap((s: any) => s.spans))).some((s: any) => s.name === 'POST /checkout/place'), 'the spans at the collector');
    } finally {
      await collector.close();
    }
    const resourceSpans = collector.traces.flatMap((t) => t.resourceSpans);
    const service = resourceSpans[0].resource.attributes.find((a: any) => a.key === 'service.name');
    assert.equal(service.value.stringValue, 'shop-bff');
    const spans = resourceSpans.flatMap((r: any) => r.scopeSpans.flatMap((s: any) => s.spans));
    const attr = (span: any, key: string) => span.attributes.find((a: any) => a.key === key)?.value;
    const placeSpan = spans.find((s: any) => s.name === 'POST /checkout/place');
    assert.ok(placeSpan, `got ${spans.map((s: any) => s.name).join(', ')}`);
    const submit = spans.find((s: any) => s.name === 'service POST /v1/orders');
    assert.equal(submit.parentSpanId, placeSpan.spanId);
    assert.equal(Number(attr(submit, 'tote.merchant_id').intValue), 1002);
    assert.equal(Number(attr(submit, 'http.response.status_code').intValue), 200);
  });
});

describe('GET /metrics after a busy shop', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({ operatorToken: OPERATOR_TOKEN, telemetry: { prometheus: true } });
  });
  after(() => stack.close());

  const scrape = (headers: Record<string, string> = { authorization: `Bearer ${OPERATOR_TOKEN}` }, path = '/api/metrics') => stack.api(path, { headers });
  const refusals: Record<string, string>[] = [{}, { authorization: 'Bearer not-the-operator-token' }, { authorization: `Basic ${OPERATOR_TOKEN}` }];

  it('refuses a scrape without the operator token, or with another', async () => {
    for (const headers of refusals) {
      for (const path of ['/api/metrics', '/metrics']) {
        const res = await scrape(headers, path);
        assert.equal(res.status, 401, `${path} ${JSON.stringify(headers)}: ${res.text}`);
        assert.ok(!res.text.includes('tote_'), 'no metric in a refusal');
      }
    }
  });

  it("counts the merchant's 429s, its service latency, quotes and place outcomes", async () => {
    // The README's busy shop: every call to 1001's platform is refused, told to retry at once.
    const ready = await readyQuote(stack, 1001);
    await stack.control('/__sandbox/faults', { json: { merchant_id: 1001, rate_limit_every: 1, retry_after_s: 0 } });
    const busyPlace = await stack.api('/api/checkout/place', { method: 'POST', headers: { 'idempotency-key': `busy-${Math.random()}` }, json: { quote_token: ready.quote_token, payment: PAY } });
    assert.equal(busyPlace.status, 429, busyPlace.text);
    for (let i = 0; i < 3; i++) {
      const quote = await quoteOf(stack, 1001);
      assert.ok(quote.status === 429 || quote.body.ready === false, quote.text);
    }
    await stack.control('/__sandbox/faults', { method: 'DELETE' });
    await checkout(stack, 1002);

    for (const path of ['/api/metrics', '/metrics']) {
      const res = await scrape(undefined, path);
      assert.equal(res.status, 200, res.text);
      assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      const limited = (merchant: number, source: string) =>
        new RegExp(`^tote_service_rate_limited_total\\{[^}]*tote_merchant_id="${merchant}"[^}]*tote_source="${source}"[^}]*\\} (\\d+)`, 'm').exec(res.text)?.[1];
      const lines = res.text.split('\n').filter((l) => l.includes('rate_limited')).join('\n');
      assert.ok(Number(limited(1001, 'service')) >= 1, `1001's 429s from the service in:\n${lines}`);
      assert.ok(Number(limited(1001, 'platform')) >= 3, `1001's busy bags in:\n${lines}`);
      assert.equal(limited(1002, 'service'), undefined, 'the calm shop has no 429');
      assert.match(res.text, /^tote_service_errors_total\{[^}]*tote_merchant_id="1001"[^}]*tote_error="rate_limited"/m);
      assert.match(res.text, /^tote_service_duration_bucket\{[^}]*tote_merchant_id="1002"/m);
      assert.match(res.text, /^tote_checkout_place_outcomes_total\{[^}]*tote_outcome="placed"[^}]*\} 1$/m);
      assert.match(res.text, /^tote_checkout_place_outcomes_total\{[^}]*tote_outcome="not_placed"[^}]*\} 1$/m);
      assert.match(res.text, /^tote_checkout_quotes_total\{[^}]*tote_ready="true"[^}]*\} 2$/m);
      assert.match(res.text, /^tote_checkout_quotes_total\{[^}]*tote_ready="false"[^}]*\} 3$/m);
    }
  });
});

describe('GET /metrics: webhooks and streams', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({ operatorToken: OPERATOR_TOKEN, telemetry: { prometheus: true } });
  });
  after(() => stack.close());
  const metrics = async () => (await stack.api('/api/metrics', { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })).text;

  it('times the lag of each webhook from its event to its receipt, and counts the refused ones', async () => {
    const event = JSON.stringify({ id: 77, merchant_id: 1001, date_last_modified: new Date(Date.now() - 90_000).toISOString() });
    const deliver = (hmac: string) =>
      stack.api('/api/webhooks', { method: 'POST', body: event, headers: { 'content-type': 'application/json', 'x-service-topic': 'OFFER_UPDATED', 'x-service-event-id': `e-${Math.random()}`, 'x-service-hmac': hmac } });
    assert.equal((await deliver(sign(event))).status, 200);
    assert.equal((await deliver('forged')).status, 401);
    const text = await metrics();
    // 90 s late: in the 300 s bucket, not the 60 s one.
    assert.match(text, /^tote_webhook_lag_bucket\{[^}]*tote_topic="OFFER_UPDATED"[^}]*le="60"[^}]*\} 0$/m);
    assert.match(text, /^tote_webhook_lag_bucket\{[^}]*tote_topic="OFFER_UPDATED"[^}]*le="300"[^}]*\} 1$/m);
    assert.match(text, /^tote_webhook_failures_total\{[^}]*http_response_status_code="401"[^}]*tote_error="unauthorized"[^}]*\} 1$/m);
  });

  it('counts the open order event streams', async () => {
    const { place } = await checkout(stack, 1001);
    const open = /^tote_streams_open\{[^}]*\} (\d+)$/m;
    let during = '';
    await readEvents(`${stack.base}/api/orders/${place.body.order.id}/events?access=${place.body.access}`, (events) => events.length > 0, {
      onOpen: async () => void (during = await metrics()),
    });
    assert.equal(open.exec(during)?.[1], '1', during.split('\n').filter((l) => l.includes('streams')).join('\n'));
    await until(async () => open.exec(await metrics())?.[1] === '0', 'the stream closed');
  });
});

describe('request id', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack();
  });
  after(() => stack.close());

  const received = async () => ((await stack.control('/__sandbox/requests')) as { requests: { path: string; headers: Record<string, string> }[] }).requests;

  it("is the caller's X-Request-Id: on the answer, and on every call the sandbox received for that request", async () => {
    const id = 'req-01HZX3-shop.checkout:42';
    const { quote, place } = await checkout(stack, 1001, { 'x-request-id': id });
    assert.equal(quote.headers.get('x-request-id'), id);
    assert.equal(place.headers.get('x-request-id'), id);
    const calls = (await received()).filter((r) => r.headers['x-request-id'] === id);
    assert.ok(calls.some((r) => r.path === '/v1/orders/estimate'), 'the quote’s estimate carried it');
    assert.ok(calls.some((r) => r.path === '/v1/orders'), 'the place’s submit carried it');
    for (const r of await received()) assert.ok(!('x-service-app-secret' in r.headers) && !('x-service-token' in r.headers), 'the sandbox keeps no credential');
  });

  it('is made fresh when the caller sends none, or one too long or of unsafe characters', async () => {
    for (const [i, given] of [undefined, 'a'.repeat(129), 'ada@example.com', 'two words', 'line\tbreak', '-leading-dash'].entries()) {
      const before = (await received()).length;
      // Another page size each time: a page the BFF has cached calls nothing upstream.
      const res = await stack.api(`/api/offers?merchant_id=1001&size=${3 + i}`, { headers: given === undefined ? {} : { 'x-request-id': given } });
      assert.equal(res.status, 200, res.text);
      const id = res.headers.get('x-request-id')!;
      assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, `fresh for ${given}`);
      const upstream = (await received()).slice(before);
      assert.ok(upstream.length >= 1, 'the page was read upstream');
      for (const r of upstream) assert.equal(r.headers['x-request-id'], id);
    }
  });

  it('is on refusals too (a 404, a 405, a bad body)', async () => {
    for (const [path, init] of [
      ['/api/nowhere', {}],
      ['/api/checkout/quote', {}],
      ['/api/checkout/quote', { method: 'POST', json: { lines: 'nope' } }],
    ] as const) {
      const res = await stack.api(path, { ...init, headers: { 'x-request-id': 'refused-1' } });
      assert.ok(res.status >= 400);
      assert.equal(res.headers.get('x-request-id'), 'refused-1');
    }
  });
});
