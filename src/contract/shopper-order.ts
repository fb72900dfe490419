/**
 * An order as a shopper's browser gets it (the place 201, `GET /api/orders/:id`, the order event
 * stream's snapshot and bag events): an explicit allowlist of what the widget shows — each bag's
 * merchant, lines, amounts and statuses, shipping method and tracking. Everything else the service
 * sends about an order (`commission_rate`, transactions and their `gateway_transaction_id`,
 * `external_id`s, `platform`, `channel`, the app's id and name, payment intents, raw carrier text,
 * the platform's error messages) is business data and stays in the BFF, which maps every order
 * through these schemas (zod objects drop every key they do not name). Browser code imports the
 * types only. docs/security.md, "The shopper allowlist", lists the fields.
 */
import { z } from 'zod';
import { OrderErrorSchema } from './errors.js';
import { AddressSchema, BagDiscountSchema, BagSchema, FulfillmentSchema, OrderSchema, OrderSkuSchema, PaymentMethodSchema, ShippingMethodSchema } from './order.js';
import { list, maybe } from './primitives.js';

export const ShopperOrderSkuSchema = OrderSkuSchema.pick({
  id: true,
  offer_id: true,
  sku_id: true,
  name: true,
  thumbnail: true,
  quantity: true,
  price: true,
  line_price: true,
  status: true,
  variant_values: true,
});
export type ShopperOrderSku = z.infer<typeof ShopperOrderSkuSchema>;

export const ShopperShippingMethodSchema = ShippingMethodSchema.pick({ shipping_method_id: true, label: true, carrier: true, price: true, min_days: true, max_days: true });

/** A code the shopper typed and what it took off; the service's other discount fields stay upstream. */
export const ShopperDiscountSchema = BagDiscountSchema.pick({ code: true, amount: true, status: true });

/** Where the order goes, as the shopper typed it; phone and email stay in the BFF. */
export const ShopperAddressSchema = AddressSchema.pick({ name: true, first_name: true, last_name: true, address_1: true, address_2: true, city: true, state: true, postal_code: true, country: true });

/** How the shopper paid, as a card is named on a receipt: brand and last four digits, never a token or id. */
export const ShopperPaymentMethodSchema = PaymentMethodSchema.in.pick({ brand: true, last4: true, last_four: true }).transform((p): { brand?: string | null; last4?: string | null } => ({ brand: p.brand, last4: p.last4 ?? p.last_four }));

/** Tracking as the order page links it; the carrier's raw status text stays upstream. */
export const ShopperFulfillmentSchema = FulfillmentSchema.pick({ id: true, bag_id: true, carrier: true, status: true, tracking_number: true, tracking_url: true });

/** What a bag's error points at and its kind; never the platform's own words. */
export const ShopperOrderErrorSchema = OrderErrorSchema.pick({ bag_id: true, entity_id: true, entity_type: true, type: true });

export const ShopperBagSchema = BagSchema.pick({
  id: true,
  merchant_id: true,
  merchant_name: true,
  status: true,
  bag_status: true,
  financial_status: true,
  fulfillment_status: true,
  sub_total: true,
  shipping_total: true,
  tax_total: true,
  discount_total: true,
  total: true,
  currency: true,
  date_submitted: true,
  // Until when the shopper may cancel (issue 28): the order page offers the cancel until then.
  remorse_period_ends: true,
  taxes_included: true,
}).extend({
  discounts: list(ShopperDiscountSchema),
  skus: list(ShopperOrderSkuSchema),
  shipping_method: maybe(ShopperShippingMethodSchema),
  fulfillments: list(ShopperFulfillmentSchema),
});
export type ShopperBag = z.infer<typeof ShopperBagSchema>;

export const ShopperOrderSchema = OrderSchema.in
  .pick({
    id: true,
    status: true,
    sub_total: true,
    shipping_total: true,
    tax_total: true,
    discount_total: true,
    total: true,
    base_currency: true,
    currency: true,
    // The attempt's own id (`tote-` and a hash of the shopper's Idempotency-Key): what support finds the order by.
    app_order_id: true,
    date_created: true,
    date_submitted: true,
  })
  .extend({
    bags: list(ShopperBagSchema),
    errors: list(ShopperOrderErrorSchema),
    shipping_address: maybe(ShopperAddressSchema),
    payment_method: maybe(ShopperPaymentMethodSchema),
    /**
     * The BFF's reading of the order's totals, never the service's word: `currency` when a bag is priced in
     * another currency than the order (amounts of two currencies are never added to check), `total` when the
     * order's `total` is not the sum of its bags' totals. Absent when they hold together.
     */
    totals_problem: z.enum(['currency', 'total']).optional(),
  });
export type ShopperOrder = z.infer<typeof ShopperOrderSchema>;
