import { z } from 'zod';
import { positiveId } from './primitives.js';

/**
 * A discount code for one merchant's bag, as a cart (`POST /v1/checkout/cart/{id}/discounts`)
 * and an estimate (`discounts[]`) take it (reference/service-shapes.md A.7b).
 */
export const DiscountCodeInputSchema = z.object({
  code: z.string().trim().min(1).max(64),
  merchant_id: positiveId,
});
export type DiscountCodeInput = z.infer<typeof DiscountCodeInputSchema>;
