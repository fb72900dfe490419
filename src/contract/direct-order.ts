import { z } from 'zod';
import { currencyCode, id, list, maybe, money, positiveId, price } from './primitives.js';
import { AddressInputSchema, PaymentMethodInputSchema, PaymentRequestSchema, quantity } from './order.js';

/** `POST /v1/orders`: the whole order in one request, one bag per merchant. */
export const DirectOrderRequestSchema = z.object({
  payment_method: maybe(PaymentMethodInputSchema),
  order: z.object({
    app_order_id: maybe(z.string().max(64)),
    customer: z.object({
      first_name: z.string().trim().min(1).max(32),
      last_name: z.string().trim().min(1).max(32),
      email: z.email().max(64),
    }),
    bags: z
      .array(
        z.object({
          merchant_id: maybe(id),
          skus: z
            .array(z.object({ sku_id: positiveId, quantity: quantity.default(1), price }))
            .min(1)
            .max(500),
          shipping_method: z.object({
            shipping_method_id: maybe(z.string().max(128)),
            label: z.string().min(1).max(128),
            price,
          }),
          tax_total: maybe(money),
          discounts: list(z.object({ code: maybe(z.string()), amount: price })),
        }),
      )
      .min(1)
      .max(100),
    shipping_address: AddressInputSchema,
    billing_address: maybe(AddressInputSchema),
    currency: currencyCode,
  }),
});
export type DirectOrderRequest = z.infer<typeof DirectOrderRequestSchema>;

/**
 * The same request as the service takes it: `payment_method` may be a bare
 * `{ "token" }` or a payment intent request (see `PaymentRequestSchema`).
 */
export const ServiceDirectOrderRequestSchema = DirectOrderRequestSchema.extend({ payment_method: maybe(PaymentRequestSchema) });
export type ServiceDirectOrderRequest = z.infer<typeof ServiceDirectOrderRequestSchema>;
