/** The request bodies of the cart steps and of the order search. */
import { z } from 'zod';
import { currencyCode, list, maybe, positiveId } from './primitives.js';
import { CustomerInputSchema } from './address.js';

/** How many of one SKU: 1–1000. */
export const quantity = z.int().min(1).max(1000);

export const CartSkuInputSchema = z.object({ sku_id: positiveId, quantity });
export type CartSkuInput = z.infer<typeof CartSkuInputSchema>;

export const CreateCartRequestSchema = z.object({
  base_currency: maybe(currencyCode),
  skus: list(CartSkuInputSchema),
  customer: maybe(CustomerInputSchema),
  wallet_based_checkout: maybe(z.boolean()),
  app_order_id: maybe(z.string().max(64)),
  referral_id: maybe(z.string().max(64)),
});
export type CreateCartRequest = z.infer<typeof CreateCartRequestSchema>;

export const UpdateCartSkuRequestSchema = z.object({ quantity });

export const ApplyShippingRequestSchema = z
  .array(z.object({ bag_id: positiveId, shipping_method_id: z.string().min(1).max(128) }))
  .min(1)
  .max(100);
export type ApplyShippingRequest = z.infer<typeof ApplyShippingRequestSchema>;

export const SubmitCartRequestSchema = z.object({
  referral_id: maybe(z.string().max(64)),
  app_order_id: maybe(z.string().max(64)),
});

/** `POST /v1/orders/search` (violet-swift `SearchRequest`); every field narrows the search. */
export const SearchOrdersRequestSchema = z.object({
  app_order_id: maybe(z.string().max(64)),
  order_id: maybe(positiveId),
  bag_id: maybe(positiveId),
  external_order_id: maybe(z.string().max(128)),
  referral_id: maybe(z.string().max(64)),
  user_id: maybe(positiveId),
});
export type SearchOrdersRequest = z.infer<typeof SearchOrdersRequestSchema>;
