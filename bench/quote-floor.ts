/**
 * The quote's floor (issue 30): the CPU of each piece a correct quote must do beyond a bare proxy's two
 * HTTP exchanges, and of the plumbing the BFF adds, each measured alone in this process with
 * `process.cpuUsage()`, then the whole handler in-process with the service's answers canned:
 *   node --import tsx bench/quote-floor.ts [iterations]
 * The service's answers are the sandbox's own, recorded once from a real quote.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { createBff, toNodeListener } from '../src/bff/index.js';
import { QuoteRequestSchema } from '../src/contract/checkout-api.js';
import { QuoteEstimateResponseSchema } from '../src/contract/estimate.js';
import { checkQuoteAddresses } from '../src/bff/address/quote-addresses.js';
import { createQuoteTokens } from '../src/bff/quote-token.js';
import { createSigner } from '../src/bff/signing.js';
import { createUpstreamFetch } from '../src/bff/upstream-pool.js';
import { wholeRequest, WholeResponse } from '../src/bff/whole-bodies.js';
import { NodeHeaders } from '../src/bff/node-headers.js';
import { parseJsonBytes } from '../src/bff/security.js';
import { Router } from '../src/bff/router.js';
import { estimatedBag } from '../src/bff/quote-bags.js';
import { finish, type QuoteContext } from '../src/bff/quote-finish.js';
import { createRedactor, redactJsonAnswer } from '../src/bff/errors.js';
import { createObserver } from '../src/bff/observability/observer.js';
import { createLogger } from '../src/bff/observability/log.js';
import { createServiceClient } from '../src/contract/client.js';
import { createOriginPolicy } from '../src/bff/security.js';
import { startSandbox, DEFAULT_CREDENTIALS } from '../src/sandbox/index.js';
import { MERCHANTS } from '../src/sandbox/merchants.js';
import { createServer, request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';

const N = Number(process.argv[2] ?? 20_000);

/** CPU µs per call of `fn`, after as many warm-up calls. */
async function cpu(name: string, fn: () => unknown, n = N): Promise<number> {
  for (let i = 0; i < n; i++) await fn();
  const best: number[] = [];
  for (let round = 0; round < 3; round++) {
    const t = process.cpuUsage();
    for (let i = 0; i < n; i++) await fn();
    const d = process.cpuUsage(t);
    best.push((d.user + d.system) / n);
  }
  const us = Math.min(...best);
  console.log(`${us.toFixed(2).padStart(8)} µs  ${name}`);
  return us;
}
/** The same for synchronous work: no `await` between calls (each await is a microtask turn of its own). */
function cpuSync(name: string, fn: () => unknown, n = N): number {
  for (let i = 0; i < n; i++) fn();
  const best: number[] = [];
  for (let round = 0; round < 3; round++) {
    const t = process.cpuUsage();
    for (let i = 0; i < n; i++) fn();
    const d = process.cpuUsage(t);
    best.push((d.user + d.system) / n);
  }
  const us = Math.min(...best);
  console.log(`${us.toFixed(2).padStart(8)} µs  ${name}`);
  return us;
}

for (const m of MERCHANTS) m.rate_limit = { burst: 1e9, per_second: 1e9 };
const sandbox = await startSandbox({ port: 0 });
// Record the service's answers of one real quote, by method and path.
const recorded = new Map<string, { status: number; text: string }>();
const real = createUpstreamFetch();
const recording: typeof fetch = async (input, init) => {
  const res = await real(input, init);
  const text = await res.clone().text();
  recorded.set(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`, {
    status: res.status,
    text,
  });
  return res;
};
const config = {
  serviceBaseUrl: sandbox.url,
  appId: DEFAULT_CREDENTIALS.appId,
  appSecret: DEFAULT_CREDENTIALS.appSecret,
  token: DEFAULT_CREDENTIALS.token,
  onError: () => {},
  rateLimit: false as const,
  merchantBudget: false as const,
};
const recordingBff = createBff({ ...config, fetch: recording });
const offers = (await (await recordingBff(new Request('http://localhost/api/offers?merchant_id=1001&size=20'))).json()) as {
  offers: { skus: { id: number }[] }[];
};
const lines = [{ sku_id: offers.offers[0]!.skus[0]!.id, quantity: 1 }];
const address = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address_1: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  postal_code: '94105',
  country: 'US',
};
const quoteBody = JSON.stringify({ lines, shipping_address: address });
const quoteHeaders = {
  'content-type': 'application/json',
  accept: 'application/json',
  host: 'localhost',
  'content-length': String(quoteBody.length),
  'user-agent': 'autocannon',
};
const first = await recordingBff(
  new Request('http://localhost/api/checkout/quote', {
    method: 'POST',
    body: quoteBody,
    headers: quoteHeaders,
  }),
);
if (first.status !== 200) throw new Error(`quote answered ${first.status}: ${await first.text()}`);
const answerText = await first.text();
const estimate = recorded.get('POST /v1/orders/estimate')!;
console.log(`estimate answer ${estimate.text.length} B, quote answer ${answerText.length} B, ${N} iterations, best of 3 rounds`);

const canned: typeof fetch = async (input, init) => {
  const hit = recorded.get(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`)!;
  return new WholeResponse(hit.text, {
    status: hit.status,
    headers: { 'content-type': 'application/json' },
  });
};
const devNull = new Writable({ write: (_c, _e, cb) => cb() });
const bff = createBff({
  ...config,
  fetch: canned,
  log: { destination: devNull as never },
});
const silentBff = createBff({
  ...config,
  fetch: canned,
  log: { level: 'silent' },
});

console.log('— what a correct quote must do —');
const bytes = new TextEncoder().encode(quoteBody);
cpuSync('request: UTF-8 decode, depth check, JSON.parse', () => parseJsonBytes(bytes, 32));
const parsedBody = parseJsonBytes(bytes, 32);
cpuSync('request: QuoteRequestSchema + address checks', () => checkQuoteAddresses(QuoteRequestSchema.parse(parsedBody)));
const estimateRequest = {
  base_currency: 'USD',
  skus: lines,
  shipping_address: address,
  discounts: [],
};
cpuSync('estimate body: JSON.stringify', () => JSON.stringify(estimateRequest));
cpuSync('answer: JSON.parse of the estimate', () => JSON.parse(estimate.text));
const estimateJson = JSON.parse(estimate.text);
cpuSync('answer: QuoteEstimateResponseSchema', () => QuoteEstimateResponseSchema.parse(estimateJson));
const tokens = createQuoteTokens(createSigner('quote-v1', 'secret-secret-secret'));
const answer = JSON.parse(answerText) as { quote_token: string };
const payload = tokens.readPayload(answer.quote_token);
cpuSync('sign: the quote token (JSON, base64url, HMAC)', () => tokens.sign(payload));
cpuSync('answer: JSON.stringify of the quote', () => JSON.stringify(answer));
const parsedEstimate = QuoteEstimateResponseSchema.parse(estimateJson);
const input = { ...checkQuoteAddresses(QuoteRequestSchema.parse(parsedBody)), currency: 'USD' };
const quoteCtx = { tokens, ttlMs: 15 * 60_000, now: Date.now } as unknown as QuoteContext;
const facts = { shoppable: true, name: 'A merchant' };
cpuSync('compute: the bags, totals, address lines and signed token (estimatedBag + finish, sign included)', () =>
  finish(quoteCtx, input, parsedEstimate.estimated_carts.map((c) => estimatedBag(input, c, facts)), { hidden: [] }),
);
const log = pino({ base: undefined }, devNull as never);
const line = { msg: 'request', request_id: 'abc', method: 'POST', route: '/checkout/quote', status: 200, duration_ms: 1.2, outcome: 'ok', merchant_id: 1001 };
cpuSync('one log line (bare pino, 9 fields)', () => log.info(line));

console.log('— the plumbing —');
const nodeHeaders = quoteHeaders as Record<string, string>;
cpuSync('new Headers + appends (6 request headers)', () => {
  const h = new Headers();
  for (const k in nodeHeaders) h.append(k, nodeHeaders[k]!);
  return h;
});
cpuSync('new URL of the request', () => new URL('/api/checkout/quote', 'http://localhost'));
const url = new URL('http://localhost/api/checkout/quote');
const signal = new AbortController().signal;
const h = new Headers(nodeHeaders);
cpuSync('new AbortController', () => new AbortController());
cpuSync('new Request (undici, URL and method only)', () => new Request(url.href, { method: 'POST' }));
cpuSync("wholeRequest (the adapter's request)", () => wholeRequest(url, 'POST', h, signal, bytes));
cpuSync('NodeHeaders view + 3 gets', () => {
  const v = new NodeHeaders(nodeHeaders);
  return [v.get('origin'), v.get('content-type'), v.get('x-request-id')];
});
cpuSync(
  'new WholeResponse (undici Response)',
  () =>
    new WholeResponse(answerText, {
      status: 200,
      headers: { 'content-type': 'application/json' },
    }),
);
const router = new Router<number>();
for (const p of ['/offers', '/offers/:id', '/checkout/quote', '/checkout/place', '/orders/:id', '/orders/:id/events', '/currencies', '/health'])
  router.add('POST', p, 1);
cpuSync('router match', () => router.match('POST', '/checkout/quote'));
const als = new AsyncLocalStorage<object>();
await cpu('AsyncLocalStorage.run around an async function', () => als.run({}, async () => undefined));
cpuSync("setTimeout + clearTimeout (the adapter's deadline)", () => clearTimeout(setTimeout(() => {}, 5000).unref()));

const whole = () => wholeRequest(new URL('http://localhost/api/checkout/quote'), 'POST', new NodeHeaders(nodeHeaders), new AbortController().signal, bytes);
const req = () => new Request('http://localhost/api/checkout/quote', { method: 'POST', body: quoteBody, headers: quoteHeaders });

console.log("— the BFF's own layers, each alone —");
const redact = createRedactor([DEFAULT_CREDENTIALS.appSecret, DEFAULT_CREDENTIALS.token]);
const observer = createObserver({ log: { destination: devNull as never } }, redact, () => 1001);
const canned200 = new WholeResponse(answerText, { status: 200, headers: { 'content-type': 'application/json' } });
await cpu('observer.request around an answered handler (id, span, metric, log line)', () => observer.request(whole(), async () => canned200));
const bffLog = createLogger({ destination: devNull as never }, redact);
const requestLine = { msg: 'request', request_id: 'abc', method: 'POST', route: '/checkout/quote', status: 200, duration_ms: 1.2, outcome: 'ok', merchant_id: 1001 };
cpuSync('one log line through the BFF logger (allowlist, pino redact)', () => bffLog.info(requestLine));
const client = createServiceClient({ baseUrl: sandbox.url, appId: 1, appSecret: 's', token: 't', fetch: canned });
const watched = createServiceClient({ baseUrl: sandbox.url, appId: 1, appSecret: 's', token: 't', fetch: canned, observe: observer.watchCall, onToken: redact.remember });
await cpu('service client quoteEstimate, canned answer (JSON.parse and schema included)', () => client.quoteEstimate(estimateRequest as never));
await cpu('same, watched (span, metrics, log line) and the token remembered', () => watched.quoteEstimate(estimateRequest as never));
await cpu('redactJsonAnswer of the quote answer', () => redactJsonAnswer(canned200, redact));
const policy = createOriginPolicy([]);
cpuSync('origin check and CORS headers', () => (policy.checkStateChange(whole(), url), policy.corsHeaders(whole(), url)));

console.log('— whole, in this process (no sockets) —');
await cpu('handler on the adapter request, service answers canned, log to /dev/null', () => bff(whole()).then((r) => r.text()), N / 4);
await cpu('same, log silent', () => silentBff(whole()).then((r) => r.text()), N / 4);
await cpu('handler on an undici Request (as Next/Hono mount it)', () => bff(req()).then((r) => r.text()), N / 4);

// The adapter without sockets is hard to isolate; over loopback, one connection, sequential, against a bare echo server.
console.log('— over loopback, one kept-alive connection, sequential (client CPU included) —');
const listener = toNodeListener(silentBff);
const viaAdapter = createServer(listener);
const bare = createServer((q, s) => {
  const chunks: Buffer[] = [];
  q.on('data', (c: Buffer) => chunks.push(c)).on('end', () => s.writeHead(200, { 'content-type': 'application/json' }).end(answerText));
});
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const trivial = createServer(
  toNodeListener(
    async () =>
      new WholeResponse(answerText, {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  ),
);
for (const [name, server] of [
  ['bare server answering the quote text', bare],
  ['toNodeListener around a handler answering the quote text', trivial],
  ['the BFF through toNodeListener, log silent', viaAdapter],
] as const) {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const post = () =>
    new Promise<void>((done) => {
      const r = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/api/checkout/quote',
          method: 'POST',
          agent,
          headers: quoteHeaders,
        },
        (res) => res.resume().on('end', done),
      );
      r.end(quoteBody);
    });
  await cpu(name, post, N / 10);
  server.close();
}
agent.destroy();
await sandbox.close();
process.exit(0);
