/**
 * What the service client is and takes: its options (retries, token, header prefix) and the
 * `ServiceClient` interface, one method per route of the service it uses.
 */
import type { DiscountCodeInput } from './discount.js';
import type { Offer } from './catalog.js';
import type { Page } from './page.js';
import type { ConnectionHealthReport, MerchantOnboarding, MerchantOnboardingInput } from './operations.js';
import type {
  AddressInput,
  ApplyShippingRequest,
  BagShippingOptions,
  Cart,
  CartSkuInput,
  CreateCartRequest,
  CustomerInput,
  Order,
  PaymentRequest,
  SearchOrdersRequest,
} from './order.js';
import type { EstimateRequest, EstimateResponse, QuoteEstimateResponse } from './estimate.js';
import type { CurrencyRates } from './currencies.js';
import type { DirectOrderRequest } from './direct-order.js';
import type { PaymentToken } from './payment-token.js';
import type { TokenProvider } from './token.js';
import type { WebhookRegistration, WebhookRegistrationInput } from './webhook.js';
import type { CancelRequest, Refund } from './order-changes.js';
import type { WebhookEvent } from './webhook-events.js';
import type { CallInfo, ServiceError } from './client-errors.js';
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
  /**
   * Longest time one call spends waiting out 429s: a `Retry-After` is honoured
   * when it fits, else the 429 is the caller's at once. Default 3 s, so a
   * busy shop is named to the shopper in seconds, not after 10–13 s of waits.
   */
  busyDeadlineMs?: number;
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

export * from './headers.js';

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
  /** Told of each call as it starts (logs, spans, metrics); what it answers watches that call to its end. */
  observe?: (call: CallInfo & { body?: unknown }) => CallWatch | undefined;
}

/** A watcher of one call: headers it adds to every attempt (a request id), each answer's status, the end. */
export interface CallWatch {
  headers?: Record<string, string>;
  /** Each answer: its status, and the service's error when it is a failure (which may name a merchant). */
  answered?(status: number, failure?: ServiceError): void;
  /** Attempts made (retries are one less), the last answer's status, and the error when the call failed. */
  end(outcome: { attempts: number; status?: number; error?: unknown }): void;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Sent as `Idempotency-Key`; makes a POST safe to repeat after a 5xx or a lost connection. */
  idempotencyKey?: string;
  /** The merchant the call concerns, named in errors (rate limits are per merchant store). */
  merchantId?: number;
  /** This call's `busyDeadlineMs`; `0` answers a 429 at once (a submit: nothing is retried behind the shopper's back). */
  busyDeadlineMs?: number;
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
  /** `GET /v1/currencies/latest`: what one unit of `base` buys of each currency. */
  latestCurrencies(opts?: CallOptions): Promise<CurrencyRates>;
  connectionHealth(query?: ConnectionHealthQuery, opts?: CallOptions): Promise<ConnectionHealthReport[]>;
  merchantConnectionHealth(merchantId: number, opts?: CallOptions): Promise<ConnectionHealthReport>;
  onboardMerchant(onboardingId: number, body: MerchantOnboardingInput, opts?: CallOptions): Promise<MerchantOnboarding>;
  estimateOrder(req: EstimateRequest, opts?: CallOptions): Promise<EstimateResponse>;
  /** The same `POST /v1/orders/estimate`, with only what a quote reads of the answer parsed (`QuoteEstimateResponseSchema`). */
  quoteEstimate(req: EstimateRequest, opts?: CallOptions): Promise<QuoteEstimateResponse>;
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
  /** A discount code for one merchant's bag; the cart answers with its status in that bag's `discounts[]`. */
  applyCartDiscount(cartId: number, discount: DiscountCodeInput, opts?: CallOptions): Promise<Cart>;
  removeCartDiscount(cartId: number, discountId: number, opts?: CallOptions): Promise<Cart>;
  /** A token, or `{ intent_based_capture: true }` for a PaymentIntent (Stripe). */
  applyPayment(cartId: number, payment: PaymentRequest, opts?: CallOptions): Promise<Cart>;
  /**
   * `POST /cart/{id}/payment/update?price_cart=true`: the cart priced again and its PaymentIntent made to
   * follow the total, before the shopper confirms with Stripe (docs/payments.md).
   */
  updatePayment(cartId: number, opts?: CallOptions): Promise<Cart>;
  /** `GET /checkout/payment/token`: the Stripe publishable key (`stripe_token`) direct orders tokenize cards with. */
  getPaymentToken(opts?: CallOptions): Promise<PaymentToken>;
  submitCart(cartId: number, body?: SubmitCartRequest, opts?: CallOptions): Promise<Order>;
  /** `GET /v1/events/webhooks[?event=]`: the app's registrations. */
  listWebhooks(query?: { event?: string }, opts?: CallOptions): Promise<WebhookRegistration[]>;
  /** `POST /v1/events/webhooks`: registers one event (or moves its registration to this endpoint). */
  registerWebhook(input: WebhookRegistrationInput, opts?: CallOptions): Promise<WebhookRegistration>;
  deleteWebhook(webhookId: number, opts?: CallOptions): Promise<void>;
  /** `POST /v1/orders/{id}/cancel` (reference/service-shapes.md): every bag canceled, its payment voided or refunded; all or nothing. */
  cancelOrder(orderId: number, body?: CancelRequest, opts?: CallOptions): Promise<Order>;
  /** `POST /v1/orders/{id}/bags/{bag_id}/cancel`; answers the order. */
  cancelBag(orderId: number, bagId: number, body?: CancelRequest, opts?: CallOptions): Promise<Order>;
  /** `GET /v1/orders/{id}/refunds`: every refund of the order's bags. */
  listRefunds(orderId: number, opts?: CallOptions): Promise<Refund[]>;
  /** `GET /v1/events/webhooks/all/events`: the app's webhook deliveries, newest first. */
  listWebhookEvents(query?: { page?: number; size?: number }, opts?: CallOptions): Promise<WebhookEvent[]>;
  /** `POST /v1/events/webhooks/{webhook_id}/events/{event_id}/resend`: a copy of the event, sent again. */
  resendWebhookEvent(webhookId: number, eventId: number, opts?: CallOptions): Promise<WebhookEvent>;
}

