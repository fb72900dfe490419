/**
 * `createBff(config)`: the whole BFF as one web-standard handler,
 * `(request: Request) => Promise<Response>`, mountable in any server that
 * speaks Request/Response (Node via `toNodeListener`, Vite, Next.js, Hono…).
 */
import { createServiceClient } from '../contract/client.js';
import { createAccessSigner } from './access.js';
import { addAddressRoutes } from './address/routes.js';
import { addCatalogRoutes } from './catalog-routes.js';
import { addCheckoutRoutes } from './checkout-routes.js';
import { DEFAULT_MAX_BODY_BYTES, type BffConfig } from './config.js';
import type { BffParts, RouteHandler } from './context.js';
import { ApiHttpError, createRedactor, type Redact } from './errors.js';
import { createIdempotentRunner } from './idempotency.js';
import { createHealthDirectory } from './merchants.js';
import { createMerchantGate, createSkuDirectory } from './merchant-gate.js';
import { createStreamSlots } from './events.js';
import { guardWebhooks } from './webhook-guard.js';
import { createOfferCatalog } from './offers.js';
import { addOperatorRoutes } from './operator-routes.js';
import { addOrderRoutes } from './order-routes.js';
import { createPlacer } from './place.js';
import { addCurrencyRoutes, createRatesSource } from './currency.js';
import { createOrderPlacedNotifier } from './order-placed.js';
import { cartHeld } from './place-guards.js';
import { pooledFetch } from './upstream-pool.js';
import { createQuoter } from './quote.js';
import { createQuoteTokens } from './quote-token.js';
import { Router } from './router.js';
import { createSigner, signingSecrets } from './signing.js';
import { createOriginPolicy, normalizeOrigins, readBytes, parseJsonBytes, createMediaUrlCheck } from './security.js';
import { createServiceProbe } from './service-health.js';
import { selectStores, type OffersCache } from './stores/index.js';
import { CATALOG_CHANNEL, createWebhookReceiver } from './webhooks.js';
import { createHandler, type BffHandler } from './bff-handler.js';
import { createObserver, type Observer } from './observability/observer.js';
import { metricsRoute } from './observability/metrics-route.js';
import type { ServiceClient, ServiceClientOptions } from '../contract/client.js';

export type { BffHandler, RequestInfo } from './bff-handler.js';

/** The handler, and `close()` to let go of its Redis connections (nothing to do in memory). */
export type Bff = BffHandler & { close(): Promise<void> };

/** Every credential the BFF holds, refreshed tokens included: scrubbed from whatever it answers. */
function credentialRedactor(config: BffConfig, extra: readonly (string | undefined)[] = []) {
  const tokenProvider = typeof config.token === 'string' ? undefined : config.token;
  const fixed = [config.appSecret, config.appSecretPrevious, typeof config.token === 'string' ? config.token : undefined, config.operatorToken, ...extra];
  return createRedactor(fixed.filter((s): s is string => !!s), [() => tokenProvider?.credentials?.() ?? []]);
}

/** The service client as the BFF uses it: its budget gate, pooled transport, and every call watched. */
function serviceClientFor(config: BffConfig, redact: Redact, observer: Observer, gate: ServiceClientOptions['beforeAttempt']): ServiceClient {
  return createServiceClient({
    baseUrl: config.serviceBaseUrl,
    appId: config.appId,
    appSecret: config.appSecret,
    token: config.token,
    timeoutMs: config.upstreamTimeoutMs ?? 20_000,
    onToken: redact.remember,
    ...(gate ? { beforeAttempt: gate } : {}),
    fetch: pooledFetch(config.fetch),
    headerPrefix: config.serviceHeaderPrefix,
    // The merchant's other offers are still served; the operator learns which fields did not match (never their values).
    onInvalidOffer:
      config.onInvalidOffer ??
      ((r) => observer.log.warn({ msg: 'offer dropped', merchant_id: r.merchantId, offer_id: r.offerId, fields: r.fields })),
    observe: observer.watchCall,
    ...(config.retry ? { retry: config.retry } : {}),
  });
}

/** A widget request's JSON body within the size and depth caps (`undefined` when empty). */
function jsonBody(maxBodyBytes: number, maxDepth: number) {
  return async (request: Request): Promise<unknown> => {
    const bytes = await readBytes(request, maxBodyBytes);
    if (bytes.byteLength === 0) return undefined;
    const type = request.headers.get('content-type') ?? '';
    // A cross-site form can post text/plain without a preflight; JSON only closes that door.
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      throw new ApiHttpError(415, 'bad_request', 'Request body must be sent as application/json');
    }
    return parseJsonBytes(bytes, maxDepth);
  };
}

export function createBff(config: BffConfig): Bff {
  const prefix = `/${(config.prefix ?? '/api').replace(/^\/+|\/+$/g, '')}`;

  const redact = credentialRedactor(config);
  const signing = signingSecrets(config);
  // The log also never carries the signing secrets (which sign quote tokens and access handles).
  // One client must not exhaust a merchant's platform for every shopper: its budget is spent before each call leaves.
  const skus = createSkuDirectory();
  const observer = createObserver(config, credentialRedactor(config, [signing.current, signing.previous]), skus.merchantOf);
  const onError = config.onError ?? observer.error;
  const stores = selectStores(config, onError);
  const budget = stores.merchantBudget;
  const client = serviceClientFor(config, redact, observer, budget ? createMerchantGate(budget, skus.merchantOf) : undefined);
  const { offersCache, eventBus: bus } = stores;
  const health = createHealthDirectory(client, config.healthTtlMs ?? 60_000);
  // Another instance that received a merchant or offer webhook tells us to forget our health snapshot.
  bus.subscribe(CATALOG_CHANNEL, () => health.invalidate());

  const access = createAccessSigner(signing.current, signing.previous);
  const tokens = createQuoteTokens(createSigner('quote-v1', signing.current, signing.previous));
  const { quoter, place } = checkoutFor(config, { client, health, tokens, access, stores, merchantOf: skus.merchantOf });

  const service = serviceProbeFor(config, client, observer);

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
    place,
    body: jsonBody(config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, config.maxJsonDepth ?? 32),
    heartbeatMs: config.heartbeatMs ?? 15_000,
    streams: createStreamSlots(config.maxStreams ?? 1000, config.maxStreamsPerClient ?? 8),
    observer,
  };

  const router = new Router<RouteHandler>();
  addCatalogRoutes(router, parts);
  addCheckoutRoutes(router, parts);
  addCurrencyRoutes(router, createRatesSource(client, stores.ratesCache, config.ratesTtlMs), config.ratesTtlMs);
  addAddressRoutes(router);
  addOrderRoutes(router, parts);
  if (config.operatorToken) addOperatorRoutes(router, parts, config.operatorToken);
  const metrics = config.operatorToken && config.telemetry?.prometheus ? metricsRoute(observer, config.operatorToken) : undefined;
  if (metrics) router.add('GET', '/metrics', metrics);

  const handle = createHandler({
    prefix,
    webhookPath: config.webhookPath ?? `${prefix}/webhooks`,
    trustProxy: config.trustProxy ?? false,
    origins: createOriginPolicy(normalizeOrigins(config.allowedOrigins ?? [])),
    ...(stores.rateLimiter ? { limiter: stores.rateLimiter } : {}),
    router,
    webhook: webhookHandler(config, parts, offersCache, observer, onError),
    ...(metrics ? { metrics } : {}),
    redact,
    observer,
    serviceObserved: (error) => service.observe(error),
    onError,
  });
  return Object.assign(handle, { close: async () => void (await Promise.all([stores.close(), observer.shutdown()])) });
}

/** The quoter and the placer, with the idempotent runner that makes a place happen once per key. */
function checkoutFor(
  config: BffConfig,
  deps: Pick<BffParts, 'client' | 'health' | 'tokens' | 'access' | 'stores'> & { merchantOf: (skuId: number) => number | undefined },
) {
  const { client, health, tokens, access, stores } = deps;
  const unknownWindowMs = config.placeUnknownWindowMs ?? 5 * 60_000;
  const idempotencyTtlMs = config.idempotencyTtlMs ?? 24 * 60 * 60_000;
  const submitOnce = createIdempotentRunner({
    store: stores.idempotency,
    ttlMs: idempotencyTtlMs,
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
    merchantOf: deps.merchantOf,
  });
  const place = createPlacer({
    client,
    quoter,
    tokens,
    access,
    submitOnce,
    store: stores.idempotency,
    unknownWindowMs,
    onPlaced: createOrderPlacedNotifier(config.onOrderPlaced, stores.idempotency, idempotencyTtlMs),
  });
  return { quoter, place };
}

/** `/health`'s probe of the service, its changes of state logged (or told to `onServiceState`). */
function serviceProbeFor(config: BffConfig, client: ServiceClient, observer: Observer) {
  return createServiceProbe({
    // Short: a balancer's probe must not wait out the upstream retry budget.
    check: () => client.connectionHealth({}, { timeoutMs: config.serviceProbeTimeoutMs ?? 3_000 }),
    ttlMs: config.serviceProbeTtlMs ?? 15_000,
    onChange: config.onServiceState ?? ((state, why) => observer.log[state === 'ok' ? 'info' : 'warn']({ msg: 'service state', state, reason: why })),
  });
}

/** The webhook receiver behind its guard against floods of refused deliveries. */
function webhookHandler(config: BffConfig, parts: BffParts, offersCache: OffersCache, observer: Observer, onError: (error: unknown) => void) {
  const { client, stores } = parts;
  const receiveWebhook = createWebhookReceiver({
    appSecrets: [config.appSecret, ...(config.appSecretPrevious ? [config.appSecretPrevious] : [])],
    headerPrefix: config.serviceHeaderPrefix,
    ledger: stores.webhookLedger,
    bus: parts.bus,
    offersCache,
    refreshMerchant: (merchantId) => client.merchantConnectionHealth(merchantId, { merchantId }),
    maxBytes: config.maxWebhookBytes ?? 1024 * 1024,
    maxDepth: 64,
    ackBudgetMs: config.webhookAckBudgetMs ?? 800,
    merchantRefreshIntervalMs: config.merchantRefreshIntervalMs ?? 15 * 60_000,
    onEvent: observer.webhookReceived,
    onError,
  });
  const failureLimit = config.webhookFailureLimit;
  return failureLimit === false ? (request: Request) => receiveWebhook(request) : guardWebhooks(receiveWebhook, failureLimit ?? {});
}
