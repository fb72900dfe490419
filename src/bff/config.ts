/**
 * What a BFF needs to run: the service's address and credentials, and the
 * limits and stores it uses. Only the first four are required.
 */
import { normalizeServiceBaseUrl, serviceHeaderNames, type InvalidOfferReport, type RetryOptions } from '../contract/client.js';
import { createRefreshingTokenProvider, type TokenProvider } from '../contract/token.js';
// Each store's type from its own module, not stores/index.js: that also exports selectStores, which reads this config.
import type { EventBus } from './stores/event-bus.js';
import type { IdempotencyStore } from './stores/idempotency.js';
import type { MerchantBudget, MerchantBudgetOptions } from './stores/merchant-budget.js';
import type { OffersCache } from './stores/offers-cache.js';
import type { RateLimiter } from './stores/rate-limiter.js';
import type { WebhookLedger } from './stores/webhook-ledger.js';
import { normalizeOrigins } from './security.js';
import type { ServiceState } from './service-health.js';
import type { LogConfig } from './observability/log.js';
import type { TelemetryConfig } from './observability/telemetry.js';
import { observabilityFromEnv } from './observability/env.js';
import type { OrderPlacedHook } from './order-placed.js';
import type { RatesCache } from './stores/rates-cache.js';

/** Largest widget request body unless `maxBodyBytes` says otherwise. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

export interface BffConfig {
  /** The service's base URL (`https://api.violet.io`; a trailing `/v1` is dropped). Fixed here: no request can point the BFF elsewhere. */
  serviceBaseUrl: string;
  appId: number;
  appSecret: string;
  /** The app secret being rotated out: webhooks signed with it are still accepted while the service switches over. */
  appSecretPrevious?: string;
  /** A static token, or a provider that refreshes it. */
  token: string | TokenProvider;
  /** Prefix of the service's credential headers (`X-Violet-` for the real service). Default `X-Service-`. */
  serviceHeaderPrefix?: string;
  /** Told about each offer dropped from an upstream page because it did not match the contract. Default: a warning log. */
  onInvalidOffer?: (report: InvalidOfferReport) => void;
  /**
   * Origins merchant media may be served from besides public `https:` hosts
   * (`TOTE_MEDIA_ORIGINS`); the service's own origin always is.
   */
  mediaOrigins?: readonly string[];
  /** Origins allowed to call the BFF from a browser (same-origin pages always are). */
  allowedOrigins?: readonly string[];
  /** Where the API lives. Default `/api`. */
  prefix?: string;
  /** Where the service delivers webhooks. Default `<prefix>/webhooks`. */
  webhookPath?: string;
  /** Enables the `/operator/` routes; callers send `Authorization: Bearer <token>`. */
  operatorToken?: string;
  /** Longest a client may take to send a request, headers and body (Node adapter: 408 after it). Default 5 s. */
  requestTimeoutMs?: number;
  /** Most bytes of a refused upload read and dropped after answering, for clients that read only after uploading (Node adapter). Default 0: none. */
  maxUnreadBodyBytes?: number;
  /** Largest widget request body. Default 64 KiB. */
  maxBodyBytes?: number;
  /** Largest webhook body (a whole order). Default 1 MiB. */
  maxWebhookBytes?: number;
  /** Longest a webhook's answer waits for the event to be applied (the rest runs after it). Default 800 ms. */
  webhookAckBudgetMs?: number;
  /**
   * Fewest milliseconds between two refreshes of one merchant's health (`?refresh=true`) that merchant
   * events ask for; events in between ask for one refresh at the interval's end. Default 15 min.
   */
  merchantRefreshIntervalMs?: number;
  /** Deepest JSON nesting accepted. Default 32. */
  maxJsonDepth?: number;
  /** Per-client token bucket; `false` turns it off (behind a gateway that limits already). Default 200 burst, 5/s. */
  rateLimit?: { burst: number; perSecond: number } | false;
  /**
   * Per-merchant token bucket of upstream calls that reach its platform, shared by all shoppers;
   * `false` turns it off. Default 40 burst, 20/s (below the platforms' own limits).
   */
  merchantBudget?: MerchantBudgetOptions | false;
  /** Where the merchant buckets live (a shared store for several instances). Default in memory. */
  merchantBudgetStore?: MerchantBudget;
  /** Use the first `X-Forwarded-For` address as the client (only behind a proxy you control). Default false. */
  trustProxy?: boolean;
  /** Deadline of one upstream call. Default 20 s. */
  upstreamTimeoutMs?: number;
  /** Upstream 429 and 5xx retry budget (see the service client). */
  retry?: RetryOptions;
  /** How long connection health is reused for `/merchants` and `/offers`. Default 60 s. */
  healthTtlMs?: number;
  /** SSE heartbeat interval. Default 15 s. */
  heartbeatMs?: number;
  /** Most SSE streams open at once. Default 1000. */
  maxStreams?: number;
  /** Most SSE streams one client (its rate-limit key) holds open at once; then 429. Default 8. */
  maxStreamsPerClient?: number;
  /** Webhook requests refused (bad signature, body, size) that one source may send: `burst` at once, `perSecond` after; then 429 before reading. `false`: off. */
  webhookFailureLimit?: { burst?: number; perSecond?: number } | false;
  /**
   * Signs quote tokens and access handles (`TOTE_SIGNING_SECRET`). Default: derived from `appSecret`,
   * so a deployment without it keeps working; set it to rotate signatures independently of the app secret.
   */
  signingSecret?: string;
  /** Still accepted when verifying (`TOTE_SIGNING_SECRET_PREVIOUS`), during a rotation. */
  signingSecretPrevious?: string;
  /** How long a quote can be placed. Default 15 min. */
  quoteTtlMs?: number;
  /**
   * How long after sending an order whose outcome is unknown the BFF keeps answering "still placing" and
   * looking for it, never sending it again (issue 15.1; docs/bff.md). Default 5 min.
   */
  placeUnknownWindowMs?: number;
  /** How long an idempotent answer is replayed. Default 24 h. */
  idempotencyTtlMs?: number;
  /**
   * How long a placement's claim outlives an instance that died while placing; the live holder renews
   * it every third of this. A retry on another instance waits this long, then reconciles. Default 10 s.
   */
  idempotencyLeaseMs?: number;
  /** How long a concurrent duplicate waits for the first request. Default 30 s. */
  idempotencyWaitMs?: number;
  /**
   * `redis://` or `rediss://` URL: every store on that Redis, so that several
   * instances behave as one (see docs/deploy.md). In memory when unset.
   */
  redisUrl?: string;
  /** Put before every Redis key and channel (several shops on one Redis). Default `tote:`. */
  redisKeyPrefix?: string;
  idempotencyStore?: IdempotencyStore;
  offersCache?: OffersCache;
  eventBus?: EventBus;
  webhookLedger?: WebhookLedger;
  rateLimiter?: RateLimiter;
  /** Where the service's exchange rates are kept between fetches (`GET /api/currencies`). Default in memory, or Redis with `redisUrl`. */
  ratesCache?: RatesCache;
  /** How long one fetch of the exchange rates is served. Default 1 h (the service publishes daily rates). */
  ratesTtlMs?: number;
  /**
   * Called once for each order placed, after the shopper's answer and never delaying it; never twice for one
   * order (a retried or replayed place, another instance). It gets the service's whole order, the shopper's
   * email and address included: send your own confirmation email from here (docs/bff.md). Errors it throws
   * are logged with the order id and the error's name only.
   */
  onOrderPlaced?: OrderPlacedHook;
  /** The fetch used for upstream calls (tests count them). */
  fetch?: typeof fetch;
  /** How long `/health` reuses one probe of the service. Default 15 s. */
  serviceProbeTtlMs?: number;
  /** Deadline of that probe. Default 3 s. */
  serviceProbeTimeoutMs?: number;
  /**
   * Told once each time the service's state changes (`credentials_refused`, `token_expired`,
   * `wrong_address`, `unreachable`, back to `ok`) with the reason and its fix. Default a console line.
   */
  onServiceState?: (state: ServiceState, why: string) => void;
  /** Where unexpected errors go (never to the client). Default an `error` line of the log. */
  onError?: (error: unknown) => void;
  /** The JSON log's level and destination (`TOTE_LOG_LEVEL`). Default `info`, to stdout (docs/operations.md). */
  log?: LogConfig;
  /**
   * OpenTelemetry spans and metrics: off (no SDK loaded) unless set. `otlp` exports to a collector
   * (`OTEL_EXPORTER_OTLP_ENDPOINT`), `prometheus` serves `GET /metrics` behind the operator token (`TOTE_METRICS=prometheus`).
   */
  telemetry?: TelemetryConfig;
}

type Env = Record<string, string | undefined>;

function required(env: Env, name: string): string {
  const value = env[name]?.trim();
  if (!value) throw new TypeError(`${name} is not set`);
  return value;
}

/** What reaching the service takes before any token: its address, the app's id and secret, the header prefix. */
export interface ServiceEnv {
  serviceBaseUrl: string;
  appId: number;
  appSecret: string;
  headerPrefix?: string;
}

/**
 * Reads `SERVICE_BASE_URL` (with or without the trailing `/v1` the service's
 * samples write), `SERVICE_APP_ID`, `SERVICE_APP_SECRET` and
 * `SERVICE_HEADER_PREFIX`; `tote login` needs no more.
 */
export function serviceFromEnv(env: Env = process.env): ServiceEnv {
  const raw = required(env, 'SERVICE_BASE_URL');
  let base: URL;
  try {
    base = new URL(raw);
  } catch {
    throw new TypeError(`SERVICE_BASE_URL is not a URL: ${raw}`);
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new TypeError('SERVICE_BASE_URL must be http(s)');
  const serviceBaseUrl = normalizeServiceBaseUrl(raw);
  const appIdText = required(env, 'SERVICE_APP_ID');
  if (!/^[1-9][0-9]{0,15}$/.test(appIdText)) throw new TypeError('SERVICE_APP_ID must be a positive integer');
  const headerPrefix = env.SERVICE_HEADER_PREFIX?.trim() || undefined;
  // Checked here, so a bad prefix stops the start instead of every call.
  serviceHeaderNames(headerPrefix);
  return { serviceBaseUrl, appId: Number(appIdText), appSecret: required(env, 'SERVICE_APP_SECRET'), ...(headerPrefix ? { headerPrefix } : {}) };
}

/**
 * The token from the environment, best first: a refreshing provider from
 * `SERVICE_REFRESH_TOKEN` (from `POST /v1/login`; it does not expire) and/or
 * `SERVICE_USERNAME` + `SERVICE_PASSWORD` (the app owner's login, used when
 * there is no refresh token or it is refused), seeded with `SERVICE_TOKEN`
 * when set; else `SERVICE_TOKEN` alone, which lives 24 hours.
 */
export function tokenFromEnv(env: Env, service: ServiceEnv): string | TokenProvider {
  const refreshToken = env.SERVICE_REFRESH_TOKEN?.trim() || undefined;
  const username = env.SERVICE_USERNAME?.trim() || undefined;
  const password = env.SERVICE_PASSWORD || undefined;
  if ((username === undefined) !== (password === undefined)) throw new TypeError('SERVICE_USERNAME and SERVICE_PASSWORD go together');
  if (!refreshToken && !username) return required(env, 'SERVICE_TOKEN');
  return createRefreshingTokenProvider({
    baseUrl: service.serviceBaseUrl,
    appId: service.appId,
    appSecret: service.appSecret,
    ...(refreshToken ? { refreshToken } : {}),
    ...(username ? { username, password } : {}),
    token: env.SERVICE_TOKEN?.trim() || undefined,
    headerPrefix: service.headerPrefix,
  });
}

/**
 * Reads the service (`serviceFromEnv`), the token (`tokenFromEnv`),
 * `SERVICE_APP_SECRET_PREVIOUS` during a rotation,
 * `TOTE_ALLOWED_ORIGINS` and `TOTE_MEDIA_ORIGINS` (comma lists), `TOTE_WEBHOOK_PATH`,
 * `TOTE_OPERATOR_TOKEN`, `TOTE_API_PREFIX`, `TOTE_SIGNING_SECRET`,
 * `TOTE_SIGNING_SECRET_PREVIOUS`, `REDIS_URL`, and the log and telemetry settings (`observabilityFromEnv`).
 */
export function bffConfigFromEnv(env: Env = process.env): BffConfig {
  const service = serviceFromEnv(env);
  const { serviceBaseUrl, appId, appSecret, headerPrefix } = service;
  const appSecretPrevious = env.SERVICE_APP_SECRET_PREVIOUS?.trim();
  const token = tokenFromEnv(env, service);
  const origins = (env.TOTE_ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const mediaOrigins = (env.TOTE_MEDIA_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const webhookPath = env.TOTE_WEBHOOK_PATH?.trim();
  if (webhookPath && !webhookPath.startsWith('/')) throw new TypeError('TOTE_WEBHOOK_PATH must start with /');
  const redisUrl = env.REDIS_URL?.trim();
  if (redisUrl && !/^rediss?:$/.test(new URL(redisUrl).protocol)) throw new TypeError('REDIS_URL must be redis:// or rediss://');
  return {
    serviceBaseUrl,
    appId,
    appSecret,
    ...(appSecretPrevious ? { appSecretPrevious } : {}),
    token,
    allowedOrigins: normalizeOrigins(origins),
    ...(mediaOrigins.length ? { mediaOrigins: normalizeOrigins(mediaOrigins) } : {}),
    ...(headerPrefix ? { serviceHeaderPrefix: headerPrefix } : {}),
    ...(env.TOTE_API_PREFIX?.trim() ? { prefix: env.TOTE_API_PREFIX.trim() } : {}),
    ...(webhookPath ? { webhookPath } : {}),
    ...(env.TOTE_OPERATOR_TOKEN?.trim() ? { operatorToken: env.TOTE_OPERATOR_TOKEN.trim() } : {}),
    ...(env.TOTE_SIGNING_SECRET?.trim() ? { signingSecret: env.TOTE_SIGNING_SECRET.trim() } : {}),
    ...(env.TOTE_SIGNING_SECRET_PREVIOUS?.trim() ? { signingSecretPrevious: env.TOTE_SIGNING_SECRET_PREVIOUS.trim() } : {}),
    ...(redisUrl ? { redisUrl } : {}),
    ...observabilityFromEnv(env),
  };
}
