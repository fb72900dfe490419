/**
 * The typed client of the service's `/v1` interface (Node side: the BFF and
 * scripts). Every answer is validated with the contract schemas; every
 * failure becomes a typed error; 429s are retried with backoff, other
 * failures only where a repeat cannot do harm.
 */
import { z } from 'zod';
import { OfferSchema, type Offer } from './catalog.js';
import { pageSchema } from './page.js';
import { ConnectionHealthReportSchema, ConnectionHealthSchema, MerchantOnboardingSchema } from './operations.js';
import { AvailableShippingSchema, OrderSchema } from './order.js';
import { EstimateResponseSchema } from './estimate.js';
import { PaymentTokenSchema } from './payment-token.js';
import { WebhookRegistrationListSchema, WebhookRegistrationSchema } from './webhook.js';
import { RefundSchema } from './order-changes.js';
import { WebhookEventSchema } from './webhook-events.js';
import type { TokenProvider } from './token.js';
import {
  RateLimitedError,
  ServiceNetworkError,
  ServiceRedirectError,
  ServiceTimeoutError,
  NoContent,
  parseServiceAnswer,
  readServiceError,
  type CallInfo,
} from './client-errors.js';
import { MAX_OFFERS_PAGE_SIZE, parseRetryAfter, toServiceDateTime } from './client-helpers.js';
import { normalizeServiceBaseUrl, serviceHeaderNames, type CallOptions, type RetryInfo, type ServiceClient, type ServiceClientOptions } from './client-types.js';

export * from './client-errors.js';
export * from './client-types.js';
export * from './client-helpers.js';

/** Offers are read one by one (see `listOffers`), so one bad offer never costs a merchant its page. */
const RawOfferPageSchema = pageSchema(z.unknown());
/** The order search answers a page or a bare array depending on the version; either becomes a list. */
const OrderListSchema = z.union([z.array(OrderSchema), pageSchema(OrderSchema).transform((p) => p.content)]);
/** The event log answers a page (the reference's `page`/`size`) or, as its example shows, a bare list. */
const WebhookEventListSchema = z.union([z.array(WebhookEventSchema), pageSchema(WebhookEventSchema).transform((p) => p.content)]);

/** A 3xx, or what a browser's fetch makes of one under `redirect: 'manual'` (status 0, type `opaqueredirect`). */
export const isRedirect = (res: Response) => (res.status >= 300 && res.status < 400) || res.type === 'opaqueredirect';

const SAFE_METHODS = new Set(['GET']);
/** See `RetryOptions.busyDeadlineMs`. */
export const DEFAULT_BUSY_DEADLINE_MS = 3_000;
/** A submit's 429 is a known "not placed", handed to the shopper at once (issue 25.6). */
const SUBMIT: CallOptions = { busyDeadlineMs: 0 };
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

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const base = normalizeServiceBaseUrl(options.baseUrl);
  const headerNames = serviceHeaderNames(options.headerPrefix);
  const doFetch = options.fetch ?? globalThis.fetch;
  const fixed = options.token;
  const provider: TokenProvider = typeof fixed === 'string' ? { getToken: async () => fixed } : fixed;
  const retry = {
    maxAttempts: options.retry?.maxAttempts ?? 4,
    baseDelayMs: options.retry?.baseDelayMs ?? 250,
    maxDelayMs: options.retry?.maxDelayMs ?? 5_000,
    maxTotalDelayMs: options.retry?.maxTotalDelayMs ?? 15_000,
    busyDeadlineMs: options.retry?.busyDeadlineMs ?? DEFAULT_BUSY_DEADLINE_MS,
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
    let waitedBusy = 0;
    const busyDeadlineMs = opts.busyDeadlineMs ?? retry.busyDeadlineMs;
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

        if (res.ok) return parseServiceAnswer(req.schema, res.status, text, info);

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
          // Honour Retry-After, and spread the callers it was given to with a jitter on top (within the busy deadline).
          const delay =
            retryAfter === undefined ? backoff(attempt) : retryAfter + Math.max(0, Math.min(backoff(attempt), busyDeadlineMs - waitedBusy - retryAfter));
          // A wait beyond the call's busy deadline is not worth sitting through: the caller names the busy shop now.
          if (waitedBusy + delay <= busyDeadlineMs && fits(delay)) {
            waitedBusy += delay;
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
          // The service's route; `refresh=true` re-reads the merchant's platform (docs: not on every event).
          path: `/v1/operations/connection_health/${merchantId}`,
          query: { refresh: true },
          schema: ConnectionHealthReportSchema,
          merchantId,
        },
        opts,
      ),

    onboardMerchant: (onboardingId, body, opts) =>
      call({ method: 'PUT', path: `/v1/merchants/onboard/${onboardingId}`, body, schema: MerchantOnboardingSchema }, opts),

    estimateOrder: (req, opts) =>
      call({ method: 'POST', path: '/v1/orders/estimate', body: req, schema: EstimateResponseSchema }, opts),

    createDirectOrder: (req, opts) => call({ method: 'POST', path: '/v1/orders', body: req, schema: OrderSchema }, { ...SUBMIT, ...opts }),

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
      // The definition requires the address's `type`, and the service's own app sends it (fixture swift-demo.request-customer.json).
      call({ method: 'POST', path: cart(cartId, '/shipping_address'), body: { ...address, type: 'SHIPPING' }, schema: OrderSchema }, opts),
    setBillingAddress: (cartId, address, opts) =>
      call({ method: 'POST', path: cart(cartId, '/billing_address'), body: { ...address, type: 'BILLING' }, schema: OrderSchema }, opts),
    getAvailableShipping: (cartId, opts) =>
      call({ method: 'GET', path: cart(cartId, '/shipping/available'), schema: AvailableShippingSchema }, opts),
    applyShipping: (cartId, selections, opts) =>
      call({ method: 'POST', path: cart(cartId, '/shipping'), query: { price_cart: true }, body: selections, schema: OrderSchema }, opts),
    priceCart: (cartId, opts) => call({ method: 'GET', path: cart(cartId, '/price'), schema: OrderSchema }, opts),
    applyPayment: (cartId, payment, opts) =>
      call({ method: 'POST', path: cart(cartId, '/payment'), body: payment, schema: OrderSchema }, opts),
    updatePayment: (cartId, opts) =>
      call({ method: 'POST', path: cart(cartId, '/payment/update'), query: { price_cart: true }, schema: OrderSchema }, opts),
    getPaymentToken: (opts) => call({ method: 'GET', path: '/v1/checkout/payment/token', schema: PaymentTokenSchema }, opts),
    submitCart: (cartId, body = {}, opts) => call({ method: 'POST', path: cart(cartId, '/submit'), body, schema: OrderSchema }, { ...SUBMIT, ...opts }),

    listWebhooks: (query = {}, opts) =>
      call({ method: 'GET', path: '/v1/events/webhooks', query: { event: query.event }, schema: WebhookRegistrationListSchema }, opts),
    registerWebhook: (input, opts) =>
      call({ method: 'POST', path: '/v1/events/webhooks', body: input, schema: WebhookRegistrationSchema }, opts),
    deleteWebhook: async (webhookId, opts) => {
      await call({ method: 'DELETE', path: `/v1/events/webhooks/${webhookId}`, schema: NoContent }, opts);
    },
    cancelOrder: (id, body = {}, opts) => call({ method: 'POST', path: `/v1/orders/${id}/cancel`, body, schema: OrderSchema }, opts),
    cancelBag: (id, bagId, body = {}, opts) => call({ method: 'POST', path: `/v1/orders/${id}/bags/${bagId}/cancel`, body, schema: OrderSchema }, opts),
    listRefunds: (id, opts) => call({ method: 'GET', path: `/v1/orders/${id}/refunds`, schema: z.array(RefundSchema) }, opts),
    listWebhookEvents: (query = {}, opts) =>
      call({ method: 'GET', path: '/v1/events/webhooks/all/events', query, schema: WebhookEventListSchema }, opts),
    resendWebhookEvent: (webhookId, eventId, opts) =>
      call({ method: 'POST', path: `/v1/events/webhooks/${webhookId}/events/${eventId}/resend`, schema: WebhookEventSchema }, opts),
  };
  return client;
}
