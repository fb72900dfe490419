/**
 * One real sandbox and one real BFF (Node listener on port 0) per test file,
 * plus the small tools the hostile cases share: raw offer injection, faults,
 * signed webhooks, and a fake upstream for shapes the sandbox cannot produce.
 * Every BFF answer is kept so each file can finish with a secret scan.
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { beforeEachOfFile } from '../file-hooks.js';
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { startSandbox } from '../../src/sandbox/index.js';
import { sandboxCaller } from '../sandbox-control.js';
import type { BffConfig } from '../../src/bff/index.js';
import { APP_ID, APP_SECRET, listen, SHOP_ORIGIN as SHOP, startBff as startTestBff, stop, TOKEN, type Answer } from '../bff-stack.js';

export { APP_ID, APP_SECRET, listen, SHOP, stop, TOKEN, type Answer };
export const SECRETS = [APP_SECRET, TOKEN];


export interface Stack {
  base: string;
  sandboxUrl: string;
  /** `METHOD path?query` of every upstream request the BFF made, in order. */
  upstream: string[];
  upstreamOrigins: Set<string>;
  /** Everything received from the BFF (status, headers, body), for the secret scan. */
  received: string[];
  /** Every line the BFF logged, for the same scan and the shopper-data scan (`assertCleanLogs`). */
  logs: string[];
  api(path: string, init?: RequestInit & { json?: unknown }): Promise<Answer>;
  control(path: string, init?: { method?: string; json?: unknown }): Promise<any>;
  /** Stores an offer verbatim (`?raw=true`): the sandbox serves exactly this JSON. */
  injectRaw(offer: unknown): Promise<void>;
  webhook(topic: string, body: unknown, headers?: Record<string, string>): Promise<Answer>;
  close(): Promise<void>;
}

/** Short retry budgets: a hostile case must fail fast, not sit in backoff. */
export const FAST_RETRY = { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 50, maxTotalDelayMs: 100 };

/** A BFF in front of `serviceBaseUrl` (the sandbox unless a fake upstream is given), failing fast. */
export function startBff(serviceBaseUrl: string, config: Partial<BffConfig> = {}) {
  // Logs kept at the most talkative level for the scan after each file; the default `onError` logs too.
  return startTestBff(serviceBaseUrl, { retry: FAST_RETRY, upstreamTimeoutMs: 3_000, idempotencyWaitMs: 3_000, rateLimit: false, ...config }, { logLevel: 'trace' });
}

/**
 * One stack for a test file (`file`: its `import.meta.url`): started before its tests, the sandbox reset before
 * each, closed after them with the check that no secret reached a shopper's answer. `use` receives it once it is
 * up. The reset runs before the file's own tests only (test/file-hooks.ts).
 */
export function stackPerFile(file: string, use: (stack: Stack) => void, config: Partial<BffConfig> = {}): void {
  let stack: Stack | undefined;
  before(async () => {
    stack = await startStack(config);
    use(stack);
  });
  after(async () => {
    const leak = stack && assertNoSecrets(stack.received);
    await stack?.close();
    assert.equal(leak, undefined);
    assert.equal(stack && assertCleanLogs(stack.logs), undefined);
  });
  beforeEachOfFile(file, () => stack!.control('/__sandbox/reset', { json: {} }));
}

export async function startStack(config: Partial<BffConfig> = {}): Promise<Stack> {
  const sandbox = await startSandbox({ port: 0, webhookRetryDelaysMs: [10] });
  const bff = await startBff(sandbox.url, config);
  const control = sandboxCaller(sandbox.url);
  return {
    ...bff,
    sandboxUrl: sandbox.url,
    control,
    async injectRaw(offer) {
      await control('/__sandbox/offers?raw=true', { json: offer });
    },
    webhook(topic, body, headers = {}) {
      const raw = JSON.stringify(body);
      return bff.api('/api/webhooks', {
        method: 'POST',
        body: raw,
        headers: {
          'content-type': 'application/json',
          'x-service-topic': topic,
          'x-service-event-id': randomUUID(),
          'x-service-hmac': sign(raw),
          ...headers,
        },
      });
    },
    async close() {
      await bff.close();
      await sandbox.close();
    },
  };
}

export const sign = (raw: string | Uint8Array, secret = APP_SECRET) => createHmac('sha256', secret).update(raw).digest('base64');

/** The app secret and token must appear nowhere in what a browser received. */
export function assertNoSecrets(received: readonly string[]): string | undefined {
  for (const r of received) for (const s of SECRETS) if (r.includes(s)) return `${s} leaked in: ${r.slice(0, 300)}`;
  return undefined;
}

/** Shopper data the hostile cases send: none of it may reach a log line. */
export const SHOPPER_DATA = ['Lovelace', '1 Main St', 'Springfield', '+1 415 555 0100', '4155550100'];
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;

/** No secret, no email and no shopper data in any log line (issue 29); undefined when clean. */
export function assertCleanLogs(logs: readonly string[], secrets: readonly string[] = SECRETS): string | undefined {
  for (const line of logs) {
    for (const s of [...secrets, ...SHOPPER_DATA]) if (line.includes(s)) return `${s} logged in: ${line.slice(0, 300)}`;
    if (EMAIL.test(line)) return `an email logged in: ${line.slice(0, 300)}`;
  }
  return undefined;
}

export type FakeRoute = (req: IncomingMessage, res: ServerResponse, body: string) => void | Promise<void>;

/**
 * A tiny service stand-in for shapes the sandbox never produces. Connection
 * health is answered for merchant 1001 (shoppable) unless `routes` says otherwise.
 */
export async function startFakeUpstream(routes: Record<string, FakeRoute>) {
  const hits: string[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.push(`${req.method} ${req.url}`);
    const route = routes[`${req.method} ${path}`] ?? (path.startsWith('/v1/operations/connection_health') ? healthyMerchant : undefined);
    if (!route) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'not found', code: 1004, error: 'not_found' }));
      return;
    }
    await route(req, res, body);
  });
  const url = await listen(server);
  return { url, hits, close: () => stop(server) };
}

export const HEALTHY_REPORT = {
  merchant_id: 1001,
  merchant_name: 'Fake Shop',
  merchant_status: 'ACTIVE',
  platform: 'SHOPIFY',
  connection: { status: 'COMPLETE', error: null, results: { isConnected: true, connected: true, hasActivePlatformPlan: true, hasShippingMethods: true } },
};

const healthyMerchant: FakeRoute = (req, res) => {
  const one = /connection_health\/\d+/.test(req.url ?? '');
  sendJson(res, 200, one ? HEALTHY_REPORT : [HEALTHY_REPORT]);
};

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** A minimal valid offer of merchant 1001 with one SKU. */
export function plainOffer(id: number, over: Record<string, unknown> = {}, sku: Record<string, unknown> = {}) {
  return {
    id,
    name: `Offer ${id}`,
    merchant_id: 1001,
    currency: 'USD',
    available: true,
    visible: true,
    publishing_status: 'PUBLISHED',
    date_last_modified: '2026-01-01T00:00:00Z',
    skus: [{ id: id * 10, offer_id: id, merchant_id: 1001, sale_price: 1000, currency: 'USD', in_stock: true, qty_available: 50, inventory_tracked: true, ...sku }],
    ...over,
  };
}

export const ADDRESS = { first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US', email: 'ada@example.com' };
export const CUSTOMER = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };
export const PAY = { payment_provider: 'SANDBOX', token: 'tok_sandbox_visa', type: 'SINGLE_USE_CARD_TOKEN' };

export interface EventStream {
  events: { event: string; data: any }[];
  /** Resolves once an event satisfies `pred` (rejects after `timeoutMs`, a test budget, not an assertion on time). */
  until(pred: (e: { event: string; data: any }) => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
}

/** Opens `GET url` as Server-Sent Events and collects them. */
export async function openEvents(url: string): Promise<EventStream & { status: number }> {
  const aborter = new AbortController();
  const res = await fetch(url, { signal: aborter.signal });
  const events: { event: string; data: any }[] = [];
  const waiters = new Set<() => void>();
  void (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
          for (const w of [...waiters]) w();
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    status: res.status,
    events,
    until(pred, timeoutMs = 5_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (events.some(pred)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`event not seen; got ${JSON.stringify(events.map((e) => [e.event, e.data.topic]))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => aborter.abort(),
  };
}

export interface QuoteOptions {
  mode?: 'direct' | 'cart';
  /** The shopper's currency (one per quote); the merchants' own default (USD) when not given. */
  currency?: string;
  address?: Record<string, unknown>;
  quantity?: number;
}

/** One in-stock SKU of a merchant (with room for `quantity`), as the widget reads it through the BFF. */
export async function inStockSku(stack: Pick<Stack, 'api'>, merchantId: number, quantity = 1) {
  const page = await stack.api(`/api/offers?merchant_id=${merchantId}&size=20`);
  const sku = page.body.offers.flatMap((o: any) => o.skus).find((s: any) => s.in_stock && (s.qty_available ?? 9) > quantity + 3);
  if (!sku) throw new Error(`merchant ${merchantId} has no SKU in stock: ${page.text.slice(0, 200)}`);
  return sku;
}

/** A ready quote (customer, address, the cheapest shipping) of one in-stock SKU per merchant given, as the widget asks for it. */
export async function readyQuote(stack: Pick<Stack, 'api'>, merchantIds: number[], opts: QuoteOptions = {}) {
  const lines = [];
  for (const merchantId of merchantIds) lines.push({ sku_id: (await inStockSku(stack, merchantId, opts.quantity)).id as number, quantity: opts.quantity ?? 1 });
  const q = await stack.api('/api/checkout/quote', {
    method: 'POST',
    json: { mode: opts.mode ?? 'direct', ...(opts.currency ? { currency: opts.currency } : {}), lines, customer: CUSTOMER, shipping_address: opts.address ?? ADDRESS },
  });
  if (q.status !== 200 || q.body.ready !== true) throw new Error(`quote answered ${q.status}: ${q.text.slice(0, 500)}`);
  return q.body;
}

/** `POST /api/checkout/place` of a quote token with one attempt's key. */
export function place(stack: Pick<Stack, 'api'>, quoteToken: string, key: string, init: { payment?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {}) {
  return stack.api('/api/checkout/place', {
    method: 'POST',
    headers: { 'idempotency-key': key, ...init.headers },
    json: { quote_token: quoteToken, payment: init.payment ?? PAY },
    ...(init.signal ? { signal: init.signal } : {}),
  });
}

/** A placed order (and its access handle) of one in-stock SKU per merchant given. */
export async function placeOrder(stack: Pick<Stack, 'api'>, merchantIds: number[], key: string, opts: QuoteOptions = {}) {
  const q = await readyQuote(stack, merchantIds, opts);
  const res = await place(stack, q.quote_token, key);
  if (res.status !== 201) throw new Error(`place answered ${res.status}: ${res.text.slice(0, 500)}`);
  return { order: res.body.order, access: res.body.access as string, quote: q };
}
