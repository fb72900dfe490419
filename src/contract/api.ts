/**
 * The widget-facing API of the BFF (`/api/...`): what the browser sends and
 * receives. The BFF validates every input with these schemas; browser code
 * imports their *types* only, so full zod never reaches a shopper's bundle.
 */
import { z } from 'zod';
import { ShopperOfferSchema, type ShopperOffer } from './shopper-offer.js';
import { currencyCode, id, list, maybe, positiveId } from './primitives.js';
import { ShopperBagSchema, ShopperOrderSchema } from './shopper-order.js';

/** Stable error codes of the BFF. */
export const API_ERROR_CODES = [
  'bad_request',
  'not_found',
  'method_not_allowed',
  'unauthorized',
  'forbidden_origin',
  'payload_too_large',
  'request_timeout',
  'rate_limited',
  'merchant_busy',
  'upstream_error',
  'upstream_unavailable',
  'out_of_stock',
  'price_changed',
  'payment_declined',
  'bag_rejected',
  'idempotency_conflict',
  'idempotency_in_progress',
  'quote_invalid',
  'quote_used',
  'quote_expired',
  'quote_changed',
  'duplicate_order',
  'not_placed',
  'payment_required',
  'currency_mismatch',
  'cancel_window_closed',
  'not_cancelable',
  'internal',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/**
 * The one error shape the widget ever sees: `{ "error": { code, message, merchant_id?, skus? } }`.
 * `message` is always Tote's own words: upstream text (which has carried
 * stack traces and database URLs) never reaches a shopper, only the typed
 * ids it named.
 */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    merchant_id: maybe(id),
    /** Seconds until a retry makes sense (also in the `Retry-After` header). */
    retry_after: maybe(z.number()),
    /** The SKUs a refusal is about, as ids only. */
    skus: list(z.object({ sku_id: maybe(id), order_sku_id: maybe(id), bag_id: maybe(id) })),
    /** Per-field problems of a rejected input: `{ path: "shipping_address.postal_code", message }`. */
    fields: list(z.object({ path: z.string(), message: z.string() })),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** `GET /api/health` */
/**
 * What `/health` says of the service, in our own words (never upstream text): it takes this instance's
 * credentials (`ok`), refuses them, says the token expired, is not at the configured address, or cannot be reached.
 */
export const SERVICE_STATES = ['ok', 'credentials_refused', 'token_expired', 'wrong_address', 'unreachable'] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];

export const HealthResponseSchema = z.object({
  ok: z.boolean(),
  version: z.string(),
  /** Where the BFF keeps its state: `redis` when instances share it (503 while Redis is unreachable). */
  stores: z.enum(['redis', 'memory']),
  /** The service as this instance sees it (503 unless `ok`). */
  service: z.enum(SERVICE_STATES),
});

/** `GET /api/merchants` */
export const MerchantSummarySchema = z.object({
  id,
  name: z.string(),
  currency: maybe(currencyCode),
  platform: maybe(z.string()),
  /** False when the merchant is not connected, lacks shipping methods or needs attention: its offers are hidden. */
  shoppable: z.boolean(),
});
export type MerchantSummary = z.infer<typeof MerchantSummarySchema>;
export const MerchantsResponseSchema = z.object({ merchants: z.array(MerchantSummarySchema) });

/** An offer as the widget gets it: the shopper's allowlist of the service's Offer plus the merchant's display name. */
export const WidgetOfferSchema = ShopperOfferSchema;
export type WidgetOffer = ShopperOffer;

/** `GET /api/offers?merchant_id=&cursor=&size=` */
export const OffersQuerySchema = z.object({
  merchant_id: positiveId.optional(),
  cursor: z.string().max(2048).optional(),
  size: z.coerce.number().pipe(z.int().min(1).max(100)).default(24),
});
export type OffersQuery = z.infer<typeof OffersQuerySchema>;
export const OffersResponseSchema = z.object({
  offers: z.array(WidgetOfferSchema),
  /** Opaque; pass back as `cursor` for the next page. `null` on the last page. */
  next_cursor: z.string().nullable(),
});
export type OffersResponse = z.infer<typeof OffersResponseSchema>;

/** `GET /api/offers/:id` */
export const OfferResponseSchema = z.object({ offer: WidgetOfferSchema });

/** The widget API's header names (`Tote-Access`, `Idempotency-Key`) live in the zod-free core a browser may run. */
export { ACCESS_HEADER, IDEMPOTENCY_HEADER } from './wire.js';

/** `GET /api/orders/:id` */
export const OrderResponseSchema = z.object({ order: ShopperOrderSchema });

/** One Server-Sent Event of `GET /api/orders/:id/events` (event name `bag`). */
export const BagEventSchema = z.object({
  order_id: id,
  bag_id: id,
  topic: z.string(),
  status: maybe(z.string()),
  financial_status: maybe(z.string()),
  fulfillment_status: maybe(z.string()),
  /** The whole bag as the signed webhook body describes it (fulfillments and tracking included), when it did. */
  bag: ShopperBagSchema.optional(),
});
export type BagEvent = z.infer<typeof BagEventSchema>;

/** Operator: `PUT /api/operator/onboarding/:id` */
export { MerchantOnboardingInputSchema as ApiOnboardingRequestSchema } from './operations.js';
