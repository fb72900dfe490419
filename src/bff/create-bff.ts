/**
 * `createBff(config)`: the whole BFF as one web-standard handler,
 * `(request: Request) => Promise<Response>`, mountable in any server that
 * speaks Request/Response (Node via `toNodeListener`, Vite, Next.js, Hono…).
 */
import { createServiceClient } from '../contract/client.js';
import { createAccessSigner } from './access.js';
import { addCatalogRoutes } from './catalog-routes.js';
import { addCheckoutRoutes } from './checkout-routes.js';
import { DEFAULT_MAX_BODY_BYTES, type BffConfig } from './config.js';
import type { BffParts, RouteHandler } from './context.js';
import { ApiHttpError, createRedactor, errorResponse, notFound, rateLimited, redactJsonAnswer, toApiError } from './errors.js';
import { createIdempotentRunner } from './idempotency.js';
import { createHealthDirectory } from './merchants.js';
import { budgetCaller, createMerchantGate, createSkuDirectory } from './merchant-gate.js';
import { createStreamSlots } from './events.js';
import { guardWebhooks } from './webhook-guard.js';
import { createOfferCatalog } from './offers.js';
import { addOperatorRoutes } from './operator-routes.js';
import { addOrderRoutes } from './order-routes.js';
import { createPlacer } from './place.js';
import { cartHeld } from './place-guards.js';
import { pooledFetch } from './upstream-pool.js';
import { createQuoter } from './quote.js';
import { createQuoteTokens } from './quote-token.js';
import { Router } from './router.js';
import { createSigner, signingSecrets } from './signing.js';
import { createOriginPolicy, normalizeOrigins, preflight, readBytes, parseJsonBytes, createMediaUrlCheck } from './security.js';
import { createServiceProbe } from './service-health.js';
import { selectStores } from './stores/index.js';
import { CATALOG_CHANNEL, createWebhookReceiver } from './webhooks.js';

/** Facts about the connection that a `Request` does not carry (the Node adapter fills them in). */
export interface RequestInfo {
  /** The peer's address, the rate limiter's key. */
  clientAddress?: string;
}

export type BffHandler = (request: Request, info?: RequestInfo) => Promise<Response>;

/** The handler, and `close()` to let go of its Redis connections (nothing to do in memory). */
export type Bff = BffHandler & { close(): Promise<void> };

/**
 * Who is asking, for the rate limit. `undefined` when the host server did not
 * say: one bucket shared by every shopper would throttle the whole shop, so
 * such requests are not limited (limit them in front, or pass `clientAddress`).
 */
function clientKey(request: Request, info: RequestInfo | undefined, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return info?.clientAddress;
}

export function createBff(config: BffConfig): Bff {
  const prefix = `/${(config.prefix ?? '/api').replace(/^\/+|\/+$/g, '')}`;
  const webhookPath = config.webhookPath ?? `${prefix}/webhooks`;
  const maxBodyBytes = config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxDepth = config.maxJsonDepth ?? 32;
  const upstreamTimeoutMs = config.upstreamTimeoutMs ?? 20_000;
  const onError = config.onError ?? ((e: unknown) => console.error('[tote-bff]', e));

  // Every credential the BFF holds, refreshed tokens included, is scrubbed from whatever it answers.
  const tokenProvider = typeof config.token === 'string' ? undefined : config.token;
  const redact = createRedactor(
    [config.appSecret, config.appSecretPrevious, typeof config.token === 'string' ? config.token : undefined, config.operatorToken].filter(
      (s): s is string => !!s,
    ),
    [() => tokenProvider?.credentials?.() ?? []],
  );
  const stores = selectStores(config, onError);
  // One client must not exhaust a merchant's platform for every shopper: its budget is spent before each call leaves.
  const skus = createSkuDirectory();
  const budget = stores.merchantBudget;
  const client = createServiceClient({
    baseUrl: config.serviceBaseUrl,
    appId: config.appId,
    appSecret: config.appSecret,
    token: config.token,
    timeoutMs: upstreamTimeoutMs,
    onToken: redact.remember,
    ...(budget ? { beforeAttempt: createMerchantGate(budget, skus.merchantOf) } : {}),
    fetch: pooledFetch(config.fetch),
    headerPrefix: config.serviceHeaderPrefix,
    // The merchant's other offers are still served; the operator learns which fields did not match (never their values).
    onInvalidOffer:
      config.onInvalidOffer ??
      ((r) => console.warn(`[tote-bff] dropped offer ${r.offerId ?? '(no id)'} of merchant ${r.merchantId}: ${r.fields.join(', ')}`)),
    ...(config.retry ? { retry: config.retry } : {}),
  });
  const { offersCache, eventBus: bus } = stores;
  const health = createHealthDirectory(client, config.healthTtlMs ?? 60_000);
  // Another instance that received a merchant or offer webhook tells us to forget our health snapshot.
  bus.subscribe(CATALOG_CHANNEL, () => health.invalidate());
  const limiter = stores.rateLimiter;
  const origins = createOriginPolicy(normalizeOrigins(config.allowedOrigins ?? []));

  const signing = signingSecrets(config);
  const access = createAccessSigner(signing.current, signing.previous);
  const tokens = createQuoteTokens(createSigner('quote-v1', signing.current, signing.previous));
  const unknownWindowMs = config.placeUnknownWindowMs ?? 5 * 60_000;
  const submitOnce = createIdempotentRunner({
    store: stores.idempotency,
    ttlMs: config.idempotencyTtlMs ?? 24 * 60 * 60_000,
    waitMs: config.idempotencyWaitMs ?? 30_000,
    leaseMs: config.idempotencyLeaseMs ?? 10_000,
    unknownWindowMs,
  });
  const quoter = createQuoter({
    client,
    health,
    tokens,
    ttlMs: config.quoteTtlMs ?? 15 * 60_000,
    cartHeld: (cartId) => cartHeld(stores.idempotency, cartId),
    merchantOf: skus.merchantOf,
  });

  const service = createServiceProbe({
    // Short: a balancer's probe must not wait out the upstream retry budget.
    check: () => client.connectionHealth({}, { timeoutMs: config.serviceProbeTimeoutMs ?? 3_000 }),
    ttlMs: config.serviceProbeTtlMs ?? 15_000,
    onChange: config.onServiceState ?? ((state, why) => (state === 'ok' ? console.info : console.warn)(`[tote-bff] service ${state}: ${why}`)),
  });

  const parts: BffParts = {
    client,
    service,
    access,
    health,
    catalog: createOfferCatalog(client, offersCache, createMediaUrlCheck([new URL(config.serviceBaseUrl).origin, ...(config.mediaOrigins ?? [])]), skus.learn),
    bus,
    stores,
    tokens,
    quoter,
    place: createPlacer({ client, quoter, tokens, access, submitOnce, store: stores.idempotency, unknownWindowMs }),
    body: async (request) => {
      const bytes = await readBytes(request, maxBodyBytes);
      if (bytes.byteLength === 0) return undefined;
      const type = request.headers.get('content-type') ?? '';
      // A cross-site form can post text/plain without a preflight; JSON only closes that door.
      if (!/^application\/json\s*(;|$)/i.test(type)) {
        throw new ApiHttpError(415, 'bad_request', 'Request body must be sent as application/json');
      }
      return parseJsonBytes(bytes, maxDepth);
    },
    heartbeatMs: config.heartbeatMs ?? 15_000,
    streams: createStreamSlots(config.maxStreams ?? 1000, config.maxStreamsPerClient ?? 8),
  };

  const router = new Router<RouteHandler>();
  addCatalogRoutes(router, parts);
  addCheckoutRoutes(router, parts);
  addOrderRoutes(router, parts);
  if (config.operatorToken) addOperatorRoutes(router, parts, config.operatorToken);
  const receiveWebhook = createWebhookReceiver({
    appSecrets: [config.appSecret, ...(config.appSecretPrevious ? [config.appSecretPrevious] : [])],
    headerPrefix: config.serviceHeaderPrefix,
    ledger: stores.webhookLedger,
    bus,
    offersCache,
    refreshMerchant: (merchantId) => client.merchantConnectionHealth(merchantId, { merchantId }),
    maxBytes: config.maxWebhookBytes ?? 1024 * 1024,
    maxDepth: 64,
    ackBudgetMs: config.webhookAckBudgetMs ?? 800,
    merchantRefreshIntervalMs: config.merchantRefreshIntervalMs ?? 15 * 60_000,
    onError,
  });
  const failureLimit = config.webhookFailureLimit;
  const webhook = failureLimit === false ? (request: Request) => receiveWebhook(request) : guardWebhooks(receiveWebhook, failureLimit ?? {});

  async function route(request: Request, url: URL, info: RequestInfo | undefined): Promise<Response> {
    const path = url.pathname;
    if (request.method === 'OPTIONS') return preflight(request, url, origins);
    origins.checkStateChange(request, url);
    const client = clientKey(request, info, config.trustProxy ?? false);
    if (path === webhookPath) {
      // Signed traffic from the service: not counted against shoppers' limits, so no event is refused for being busy.
      // Only refused requests are counted, per source (`webhook-guard.ts`).
      if (request.method !== 'POST') throw new ApiHttpError(405, 'method_not_allowed', 'Method not allowed', {}, { allow: 'POST' });
      return webhook(request, client);
    }
    if (path !== prefix && !path.startsWith(`${prefix}/`)) throw notFound();
    if (limiter && client !== undefined) {
      const verdict = await limiter.take(client);
      if (!verdict.allowed) throw rateLimited('rate_limited', 'Too many requests; slow down', verdict.retryAfterS);
    }
    const match = router.match(request.method, path.slice(prefix.length) || '/');
    if (match.kind === 'none') throw notFound();
    if (match.kind === 'wrong_method') {
      throw new ApiHttpError(405, 'method_not_allowed', 'Method not allowed', {}, { allow: match.allowed.join(', ') });
    }
    // The calls made for this request spend this client's share of each merchant's budget first.
    return budgetCaller.run(client, () => match.handler({ request, url, params: match.params, client }));
  }

  async function handle(request: Request, info?: RequestInfo): Promise<Response> {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return errorResponse(new ApiHttpError(400, 'bad_request', 'Malformed request URL'), redact);
    }
    const cors = origins.corsHeaders(request, url);
    let response: Response;
    try {
      response = await route(request, url, info);
    } catch (err) {
      const api = toApiError(err);
      // A refused credential or an unreachable service is told once per change of state (service.observe), not per request.
      if (api.status >= 500 && !(err instanceof ApiHttpError) && !service.observe(err)) onError(err);
      response = errorResponse(api, redact);
    }
    response = await redactJsonAnswer(response, redact);
    for (const [k, v] of Object.entries(cors)) response.headers.set(k, v);
    return response;
  }

  return Object.assign(handle, { close: () => stores.close() });
}
