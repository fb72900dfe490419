import { afterOrderControlRoutes } from './routes/after-order.js';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serviceHeaderNames } from '../contract/client.js';
import { CONSUMED_WEBHOOK_TOPICS } from '../contract/webhook.js';
import { Auth, type Credentials } from './auth.js';
import type { SandboxContext } from './context.js';
import { fail, HttpError, MB, readJson, sendJson } from './http.js';
import { Router, type Route } from './router.js';
import { authRoutes } from './routes/auth.js';
import { cartRoutes } from './routes/carts.js';
import { catalogRoutes } from './routes/catalog.js';
import { controlRoutes } from './routes/control.js';
import { currencyRoutes } from './routes/currencies.js';
import { discountControlRoutes, discountRoutes } from './routes/discounts.js';
import { eventRoutes } from './routes/events.js';
import { eventLogRoutes } from './routes/event-log.js';
import { mediaRoutes } from './routes/media.js';
import { operationsRoutes } from './routes/operations.js';
import { orderChangeRoutes } from './routes/order-changes.js';
import { orderRoutes } from './routes/orders.js';
import { paymentIntentRoutes } from './routes/payment-intents.js';
import { Store } from './store.js';
import { ReceivedRequests } from './received.js';
import { receivedRoutes } from './routes/requests.js';
import { WebhookDispatcher } from './webhooks.js';

export interface SandboxOptions {
  /** 0 picks a free port. Default 4010. */
  port?: number;
  host?: string;
  seed?: number | string;
  appId?: number;
  appSecret?: string;
  token?: string;
  /** Receivers registered from the start for every topic the BFF consumes (more through `POST /v1/events/webhooks`). */
  webhookUrls?: string[];
  /** Delays before each webhook retry. Default 1 s, 5 s, 30 s, 2 min. */
  webhookRetryDelaysMs?: number[];
  /** App owner login for `POST /v1/login`. */
  username?: string;
  password?: string;
  /** Lifetime of access tokens minted by login/refresh. Default 24 hours. */
  tokenTtlSeconds?: number;
  /** Log one line per request to stderr. */
  log?: boolean;
  /** Prefix of the credential and webhook headers (`X-Violet-` for clients written for the real service). Default `X-Service-`. */
  headerPrefix?: string;
}

export interface Sandbox {
  url: string;
  close(): Promise<void>;
}

export const DEFAULT_CREDENTIALS = {
  appId: 10001,
  appSecret: 'sandbox-secret',
  token: 'sandbox-token',
  username: 'owner@sandbox.tote.dev',
  password: 'sandbox-password',
} as const;

const DEFAULT_BODY_LIMIT = MB;

/** Every route the sandbox serves (the contract test holds each against the service's definitions). */
export function sandboxRoutes(): Route[] {
  return [
    ...authRoutes(),
    ...catalogRoutes(),
    ...operationsRoutes(),
    ...orderRoutes(),
    ...orderChangeRoutes(),
    ...cartRoutes(),
    ...discountRoutes(),
    ...discountControlRoutes(),
    ...currencyRoutes(),
    ...controlRoutes(),
    ...receivedRoutes(),
    ...afterOrderControlRoutes(),
    ...eventRoutes(),
    ...eventLogRoutes(),
    ...paymentIntentRoutes(),
    ...mediaRoutes(),
  ];
}

/** Starts a sandbox of the service's `/v1` interface; resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const creds: Credentials = {
    appId: options.appId ?? DEFAULT_CREDENTIALS.appId,
    appSecret: options.appSecret ?? DEFAULT_CREDENTIALS.appSecret,
    token: options.token ?? DEFAULT_CREDENTIALS.token,
    username: options.username ?? DEFAULT_CREDENTIALS.username,
    password: options.password ?? DEFAULT_CREDENTIALS.password,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 86_400,
    headerPrefix: options.headerPrefix,
  };
  // Fails fast on a prefix no header could carry.
  serviceHeaderNames(options.headerPrefix);
  const router = new Router().add(...sandboxRoutes());
  let ctx: SandboxContext | undefined;
  const server = createServer((req, res) => {
    if (!ctx) return sendJson(res, 503, { message: 'Sandbox is starting', error: 'starting', code: 1503 });
    void handle(ctx, router, req, res, options.log ?? false);
  });
  // Keep-alive sockets must not hold `close()` up.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  const webhooks = new WebhookDispatcher({
    secret: creds.appSecret,
    retryDelaysMs: options.webhookRetryDelaysMs ?? [1000, 5000, 30_000, 120_000],
    timeoutMs: 5000,
    headerPrefix: options.headerPrefix,
  }, creds.appId);
  for (const u of options.webhookUrls ?? []) for (const topic of CONSUMED_WEBHOOK_TOPICS) webhooks.register(topic, u);
  ctx = { store: new Store(options.seed ?? 1, url), auth: new Auth(creds), webhooks, creds, baseUrl: url, received: new ReceivedRequests() };

  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        webhooks.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function handle(ctx: SandboxContext, router: Router, req: IncomingMessage, res: ServerResponse, log: boolean): Promise<void> {
  const started = Date.now();
  try {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://sandbox.local');
    } catch {
      throw fail(400, 'invalid_request', 'Malformed request URL');
    }
    const match = router.match(req.method ?? 'GET', url.pathname);
    if (!match) throw fail(404, 'not_found', `No route ${req.method} ${url.pathname}`);
    if ('allowed' in match) {
      throw fail(405, 'method_not_allowed', `${req.method} is not allowed on ${url.pathname}`, { headers: { allow: match.allowed.join(', ') } });
    }
    const { route, params } = match;
    if (url.pathname.startsWith('/v1/')) ctx.received.add(req, url.pathname);
    ctx.auth.check(req, route.auth);
    const body = route.method === 'GET' ? undefined : await readJson(req, route.bodyLimit ?? DEFAULT_BODY_LIMIT);
    const key = route.idempotent ? headerOf(req, 'idempotency-key') : undefined;
    const memoKey = key && `${route.method} ${url.pathname} ${key}`;
    // A repeat that arrives while the first is still running waits for it, then answers what it answered.
    for (let running = memoKey && ctx.store.inFlight.get(memoKey); running; running = memoKey && ctx.store.inFlight.get(memoKey)) {
      await running.catch(() => undefined);
      if (memoKey && ctx.store.idempotent.has(memoKey)) break;
    }
    const remembered = memoKey ? ctx.store.idempotent.get(memoKey) : undefined;
    if (remembered) return sendJson(res, remembered.status, remembered.body, { 'idempotent-replayed': 'true' });
    const work = (async () => {
      const answer = await route.handler({ ctx, params, query: url.searchParams, body, headers: req.headers });
      const memo = answer.remember ?? ((answer.status ?? 200) < 300 ? { status: answer.status ?? 200, body: answer.body } : undefined);
      if (memoKey && memo) ctx.store.idempotent.set(memoKey, memo);
      return answer;
    })();
    if (memoKey) {
      ctx.store.inFlight.set(memoKey, work);
      void work.then(
        () => ctx.store.inFlight.delete(memoKey),
        () => ctx.store.inFlight.delete(memoKey),
      );
    }
    const result = await work;
    const status = result.status ?? 200;
    if (result.destroy) {
      req.socket.destroy();
      return;
    }
    if (result.text !== undefined) {
      res.writeHead(status, { 'content-type': result.contentType ?? 'text/plain', 'content-length': Buffer.byteLength(result.text), ...result.headers });
      res.end(req.method === 'HEAD' ? undefined : result.text);
    } else {
      sendJson(res, status, result.body, result.headers);
    }
  } catch (e) {
    if (e instanceof HttpError) {
      // A request refused before its body was read: drain it so the client sees the answer, not a reset.
      if (!req.readableEnded) req.resume();
      sendJson(res, e.status, e.body, e.headers);
    } else {
      console.error('[sandbox] internal error:', e);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal sandbox error', error: 'internal', code: 1500 });
      else res.destroy();
    }
  } finally {
    if (log) console.error(`[sandbox] ${req.method} ${req.url} → ${res.statusCode} ${Date.now() - started} ms`);
  }
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}
