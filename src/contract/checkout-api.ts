/**
 * The checkout-shaped API of the BFF (docs/bff.md, "Quote and place"): the
 * browser asks for a quote whenever an input changes, and places it with one
 * request. The quote is the BFF's signed statement of exactly what it priced;
 * placing builds the service request from that statement only, never from
 * amounts the browser sends.
 *
 * Browser code imports the *types* only (as with `api.ts`).
 */
import { z } from 'zod';
import { ApiErrorSchema } from './api.js';
import { AddressInputSchema, CustomerInputSchema, PAYMENT_METHOD_TYPES } from './order.js';
import { ShopperOrderSchema } from './shopper-order.js';
import { currencyCode, datetime, id, money, openEnum, price } from './primitives.js';

import { QUOTE_LIMITS } from './quote-limits.js';
export { QUOTE_LIMITS };

export const CHECKOUT_MODES = ['direct', 'cart'] as const;
export type CheckoutMode = (typeof CHECKOUT_MODES)[number];

export const QuoteLineInputSchema = z.object({
  sku_id: id.positive(),
  quantity: z.int().min(1).max(QUOTE_LIMITS.quantity),
});

/** `POST /api/checkout/quote` */
export const QuoteRequestSchema = z.object({
  mode: z.enum(CHECKOUT_MODES).default('direct'),
  /** The shopper's currency (the provider's `currency` attribute). Default: the merchants' own (docs/bff.md). */
  currency: currencyCode.optional(),
  lines: z.array(QuoteLineInputSchema).min(1).max(QUOTE_LIMITS.lines),
  customer: CustomerInputSchema.pick({ first_name: true, last_name: true, email: true }).optional(),
  shipping_address: AddressInputSchema.optional(),
  billing_address: AddressInputSchema.optional(),
  /** Overrides of the default (cheapest) shipping method, per merchant. */
  shipping: z.array(z.object({ merchant_id: id, shipping_method_id: z.string().min(1).max(128) })).max(QUOTE_LIMITS.lines).optional(),
  /** Cart mode: how the cart will be paid (Stripe intent capture, wallets; issue 16). */
  payment: z
    .object({ intent_based_capture: z.literal(true).optional(), wallet_based_checkout: z.literal(true).optional() })
    .optional(),
  /**
   * Discount codes the shopper entered, each tried at every merchant of the order and applied where the
   * merchant's platform takes it (docs/checkout.md "Discount codes"). Compared without regard to case.
   */
  discount_codes: z.array(z.string().trim().min(1).max(QUOTE_LIMITS.codeChars)).max(QUOTE_LIMITS.discountCodes).optional(),
  /**
   * The shopper's language (a BCP 47 tag, the widget's `lang`): the country's name in `shipping_address_lines`
   * is written in it. Default: English.
   */
  // Any well-formed tag the widget's `Intl` accepted passes (subtags of 1–8 letters and digits); one `Intl` here
  // cannot read is written in English, never refused.
  locale: z.string().max(64).regex(/^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/).optional(),
  /** Cart mode: the previous quote, so the same service cart is updated in place. */
  quote_token: z.string().min(1).max(QUOTE_LIMITS.tokenChars).optional(),
  /**
   * A random id the widget keeps per browser (localStorage), signed into the quote: two tabs of one shopper
   * placing the same lines are told from two shoppers by it (409 `duplicate_order`, docs/checkout.md "Two tabs").
   */
  device_id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/).optional(),
});
export type QuoteRequest = z.input<typeof QuoteRequestSchema>;
export type ParsedQuoteRequest = z.output<typeof QuoteRequestSchema>;

/** `totals_disagree`: the shop's total is not its parts (sub-total − discounts + shipping + tax added on top); such a bag is never placed. */
export const QUOTE_PROBLEM_CODES = ['out_of_stock', 'unavailable', 'price_changed', 'no_shipping', 'merchant_busy', 'totals_disagree'] as const;
export type QuoteProblemCode = (typeof QUOTE_PROBLEM_CODES)[number];

export const QuoteProblemSchema = z.object({
  code: z.enum(QUOTE_PROBLEM_CODES),
  sku_id: id.optional(),
  /** Seconds until asking again makes sense (`merchant_busy`). */
  retry_after: z.number().optional(),
});
export type QuoteProblem = z.infer<typeof QuoteProblemSchema>;

export const QuoteLineSchema = z.object({
  sku_id: id,
  offer_id: id.optional(),
  name: z.string(),
  variant: z.string().optional(),
  /** http(s) only. */
  thumbnail: z.string().optional(),
  quantity: z.int().positive(),
  unit_price: price,
  total: price,
  available: z.boolean(),
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

export const QuoteShippingMethodSchema = z.object({
  shipping_method_id: z.string(),
  label: z.string(),
  carrier: z.string().optional(),
  price,
  min_days: z.int().optional(),
  max_days: z.int().optional(),
});
export type QuoteShippingMethod = z.infer<typeof QuoteShippingMethodSchema>;

/**
 * What a discount code did at one merchant: `applied` (its `amount` taken off), or why not, in words a shopper
 * is told (docs/contract.md "Discount codes"): `unknown`, `expired`, `not_applicable` (not for these items, or
 * the shop takes no codes), `below_minimum`, `used_up` (its usage limit reached).
 */
export const DISCOUNT_STATUSES = ['applied', 'unknown', 'expired', 'not_applicable', 'below_minimum', 'used_up'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

export const QuoteDiscountSchema = z.object({ code: z.string(), amount: money, status: z.enum(DISCOUNT_STATUSES) });
export type QuoteDiscount = z.infer<typeof QuoteDiscountSchema>;

/**
 * `total` = `sub_total` − `discount_total` + `shipping_total` + `tax_total`. In a bag with `taxes_included`
 * the tax is inside its prices, so there `total` = `sub_total` − `discount_total` + `shipping_total`; the
 * quote's `totals.tax_total` adds only the tax added on top, `included_tax_total` the tax inside prices.
 * This BFF always answers the discount and VAT fields; they are optional so a widget reads an older BFF's quote.
 */
export const QuoteTotalsSchema = z.object({ sub_total: money, shipping_total: money, tax_total: money, total: money, discount_total: money.optional() });
export type QuoteTotals = z.infer<typeof QuoteTotalsSchema>;

export const QuoteBagSchema = QuoteTotalsSchema.extend({
  merchant_id: id,
  merchant_name: z.string(),
  lines: z.array(QuoteLineSchema),
  shipping_methods: z.array(QuoteShippingMethodSchema),
  /** The chosen method: the cheapest unless the request picked another. */
  shipping_method_id: z.string().optional(),
  /** The request's codes this merchant was asked about: applied ones with their amount, refused ones with why. */
  discounts: z.array(QuoteDiscountSchema).optional(),
  /** The prices include the tax: `tax_total` is inside `total` ("incl. VAT"), never added to it. */
  taxes_included: z.boolean().optional(),
  problems: z.array(QuoteProblemSchema),
});
export type QuoteBag = z.infer<typeof QuoteBagSchema>;

/**
 * One thing that differs between the quote the shopper placed and the fresh one of a 409 `quote_changed`
 * (issue 27): a line's price, a line gone, a shop's shipping or tax, the total. Names are the fresh quote's;
 * amounts of two currencies are never compared (then only the total is listed).
 */
export const QuoteChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('price'), name: z.string(), before: money, after: money }),
  z.object({ kind: z.literal('unavailable'), name: z.string() }),
  z.object({ kind: z.enum(['shipping', 'tax']), merchant: z.string(), before: money, after: money }),
  z.object({ kind: z.literal('total'), before: money, after: money }),
]);
export type QuoteChange = z.infer<typeof QuoteChangeSchema>;

export const QuoteResponseSchema = z.object({
  quote_token: z.string(),
  expires_at: datetime,
  currency: currencyCode,
  mode: z.enum(CHECKOUT_MODES),
  bags: z.array(QuoteBagSchema),
  /** The bags' sums; `tax_total` is the tax added on top of prices, `included_tax_total` the VAT inside them. */
  totals: QuoteTotalsSchema.extend({ included_tax_total: money.optional() }),
  /**
   * The shipping address as its country writes it, top to bottom (libaddressinput's template; the country's name
   * last, in the request's `locale`): what the review and the confirmation show. Only with a shipping address.
   */
  shipping_address_lines: z.array(z.string()).optional(),
  /** Each requested code once: `applied` with what it took off altogether, or the most telling refusal. */
  discount_codes: z.array(QuoteDiscountSchema).optional(),
  /** True when this quote can be placed: customer, address, a method per bag, no problems (totals that add up among them). */
  ready: z.boolean(),
  /**
   * What Stripe.js needs: the publishable key, and in cart mode with intent-based capture the PaymentIntent's
   * client secret to confirm. A direct-mode quote carries the service's key only (docs/payments.md).
   */
  payment: z
    .object({ provider: z.literal('stripe'), stripe_key: z.string(), payment_intent_client_secret: z.string().optional() })
    .optional(),
  /** Only in the fresh quote of a 409 `quote_changed`: what differs from the quote placed, as the shopper is told it. */
  changes: z.array(QuoteChangeSchema).optional(),
});
export type QuoteResponse = z.infer<typeof QuoteResponseSchema>;

/** A single-use token from the payment adapter (never card data). */
export const PlaceTokenPaymentSchema = z.object({
  token: z.string().min(1).max(256),
  /** Default `STRIPE`, the provider the service pays through. */
  payment_provider: openEnum(['STRIPE', 'SANDBOX']).optional(),
  type: openEnum(PAYMENT_METHOD_TYPES).optional(),
});
/** Cart mode with intent capture: the PaymentIntent was confirmed with Stripe.js. */
export const PlaceIntentPaymentSchema = z.object({ intent_confirmed: z.literal(true) });

/** `POST /api/checkout/place` (header `Idempotency-Key`, one per attempt). */
export const PlaceRequestSchema = z.object({
  quote_token: z.string().min(1).max(QUOTE_LIMITS.tokenChars),
  payment: z.union([PlaceTokenPaymentSchema, PlaceIntentPaymentSchema]),
  /** The currency the shopper was shown; refused (`currency_mismatch`) when it is not the quote's. */
  currency: currencyCode.optional(),
  /**
   * The shopper confirmed a second order of the same lines (another tab placed them a moment ago): without it
   * such a place is refused with 409 `duplicate_order` and nothing is sent (docs/checkout.md, "Two tabs").
   */
  confirm_duplicate: z.literal(true).optional(),
});
export type PlaceRequest = z.input<typeof PlaceRequestSchema>;

/** 201 */
export const PlacedResponseSchema = z.object({ status: z.literal('placed'), order: ShopperOrderSchema, access: z.string() });
/** 202 (+ `Retry-After`): the outcome is not known yet; send the same key and body again after `retry_after` s. */
export const PlacePendingResponseSchema = z.object({ status: z.literal('pending'), retry_after: z.number() });
/** 200: confirm the PaymentIntent with Stripe.js, then place again with `payment: { intent_confirmed: true }`. */
export const PlaceRequiresActionResponseSchema = z.object({
  status: z.literal('requires_action'),
  payment_intent_client_secret: z.string(),
  stripe_key: z.string(),
});
export const PlaceResponseSchema = z.discriminatedUnion('status', [
  PlacedResponseSchema,
  PlacePendingResponseSchema,
  PlaceRequiresActionResponseSchema,
]);
export type PlacedResponse = z.infer<typeof PlacedResponseSchema>;
export type PlacePendingResponse = z.infer<typeof PlacePendingResponseSchema>;
export type PlaceRequiresActionResponse = z.infer<typeof PlaceRequiresActionResponseSchema>;
export type PlaceResponse = z.infer<typeof PlaceResponseSchema>;

/** 409 `quote_changed`: nothing was charged; `quote` is fresh, `error.skus` names the lines that changed. */
export const QuoteChangedResponseSchema = ApiErrorSchema.extend({ quote: QuoteResponseSchema });
export type QuoteChangedResponse = z.infer<typeof QuoteChangedResponseSchema>;

