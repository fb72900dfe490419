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
import { EstimateResponseSchema, QuoteEstimateResponseSchema } from './estimate.js';
import { PaymentTokenSchema } from './payment-token.js';
import { CurrencyRatesSchema } from './currencies.js';
import { WebhookRegistrationListSchema, WebhookRegistrationSchema } from './webhook.js';
import { RefundSchema } from './order-changes.js';
import { WebhookEventSchema } from './webhook-events.js';
import { NoContent } from './client-errors.js';
import { MAX_OFFERS_PAGE_SIZE, toServiceDateTime } from './client-helpers.js';
import type { CallOptions, ServiceClient, ServiceClientOptions } from './client-types.js';
import { createCaller } from './client-call.js';

export * from './client-errors.js';
export * from './client-types.js';
export * from './client-helpers.js';
export { DEFAULT_BUSY_DEADLINE_MS } from './client-call.js';

/** Offers are read one by one (see `listOffers`), so one bad offer never costs a merchant its page. */
const RawOfferPageSchema = pageSchema(z.unknown());
/** The order search answers a page or a bare array depending on the version; either becomes a list. */
const OrderListSchema = z.union([z.array(OrderSchema), pageSchema(OrderSchema).transform((p) => p.content)]);
/** The event log answers a page (the reference's `page`/`size`) or, as its example shows, a bare list. */
const WebhookEventListSchema = z.union([z.array(WebhookEventSchema), pageSchema(WebhookEventSchema).transform((p) => p.content)]);

/** A submit's 429 is a known "not placed", handed to the shopper at once (issue 25.6). */
const SUBMIT: CallOptions = { busyDeadlineMs: 0 };

type Call = ReturnType<typeof createCaller>;

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const call = createCaller(options);
  return { ...offerCalls(call, options), ...operationCalls(call, options), ...orderCalls(call), ...cartCalls(call), ...eventCalls(call) };
}

/** The catalog: offer pages of a merchant (walked by cursor or by number), one offer. */
function offerCalls(call: Call, options: ServiceClientOptions) {
  const calls: Pick<ServiceClient, 'listOffers' | 'iterateOffers' | 'getOffer' | 'latestCurrencies'> = {
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
        const page = await calls.listOffers(merchantId, cursor ? { ...query, page: undefined, cursor } : { ...query, page: pageNumber, cursor: undefined }, opts);
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
    latestCurrencies: (opts) => call({ method: 'GET', path: '/v1/currencies/latest', schema: CurrencyRatesSchema }, opts),
  };
  return calls;
}

/** Merchants' connection health and onboarding. */
function operationCalls(call: Call, options: ServiceClientOptions) {
  const calls: Pick<ServiceClient, 'connectionHealth' | 'merchantConnectionHealth' | 'onboardMerchant'> = {
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
  };
  return calls;
}

/** Orders: estimate, direct order, reads, search, cancels and refunds. */
function orderCalls(call: Call) {
  const calls: Pick<ServiceClient, 'estimateOrder' | 'quoteEstimate' | 'createDirectOrder' | 'getOrder' | 'searchOrders' | 'findOrdersByAppOrderId' | 'cancelOrder' | 'cancelBag' | 'listRefunds'> = {
    estimateOrder: (req, opts) =>
      call({ method: 'POST', path: '/v1/orders/estimate', body: req, schema: EstimateResponseSchema }, opts),
    quoteEstimate: (req, opts) => call({ method: 'POST', path: '/v1/orders/estimate', body: req, schema: QuoteEstimateResponseSchema }, opts),
    createDirectOrder: (req, opts) => call({ method: 'POST', path: '/v1/orders', body: req, schema: OrderSchema }, { ...SUBMIT, ...opts }),
    getOrder: (orderId, opts) => call({ method: 'GET', path: `/v1/orders/${orderId}`, schema: OrderSchema }, opts),
    searchOrders: (query, opts) => call({ method: 'POST', path: '/v1/orders/search', body: query, schema: OrderListSchema }, opts),
    findOrdersByAppOrderId: (appOrderId, opts) => calls.searchOrders({ app_order_id: appOrderId }, opts),
    cancelOrder: (id, body = {}, opts) => call({ method: 'POST', path: `/v1/orders/${id}/cancel`, body, schema: OrderSchema }, opts),
    cancelBag: (id, bagId, body = {}, opts) => call({ method: 'POST', path: `/v1/orders/${id}/bags/${bagId}/cancel`, body, schema: OrderSchema }, opts),
    listRefunds: (id, opts) => call({ method: 'GET', path: `/v1/orders/${id}/refunds`, schema: z.array(RefundSchema) }, opts),
  };
  return calls;
}

/** The checkout cart, step by step, and its submit. */
function cartCalls(call: Call) {
  const cart = (cartId: number, rest = '') => `/v1/checkout/cart/${cartId}${rest}`;
  const calls: Pick<ServiceClient, 'createCart' | 'getCart' | 'deleteCart' | 'addCartSku' | 'updateCartSku' | 'removeCartSku' | 'setCartCustomer' | 'setShippingAddress' | 'setBillingAddress' | 'getAvailableShipping' | 'applyShipping' | 'priceCart' | 'applyCartDiscount' | 'removeCartDiscount' | 'applyPayment' | 'updatePayment' | 'getPaymentToken' | 'submitCart'> = {
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
    applyCartDiscount: (cartId, discount, opts) =>
      call({ method: 'POST', path: cart(cartId, '/discounts'), body: discount, schema: OrderSchema }, opts),
    removeCartDiscount: (cartId, discountId, opts) =>
      call({ method: 'DELETE', path: cart(cartId, `/discounts/${discountId}`), schema: OrderSchema }, opts),
    applyPayment: (cartId, payment, opts) =>
      call({ method: 'POST', path: cart(cartId, '/payment'), body: payment, schema: OrderSchema }, opts),
    updatePayment: (cartId, opts) =>
      call({ method: 'POST', path: cart(cartId, '/payment/update'), query: { price_cart: true }, schema: OrderSchema }, opts),
    getPaymentToken: (opts) => call({ method: 'GET', path: '/v1/checkout/payment/token', schema: PaymentTokenSchema }, opts),
    submitCart: (cartId, body = {}, opts) => call({ method: 'POST', path: cart(cartId, '/submit'), body, schema: OrderSchema }, { ...SUBMIT, ...opts }),
  };
  return calls;
}

/** Webhook registrations and the event log. */
function eventCalls(call: Call) {
  const calls: Pick<ServiceClient, 'listWebhooks' | 'registerWebhook' | 'deleteWebhook' | 'listWebhookEvents' | 'resendWebhookEvent'> = {
    listWebhooks: (query = {}, opts) =>
      call({ method: 'GET', path: '/v1/events/webhooks', query: { event: query.event }, schema: WebhookRegistrationListSchema }, opts),
    registerWebhook: (input, opts) =>
      call({ method: 'POST', path: '/v1/events/webhooks', body: input, schema: WebhookRegistrationSchema }, opts),
    deleteWebhook: async (webhookId, opts) => {
      await call({ method: 'DELETE', path: `/v1/events/webhooks/${webhookId}`, schema: NoContent }, opts);
    },
    listWebhookEvents: (query = {}, opts) =>
      call({ method: 'GET', path: '/v1/events/webhooks/all/events', query, schema: WebhookEventListSchema }, opts),
    resendWebhookEvent: (webhookId, eventId, opts) =>
      call({ method: 'POST', path: `/v1/events/webhooks/${webhookId}/events/${eventId}/resend`, schema: WebhookEventSchema }, opts),
  };
  return calls;
}
