import { z } from 'zod';
import { currencyCode, id, list, maybe, money, openEnum, positiveId, price } from './primitives.js';
import { AddressInputSchema, BagDiscountSchema, deliveryWindow, quantity } from './order.js';
import { OrderErrorSchema } from './errors.js';
import { DiscountCodeInputSchema } from './discount.js';

export const EstimateRequestSchema = z.object({
  base_currency: maybe(currencyCode),
  skus: z
    .array(
      z.object({
        sku_id: positiveId,
        quantity,
        /** Optional price override in minor units. */
        price: maybe(price),
      }),
    )
    .min(1)
    .max(500),
  shipping_address: AddressInputSchema,
  discounts: list(DiscountCodeInputSchema),
});
export type EstimateRequest = z.infer<typeof EstimateRequestSchema>;

export const EstimatedShippingMethodSchema = z.object({
  shipping_method_id: z.string(),
  label: z.string(),
  carrier: maybe(z.string()),
  price: price,
  external_price: maybe(price),
  ...deliveryWindow,
});
export type EstimatedShippingMethod = z.infer<typeof EstimatedShippingMethodSchema>;

export const EstimatedSkuSchema = z.object({
  sku_id: id,
  quantity: z.int(),
  name: maybe(z.string()),
  price: price,
  merchant_id: maybe(id),
  external_id: maybe(z.string()),
  available: maybe(z.boolean()),
  requires_shipping: maybe(z.boolean()),
  product_type: maybe(openEnum(['PHYSICAL', 'DIGITAL', 'VIRTUAL', 'BUNDLED'])),
  line_price: maybe(price),
});

/** One merchant's part of an estimate. */
export const EstimatedCartSchema = z.object({
  merchant_id: id,
  platform: maybe(z.string()),
  /** The currency every amount of this estimate is in: the request's `base_currency`. */
  base_currency: currencyCode,
  /** Our addition, as a cart's bag has them: the merchant's own currency, the rate, and the totals in it. */
  external_currency: maybe(z.string()),
  currency_exchange_rate: maybe(z.number()),
  external_sub_total: maybe(money),
  external_shipping_total: maybe(money),
  external_discount_total: maybe(money),
  external_tax_total: maybe(money),
  external_total: maybe(money),
  sub_total: money,
  shipping_total: maybe(money),
  tax_total: maybe(money),
  discount_total: maybe(money),
  /** The prices include the tax (`tax_total` is inside `total`, not added), as a cart's bag says (service-shapes A.3). */
  taxes_included: maybe(z.boolean()),
  total: money,
  /** Our addition, as a cart's bag has them: each requested code's status and amount at this merchant (docs/contract.md). */
  discounts: list(BagDiscountSchema),
  skus: list(EstimatedSkuSchema),
  available_shipping_methods: list(EstimatedShippingMethodSchema),
  has_shipping_methods: maybe(z.boolean()),
  /** Our addition, same shape as a cart's `errors[]`: why this merchant's part is incomplete. */
  errors: list(OrderErrorSchema),
});
export type EstimatedCart = z.infer<typeof EstimatedCartSchema>;

export const EstimateResponseSchema = z.object({
  estimated_carts: list(EstimatedCartSchema),
});
export type EstimateResponse = z.infer<typeof EstimateResponseSchema>;

/**
 * An estimated cart as a quote reads it (issue 30): only the fields `estimatedBag` and the discount settling use,
 * each picked from the schemas above, so validated exactly as there (integer money, bounded ids, upper-cased
 * enums). The rest of the service's answer is left unread rather than parsed and thrown away: about half the
 * quote's parse work.
 */
export const QuoteEstimatedCartSchema = EstimatedCartSchema.pick({
  merchant_id: true,
  base_currency: true,
  tax_total: true,
  discount_total: true,
  taxes_included: true,
}).extend({
  discounts: list(BagDiscountSchema.pick({ code: true, amount: true, status: true })),
  skus: list(EstimatedSkuSchema.pick({ sku_id: true, quantity: true, name: true, price: true, available: true, line_price: true })),
  available_shipping_methods: list(
    EstimatedShippingMethodSchema.pick({ shipping_method_id: true, label: true, carrier: true, price: true, min_days: true, max_days: true }),
  ),
  errors: list(OrderErrorSchema.pick({ bag_id: true, entity_id: true, type: true, message: true })),
});
export type QuoteEstimatedCart = z.infer<typeof QuoteEstimatedCartSchema>;

export const QuoteEstimateResponseSchema = z.object({ estimated_carts: list(QuoteEstimatedCartSchema) });
export type QuoteEstimateResponse = z.infer<typeof QuoteEstimateResponseSchema>;
