/**
 * The typed client of the service's `/v1` interface (Node side: the BFF and
 * scripts). Every answer is validated with the contract schemas; every
 * failure becomes a typed error; 429s are retried with backoff, other
 * failures only where a repeat cannot do harm.
 */
import { z } from 'zod';
import { OfferSchema, type Offer } from './catalog.js';
import { pageSchema, type Page } from './page.js';
import { AuthErrorSchema, ServiceErrorSchema, type ErrorSku } from './errors.js';
import {
  ConnectionHealthReportSchema,
  ConnectionHealthSchema,
  MerchantOnboardingSchema,
  type ConnectionHealthReport,
  type MerchantOnboarding,
  type MerchantOnboardingInput,
} from './operations.js';
import {
  AvailableShippingSchema,
  OrderSchema,
  type AddressInput,
  type ApplyShippingRequest,
  type BagShippingOptions,
  type Cart,
  type CartSkuInput,
  type CreateCartRequest,
  type CustomerInput,
  type Order,
  type PaymentRequest,
  type SearchOrdersRequest,
} from './order.js';
import { EstimateResponseSchema, type EstimateRequest, type EstimateResponse } from './estimate.js';
import type { DirectOrderRequest } from './direct-order.js';
import type { TokenProvider } from './token.js';

// ---------------------------------------------------------------------------
// Errors

/** Which call failed: named in every error. */
export interface CallInfo {
  method: string;
  path: string;
  merchantId?: number;
}

/** The service answered with a failure status. */
export class ServiceError extends Error {
  override name = 'ServiceError';
  /** HTTP status of the answer. */
  readonly status: number;
  /** The service's numeric code (`code` of request errors, `error_code` of auth errors). */
  readonly code?: number;
  /** The service's symbolic error (`offer_not_published`, …). */
  readonly error?: string;
  /** SKUs the failure is about (`data.skus[]`), ids normalised to snake_case. */
  readonly skus: ErrorSku[];
  /** The merchant the call was for, when known. */
  readonly merchantId?: number;
  readonly method: string;
  readonly path: string;
  /** The body as received: parsed JSON when it was JSON, else the text. */
  readonly body: unknown;

  constructor(
    message: string,
    init: CallInfo & { status: number; code?: number; error?: string; skus?: ErrorSku[]; body?: unknown },
  ) {
    super(message);
    this.status = init.status;
    this.code = init.code;
    this.error = init.error;
    this.skus = init.skus ?? [];
    this.merchantId = init.merchantId;
    this.method = init.method;
    this.path = init.path;
    this.body = init.body;
  }
}

/**
 * The service answered with a redirect. Never followed: the request carried
 * the app secret and the token (and maybe a shopper's body), and another
 * origin's answer is not the service's data.
 */
export class ServiceRedirectError extends ServiceError {
  override name = 'ServiceRedirectError';
  /** The origin the `Location` pointed at (for the log), when it named one. */
  readonly location?: string;

  constructor(info: CallInfo & { status: number }, location: string | null, base: string) {
    let target: string | undefined;
    try {
      target = location ? new URL(location, base).origin : undefined;
    } catch {
      // An unparseable Location is just as refused.
    }
    super(`${info.method} ${info.path} answered a ${info.status} redirect${target ? ` to ${target}` : ''}; not followed`, {
      ...info,
      error: 'redirect',
    });
    this.location = target;
  }
}

/** 429 still answered after every retry the caps allowed (a 429 means the request was not processed). */
export class RateLimitedError extends ServiceError {
  override name = 'RateLimitedError';
  /** What the last `Retry-After` asked for, in milliseconds. */
  readonly retryAfterMs?: number;

  constructor(from: ServiceError, retryAfterMs: number | undefined, attempts: number) {
    const who = from.merchantId !== undefined ? `merchant ${from.merchantId}` : 'the service';
    const after = retryAfterMs !== undefined ? `; retry after ${Math.ceil(retryAfterMs / 1000)} s` : '';
    super(`Rate limited by ${who} (429 on ${from.method} ${from.path} after ${attempts} attempts${after})`, {
      method: from.method,
      path: from.path,
      merchantId: from.merchantId,
      status: 429,
      code: from.code,
      error: from.error,
      skus: from.skus,
      body: from.body,
    });
    this.retryAfterMs = retryAfterMs;
  }
}

/** The answer did not match the contract: the message names every bad field path. */
export class ServiceResponseError extends ServiceError {
  override name = 'ServiceResponseError';
  readonly issues: z.core.$ZodIssue[];

  constructor(info: CallInfo & { status: number; body: unknown }, error: z.ZodError) {
    super(`Unexpected answer to ${info.method} ${info.path}:\n${z.prettifyError(error)}`, { ...info, error: 'invalid_response' });
    this.issues = error.issues;
  }
}

/**
 * The call ran out of time. For calls that change something (POST without
 * an idempotency key) the outcome is unknown: the service may have acted.
 */
export class ServiceTimeoutError extends Error {
  override name = 'ServiceTimeoutError';
  constructor(
    readonly method: string,
    readonly path: string,
    readonly timeoutMs: number,
    readonly outcomeUnknown: boolean,
    readonly merchantId?: number,
  ) {
    super(`${method} ${path} timed out after ${timeoutMs} ms${outcomeUnknown ? ' (outcome unknown)' : ''}`);
  }
}

/** No HTTP answer at all (refused, reset, DNS). Same caveat about the outcome as a timeout. */
export class ServiceNetworkError extends Error {
  override name = 'ServiceNetworkError';
  constructor(
    readonly method: string,
    readonly path: string,
    readonly outcomeUnknown: boolean,
    override readonly cause: unknown,
    readonly merchantId?: number,
  ) {
    super(`${method} ${path} failed: ${cause instanceof Error ? cause.message : String(cause)}${outcomeUnknown ? ' (outcome unknown)' : ''}`);
  }
}

/**
 * Reads a failure body of any of the service's three shapes — request error
 * `{ message, error, code, data: { skus } }`, auth error
 * `{ status, message, error_code, timestamp }`, or anything else (an HTML
 * page from a proxy, plain text, nothing) — into a `ServiceError`.
 */
export function readServiceError(status: number, text: string, info: CallInfo): ServiceError {
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : text;
  } catch {
    // Not JSON (an HTML error page, a proxy's text): keep the text.
  }
  const fallback = `${info.method} ${info.path} answered HTTP ${status}`;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    if ('error_code' in body || 'timestamp' in body) {
      const auth = AuthErrorSchema.safeParse(body);
      if (auth.success) {
        return new ServiceError(auth.data.message ?? fallback, { ...info, status, code: auth.data.error_code ?? undefined, body });
      }
    }
    const req = ServiceErrorSchema.safeParse(body);
    if (req.success) {
      return new ServiceError(req.data.message ?? fallback, {
        ...info,
        status,
        code: req.data.code ?? undefined,
        error: req.data.error ?? undefined,
        skus: req.data.data?.skus ?? [],
        body,
      });
    }
  }
  return new ServiceError(fallback, { ...info, status, body });
}

// ---------------------------------------------------------------------------
// Options

export interface RetryOptions {
  /** Attempts in all, the first included. Default 4. */
  maxAttempts?: number;
  /** Base of the exponential backoff. Default 250 ms. */
  baseDelayMs?: number;
  /** Longest single wait; a `Retry-After` asking for more gives up at once. Default 5 s. */
  maxDelayMs?: number;
  /** Longest time spent waiting across all retries of one call. Default 15 s. */
  maxTotalDelayMs?: number;
  /** Source of the full jitter, in [0, 1). */
  random?: () => number;
  /** Told before each wait (logging, metrics, tests). */
  onRetry?: (info: RetryInfo) => void;
}

export interface RetryInfo {
  method: string;
  path: string;
  attempt: number;
  delayMs: number;
  reason: 'rate_limited' | 'server_error' | 'network' | 'token_expired';
  status?: number;
  merchantId?: number;
}

/** An offer the client dropped from a page because it did not match the contract (the rest of the page is served). */
export interface InvalidOfferReport {
  merchantId: number;
  /** The offer's id when it could be read. */
  offerId?: number;
  /** Paths of the fields that did not match, e.g. `skus.0.sale_price` (never their values). */
  fields: string[];
}

/** The header prefix of the interface; the real service's own is `X-Violet-`. */
export const DEFAULT_SERVICE_HEADER_PREFIX = 'X-Service-';

/** `X-Service-App-Id`, … under another prefix (`SERVICE_HEADER_PREFIX`), so one build talks to the real service. */
export function serviceHeaderNames(prefix = DEFAULT_SERVICE_HEADER_PREFIX) {
  if (!/^[A-Za-z0-9-]{1,40}-$/.test(prefix)) throw new TypeError('The service header prefix must be letters, digits and dashes ending in "-"');
  return { appId: `${prefix}App-Id`, appSecret: `${prefix}App-Secret`, token: `${prefix}Token` };
}

export interface ServiceClientOptions {
  baseUrl: string;
  appId: number | string;
  appSecret: string;
  token: string | TokenProvider;
  fetch?: typeof fetch;
  /** Deadline of one call, retries and waits included. Default 30 s. */
  timeoutMs?: number;
  retry?: RetryOptions;
  /** Told every token the client sends (a refreshing provider renews it), so a redactor can know each one. */
  onToken?: (token: string) => void;
  /**
   * Asked before every attempt (retries included), with the call and its
   * body; throwing stops the call before anything is sent (a per-merchant
   * budget answering "busy" without touching the platform).
   */
  beforeAttempt?: (call: CallInfo & { body?: unknown }) => Promise<void>;
  /** Prefix of the credential headers. Default `X-Service-`. */
  headerPrefix?: string;
  /** Told about each offer dropped from a page (count it, log it; never show its text to shoppers). */
  onInvalidOffer?: (report: InvalidOfferReport) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Sent as `Idempotency-Key`; makes a POST safe to repeat after a 5xx or a lost connection. */
  idempotencyKey?: string;
  /** The merchant the call concerns, named in errors (rate limits are per merchant store). */
  merchantId?: number;
}

export interface ServiceOffersQuery {
  /** 1-based, as the service counts pages in requests. */
  page?: number;
  /** Offers per page; the service caps it at 100, so do we. */
  size?: number;
  /** `metadata`, `collections`, `shipping`, `sku_metadata`. */
  include?: string | readonly string[];
  /** Published offers modified after this time. */
  since?: string | Date;
  /** Published offers modified before this time (`date_last_modified:max`). */
  before?: string | Date;
  /** `next_page_cursor` of the previous page. */
  cursor?: string;
}



export interface ConnectionHealthQuery {
  /** Defaults to the client's app id (the service requires it). */
  appId?: number | string;
  excludePublic?: boolean;
}

export interface SubmitCartRequest {
  app_order_id?: string;
  referral_id?: string;
}

export type OfferPage = Page<Offer>;

export interface ServiceClient {
  listOffers(merchantId: number, query?: ServiceOffersQuery, opts?: CallOptions): Promise<OfferPage>;
  iterateOffers(merchantId: number, query?: ServiceOffersQuery, opts?: CallOptions): AsyncIterable<Offer>;
  getOffer(offerId: number, opts?: CallOptions): Promise<Offer>;
  connectionHealth(query?: ConnectionHealthQuery, opts?: CallOptions): Promise<ConnectionHealthReport[]>;
  merchantConnectionHealth(merchantId: number, opts?: CallOptions): Promise<ConnectionHealthReport>;
  onboardMerchant(onboardingId: number, body: MerchantOnboardingInput, opts?: CallOptions): Promise<MerchantOnboarding>;
  estimateOrder(req: EstimateRequest, opts?: CallOptions): Promise<EstimateResponse>;
  createDirectOrder(req: DirectOrderRequest, opts?: CallOptions): Promise<Order>;
  getOrder(orderId: number, opts?: CallOptions): Promise<Order>;
  /** `POST /v1/orders/search`; the answer may list orders other than the one asked for: check before trusting one. */
  searchOrders(query: SearchOrdersRequest, opts?: CallOptions): Promise<Order[]>;
  /** Orders whose `app_order_id` the service matched to this one (check `app_order_id` of each before use). */
  findOrdersByAppOrderId(appOrderId: string, opts?: CallOptions): Promise<Order[]>;
  createCart(req: CreateCartRequest, opts?: CallOptions): Promise<Cart>;
  getCart(cartId: number, opts?: CallOptions): Promise<Cart>;
  deleteCart(cartId: number, opts?: CallOptions): Promise<void>;
  addCartSku(cartId: number, sku: CartSkuInput, opts?: CallOptions): Promise<Cart>;
  updateCartSku(cartId: number, orderSkuId: number, body: { quantity: number }, opts?: CallOptions): Promise<Cart>;
  removeCartSku(cartId: number, orderSkuId: number, opts?: CallOptions): Promise<Cart>;
  setCartCustomer(cartId: number, customer: CustomerInput, opts?: CallOptions): Promise<Cart>;
  setShippingAddress(cartId: number, address: AddressInput, opts?: CallOptions): Promise<Cart>;
  setBillingAddress(cartId: number, address: AddressInput, opts?: CallOptions): Promise<Cart>;
  getAvailableShipping(cartId: number, opts?: CallOptions): Promise<BagShippingOptions[]>;
  applyShipping(cartId: number, selections: ApplyShippingRequest, opts?: CallOptions): Promise<Cart>;
  priceCart(cartId: number, opts?: CallOptions): Promise<Cart>;
  /** A token, or `{ intent_based_capture: true }` for a PaymentIntent (Stripe). */
  applyPayment(cartId: number, payment: PaymentRequest, opts?: CallOptions): Promise<Cart>;
  submitCart(cartId: number, body?: SubmitCartRequest, opts?: CallOptions): Promise<Order>;
}

// ---------------------------------------------------------------------------
// Helpers

/** The largest page the offers endpoint serves. */
export const MAX_OFFERS_PAGE_SIZE = 100;

/** `yyyy-MM-ddTHH:mm:ss+0000`, the form the offers time filters document. */
export function toServiceDateTime(value: string | Date): string {
  if (typeof value === 'string') return value;
  return value.toISOString().replace(/\.\d{3}Z$/, '+0000');
}

/** `Retry-After` as delay-seconds or an HTTP date, in milliseconds from `now`. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Offers are read one by one (see `listOffers`), so one bad offer never costs a merchant its page. */
const RawOfferPageSchema = pageSchema(z.unknown());
/** The order search answers a page or a bare array depending on the version; either becomes a list. */
const OrderListSchema = z.union([z.array(OrderSchema), pageSchema(OrderSchema).transform((p) => p.content)]);
const NoContent = z.unknown();

/** A 3xx, or what a browser's fetch makes of one under `redirect: 'manual'` (status 0, type `opaqueredirect`). */
export const isRedirect = (res: Response) => (res.status >= 300 && res.status < 400) || res.type === 'opaqueredirect';

const SAFE_METHODS = new Set(['GET']);
const TOKEN_EXPIRED = 11;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

interface ServiceRequest<S extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  schema: S;
  merchantId?: number;
}

// ---------------------------------------------------------------------------
// The client

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const headerNames = serviceHeaderNames(options.headerPrefix);
  const doFetch = options.fetch ?? globalThis.fetch;
  const fixed = options.token;
  const provider: TokenProvider = typeof fixed === 'string' ? { getToken: async () => fixed } : fixed;
  const retry = {
    maxAttempts: options.retry?.maxAttempts ?? 4,
    baseDelayMs: options.retry?.baseDelayMs ?? 250,
    maxDelayMs: options.retry?.maxDelayMs ?? 5_000,
    maxTotalDelayMs: options.retry?.maxTotalDelayMs ?? 15_000,
    random: options.retry?.random ?? Math.random,
    onRetry: options.retry?.onRetry,
  };

  /** Full jitter: anywhere between 0 and the exponential ceiling of this attempt. */
  const backoff = (attempt: number) =>
    Math.floor(retry.random() * Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1)));

  async function call<S extends z.ZodType>(req: ServiceRequest<S>, opts: CallOptions = {}): Promise<z.output<S>> {
    const merchantId = opts.merchantId ?? req.merchantId;
    const info: CallInfo = { method: req.method, path: req.path, merchantId };
    const timeoutMs = opts.timeoutMs ?? options.timeoutMs ?? 30_000;
    const repeatable = SAFE_METHODS.has(req.method) || opts.idempotencyKey !== undefined;

    const url = new URL(base + req.path);
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));

    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, deadline.signal]) : deadline.signal;
    const started = Date.now();
    // Why the call stopped: the caller's abort wins over our own deadline.
    const stopped = (err: unknown) => {
      if (opts.signal?.aborted) return opts.signal.reason as unknown;
      if (deadline.signal.aborted) return new ServiceTimeoutError(req.method, req.path, timeoutMs, !repeatable, merchantId);
      return err;
    };

    let attempt = 0;
    let waited = 0;
    let renewedToken = false;
    /** A wait fits when it stays within the per-wait cap, the total cap and the call's deadline. */
    const fits = (ms: number) =>
      attempt < retry.maxAttempts &&
      ms <= retry.maxDelayMs &&
      waited + ms <= retry.maxTotalDelayMs &&
      Date.now() - started + ms < timeoutMs;
    const wait = async (ms: number, reason: RetryInfo['reason'], status?: number) => {
      retry.onRetry?.({ ...info, attempt, delayMs: ms, reason, status });
      waited += ms;
      await sleep(ms, signal);
    };

    try {
      for (;;) {
        attempt++;
        await options.beforeAttempt?.({ ...info, body: req.body });
        const token = await provider.getToken(signal);
        options.onToken?.(token);
        const headers: Record<string, string> = {
          Accept: 'application/json',
          [headerNames.appId]: String(options.appId),
          [headerNames.appSecret]: options.appSecret,
          [headerNames.token]: token,
        };
        if (req.body !== undefined) headers['Content-Type'] = 'application/json';
        if (opts.idempotencyKey !== undefined) headers['Idempotency-Key'] = opts.idempotencyKey;

        let res: Response;
        let text: string;
        try {
          res = await doFetch(url, {
            method: req.method,
            headers,
            body: req.body === undefined ? undefined : JSON.stringify(req.body),
            signal,
            // Following would resend the credentials (and, on 307/308, the body) to wherever the Location points.
            redirect: 'manual',
          });
          if (isRedirect(res)) {
            await res.body?.cancel().catch(() => {});
            throw new ServiceRedirectError({ ...info, status: res.status }, res.headers.get('location'), base);
          }
          text = await res.text();
        } catch (err) {
          if (signal.aborted || err instanceof ServiceRedirectError) throw err;
          const delay = backoff(attempt);
          if (repeatable && fits(delay)) {
            await wait(delay, 'network');
            continue;
          }
          throw new ServiceNetworkError(req.method, req.path, !repeatable, err, merchantId);
        }

        if (res.ok) return parseBody(req.schema, res.status, text, info);

        const failure = readServiceError(res.status, text, info);
        if (res.status === 401 && failure.code === TOKEN_EXPIRED && provider.invalidate && !renewedToken) {
          // The token died between our expiry check and the service's: renew once, and the request was not processed.
          renewedToken = true;
          provider.invalidate();
          retry.onRetry?.({ ...info, attempt, delayMs: 0, reason: 'token_expired', status: 401 });
          attempt--;
          continue;
        }
        if (res.status === 429) {
          const retryAfter = parseRetryAfter(res.headers.get('retry-after'));
          // Honour Retry-After, and spread the callers it was given to with a jitter on top.
          const delay = retryAfter === undefined ? backoff(attempt) : Math.min(retry.maxDelayMs, retryAfter + backoff(attempt));
          // A Retry-After beyond the per-wait cap is not worth sitting through: hand it to the caller.
          if ((retryAfter === undefined || retryAfter <= retry.maxDelayMs) && fits(delay)) {
            await wait(delay, 'rate_limited', 429);
            continue;
          }
          throw new RateLimitedError(failure, retryAfter, attempt);
        }
        if (res.status >= 500 && repeatable) {
          const delay = backoff(attempt);
          if (fits(delay)) {
            await wait(delay, 'server_error', res.status);
            continue;
          }
        }
        throw failure;
      }
    } catch (err) {
      throw signal.aborted ? stopped(err) : err;
    } finally {
      clearTimeout(timer);
    }
  }

  function parseBody<S extends z.ZodType>(schema: S, status: number, text: string, info: CallInfo): z.output<S> {
    if ((schema as z.ZodType) === NoContent) return undefined as z.output<S>;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ServiceError(`${info.method} ${info.path} answered ${status} with a body that is not JSON`, {
        ...info,
        status,
        error: 'invalid_response',
        body: text,
      });
    }
    let parsed: z.ZodSafeParseResult<z.output<S>>;
    try {
      parsed = schema.safeParse(json);
    } catch (err) {
      // JSON nested deeper than the validator's stack (thousands of levels) is junk, not a bug of ours.
      if (!(err instanceof RangeError)) throw err;
      throw new ServiceError(`${info.method} ${info.path} answered ${status} with JSON nested too deeply to read`, {
        ...info,
        status,
        error: 'invalid_response',
        body: undefined,
      });
    }
    if (!parsed.success) throw new ServiceResponseError({ ...info, status, body: json }, parsed.error);
    return parsed.data;
  }

  const cart = (cartId: number, rest = '') => `/v1/checkout/cart/${cartId}${rest}`;

  const client: ServiceClient = {
    async listOffers(merchantId, query = {}, opts) {
      const size = query.size === undefined ? undefined : Math.max(1, Math.min(MAX_OFFERS_PAGE_SIZE, Math.trunc(query.size)));
      const include = typeof query.include === 'string' ? query.include : query.include?.join(',');
      const page = await call(
        {
          method: 'GET',
          path: `/v1/catalog/offers/merchants/${merchantId}`,
          query: {
            page: query.page,
            size,
            include: include || undefined,
            since: query.since === undefined ? undefined : toServiceDateTime(query.since),
            'date_last_modified:max': query.before === undefined ? undefined : toServiceDateTime(query.before),
            cursor: query.cursor,
          },
          schema: RawOfferPageSchema,
          merchantId,
        },
        opts,
      );
      const offers: Offer[] = [];
      for (const raw of page.content) {
        const parsed = OfferSchema.safeParse(raw);
        if (parsed.success) {
          offers.push(parsed.data);
          continue;
        }
        const rawId = (raw as { id?: unknown } | null)?.id;
        options.onInvalidOffer?.({
          merchantId,
          ...(typeof rawId === 'number' && Number.isSafeInteger(rawId) ? { offerId: rawId } : {}),
          fields: [...new Set(parsed.error.issues.map((i) => i.path.join('.') || '(offer)'))].slice(0, 20),
        });
      }
      return { ...page, content: offers };
    },

    /**
     * Follows `next_page_cursor` while pages carry one; a page without one
     * (real pages come with `last: false`, `total_pages: 7` and no cursor)
     * is followed by page number until `last` or `total_pages`.
     */
    async *iterateOffers(merchantId, query = {}, opts) {
      const seen = new Set<string>();
      let cursor = query.cursor;
      let pageNumber = query.page ?? 1;
      for (;;) {
        const page = await client.listOffers(merchantId, cursor ? { ...query, page: undefined, cursor } : { ...query, page: pageNumber, cursor: undefined }, opts);
        yield* page.content;
        if (page.last === true || page.number_of_elements === 0 || page.empty === true) return;
        if (page.content.length === 0 && page.number_of_elements == null) return;
        const next = page.next_page_cursor ?? undefined;
        if (next) {
          // A repeated cursor would loop forever: stop rather than serve the same offers again.
          if (seen.has(next)) return;
          seen.add(next);
          cursor = next;
          continue;
        }
        // The page number counts from 0 in answers and from 1 in requests.
        const served = page.number ?? page.pageable?.page_number;
        const current = served == null ? pageNumber : served + 1;
        // The interface's offers list answers `total_pages: 0` ("not counted"); only a positive count bounds the walk.
        const total = page.total_pages && page.total_pages > 0 ? page.total_pages : undefined;
        // Without `last`, `total_pages` or any content there is no way to know more pages exist.
        if (page.last == null && total === undefined) return;
        if (total !== undefined && current >= total) return;
        // A service that ignored the page asked for would serve the same page forever.
        if (current !== pageNumber) return;
        pageNumber = current + 1;
      }
    },

    getOffer: (offerId, opts) => call({ method: 'GET', path: `/v1/catalog/offers/${offerId}`, schema: OfferSchema }, opts),

    connectionHealth: (query = {}, opts) =>
      call(
        {
          method: 'GET',
          path: '/v1/operations/connection_health',
          query: { app_id: query.appId ?? options.appId, exclude_public: query.excludePublic },
          schema: ConnectionHealthSchema,
        },
        opts,
      ),

    merchantConnectionHealth: (merchantId, opts) =>
      call(
        {
          method: 'GET',
          path: `/v1/operations/connection_health/merchants/${merchantId}`,
          schema: ConnectionHealthReportSchema,
          merchantId,
        },
        opts,
      ),

    onboardMerchant: (onboardingId, body, opts) =>
      call({ method: 'PUT', path: `/v1/merchants/onboard/${onboardingId}`, body, schema: MerchantOnboardingSchema }, opts),

    estimateOrder: (req, opts) =>
      call({ method: 'POST', path: '/v1/orders/estimate', body: req, schema: EstimateResponseSchema }, opts),

    createDirectOrder: (req, opts) => call({ method: 'POST', path: '/v1/orders', body: req, schema: OrderSchema }, opts),

    getOrder: (orderId, opts) => call({ method: 'GET', path: `/v1/orders/${orderId}`, schema: OrderSchema }, opts),

    searchOrders: (query, opts) => call({ method: 'POST', path: '/v1/orders/search', body: query, schema: OrderListSchema }, opts),
    findOrdersByAppOrderId: (appOrderId, opts) => client.searchOrders({ app_order_id: appOrderId }, opts),

    createCart: (req, opts) => call({ method: 'POST', path: '/v1/checkout/cart', body: req, schema: OrderSchema }, opts),
    getCart: (cartId, opts) => call({ method: 'GET', path: cart(cartId), schema: OrderSchema }, opts),
    deleteCart: async (cartId, opts) => {
      await call({ method: 'DELETE', path: cart(cartId), schema: NoContent }, opts);
    },
    addCartSku: (cartId, sku, opts) => call({ method: 'POST', path: cart(cartId, '/skus'), body: sku, schema: OrderSchema }, opts),
    updateCartSku: (cartId, orderSkuId, body, opts) =>
      call({ method: 'PUT', path: cart(cartId, `/skus/${orderSkuId}`), body, schema: OrderSchema }, opts),
    removeCartSku: (cartId, orderSkuId, opts) =>
      call({ method: 'DELETE', path: cart(cartId, `/skus/${orderSkuId}`), schema: OrderSchema }, opts),
    setCartCustomer: (cartId, customer, opts) =>
      call({ method: 'POST', path: cart(cartId, '/customer'), body: customer, schema: OrderSchema }, opts),
    setShippingAddress: (cartId, address, opts) =>
      call({ method: 'POST', path: cart(cartId, '/shipping_address'), body: address, schema: OrderSchema }, opts),
    setBillingAddress: (cartId, address, opts) =>
      call({ method: 'POST', path: cart(cartId, '/billing_address'), body: address, schema: OrderSchema }, opts),
    getAvailableShipping: (cartId, opts) =>
      call({ method: 'GET', path: cart(cartId, '/shipping/available'), schema: AvailableShippingSchema }, opts),
    applyShipping: (cartId, selections, opts) =>
      call(
        { method: 'POST', path: cart(cartId, '/shipping'), query: { price_cart: true }, body: selections, schema: OrderSchema },
        opts,
      ),
    priceCart: (cartId, opts) => call({ method: 'GET', path: cart(cartId, '/price'), schema: OrderSchema }, opts),
    applyPayment: (cartId, payment, opts) =>
      call({ method: 'POST', path: cart(cartId, '/payment'), body: payment, schema: OrderSchema }, opts),
    submitCart: (cartId, body = {}, opts) =>
      call({ method: 'POST', path: cart(cartId, '/submit'), body, schema: OrderSchema }, opts),
  };
  return client;
}
