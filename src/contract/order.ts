import { z } from 'zod';
import { currencyCode, datetime, id, jsonObject, list, maybe, money, openEnum, price } from './primitives.js';
import { OrderErrorSchema } from './errors.js';
import { AddressSchema, CustomerSchema } from './address.js';
import { SkuVariantValueSchema } from './catalog.js';

// Addresses and customers, and the cart's request bodies, live in their own modules; the order family exports them.
export * from './address.js';
export * from './cart-requests.js';

/** Complete as the interface gives them, plus the values service-shapes.md records. */
export const ORDER_STATUSES = ['IN_PROGRESS', 'PROCESSING', 'REQUIRES_ACTION', 'COMPLETED', 'CANCELED', 'PARTIALLY_REFUNDED', 'REFUNDED'] as const;
export const BAG_STATUSES = ['IN_PROGRESS', 'SUBMITTED', 'ACCEPTED', 'REJECTED', 'COMPLETED', 'CANCELED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'BACKORDERED'] as const;
export const FINANCIAL_STATUSES = ['UNPAID', 'AUTHORIZED', 'PAID', 'VOIDED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'PENDING', 'PARTIALLY_PAID'] as const;
/** The SDK adds FULFILLED, PARTIALLY_FULFILLED, COULD_NOT_DELIVER and RETURNED (violet-swift `Bag.FulfillmentStatus`). */
export const FULFILLMENT_STATUSES = [
  'PROCESSING',
  'SHIPPED',
  'PARTIALLY_SHIPPED',
  'DELIVERED',
  'FULFILLED',
  'PARTIALLY_FULFILLED',
  'COULD_NOT_DELIVER',
  'RETURNED',
] as const;

export { shownFulfillmentStatus } from './statuses.js';

export const OrderStatusSchema = openEnum(ORDER_STATUSES);
export const BagStatusSchema = openEnum(BAG_STATUSES);
export const FinancialStatusSchema = openEnum(FINANCIAL_STATUSES);
export const FulfillmentStatusSchema = openEnum(FULFILLMENT_STATUSES);
export type BagStatus = z.infer<typeof BagStatusSchema>;

export const PAYMENT_METHOD_TYPES = [
  'SINGLE_USE_CARD_TOKEN',
  'MULTI_USE_CARD_TOKEN',
  'BANK_TOKEN',
  'PAYMENT_INTENT',
  'VIOLET_PAYMENT_METHOD_ID',
] as const;

/**
 * Our addition: a method's delivery window in business days after the order (Monday to Friday), as the sandbox's
 * merchants state it; the service's shipping methods carry none (docs/contract.md, "Delivery windows").
 */
export const deliveryWindow = { min_days: maybe(z.int().nonnegative().max(365)), max_days: maybe(z.int().nonnegative().max(365)) };

/** A payment method as the service returns it on a cart or order. */
export const PaymentMethodSchema = z
  .object({
    id: maybe(id),
    type: maybe(openEnum(PAYMENT_METHOD_TYPES)),
    payment_provider: maybe(openEnum(['STRIPE', 'SANDBOX'])),
    brand: maybe(z.string()),
    last4: maybe(z.string()),
    expiration_month: maybe(z.int()),
    expiration_year: maybe(z.int()),
    intent_based_capture: maybe(z.boolean()),
    /** The SDK's names (violet-swift `OrderPaymentMethod`), read into ours when those are absent. */
    payment_method_id: maybe(id),
    cardholder_name: maybe(z.string()),
    last_four: maybe(z.string()),
    exp_month: maybe(z.int()),
    exp_year: maybe(z.int()),
    default: maybe(z.boolean()),
  })
  .transform((p) => ({
    ...p,
    id: p.id ?? p.payment_method_id,
    last4: p.last4 ?? p.last_four,
    expiration_month: p.expiration_month ?? p.exp_month,
    expiration_year: p.expiration_year ?? p.exp_year,
  }));
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** A payment method as the widget applies it through the BFF: a provider token, never card data. */
export const PaymentMethodInputSchema = z.object({
  type: openEnum(PAYMENT_METHOD_TYPES).optional(),
  payment_provider: openEnum(['STRIPE', 'SANDBOX']),
  token: z.string().min(1).max(256),
  intent_based_capture: maybe(z.boolean()),
});
export type PaymentMethodInput = z.infer<typeof PaymentMethodInputSchema>;

const noCardData = z.never({ error: 'card data is not accepted; send a provider token' }).optional();

/**
 * The body of `POST /v1/checkout/cart/{id}/payment` (and a direct order's
 * `payment_method`) as the service takes it: `{ "token" }` alone — its sample
 * client sends nothing else — or `{ "intent_based_capture": true }`; neither
 * needs `payment_provider`. Raw card fields exist upstream on a deprecation
 * path; card data never passes through us, so they are refused by name.
 */
export const PaymentRequestSchema = z
  .object({
    type: maybe(openEnum(PAYMENT_METHOD_TYPES)),
    payment_provider: maybe(openEnum(['STRIPE', 'SANDBOX'])),
    token: maybe(z.string().min(1).max(256)),
    intent_based_capture: maybe(z.boolean()),
    complete_checkout: maybe(z.boolean()),
    customer_id: maybe(z.string().max(256)),
    ip_v4: maybe(z.string().max(64)),
    app_order_id: maybe(z.string().max(64)),
    card_number: noCardData,
    card_cvc: noCardData,
    card_exp_month: noCardData,
    card_exp_year: noCardData,
  })
  .superRefine((p, ctx) => {
    if (!p.token && p.intent_based_capture !== true) {
      ctx.addIssue({ code: 'custom', path: ['token'], message: 'required unless intent_based_capture is true' });
    }
  });
export type PaymentRequest = z.infer<typeof PaymentRequestSchema>;

/** A shipping method of a bag (chosen, or offered for the bag's address). */
export const ShippingMethodSchema = z.object({
  id: maybe(id),
  shipping_method_id: z.string(),
  bag_id: maybe(id),
  merchant_id: maybe(id),
  type: maybe(openEnum(['CALCULATED', 'FLAT_RATE_PRICE', 'FLAT_RATE_WEIGHT', 'CARRIER', 'FREE', 'OTHER'])),
  carrier: maybe(openEnum(['USPS', 'UPS', 'FEDEX', 'DHL', 'ONTRAC', 'OTHER'])),
  label: z.string(),
  price: price,
  /** Our addition: the price in the merchant's own currency (`external_currency` of the bag) when the bag is priced in another. */
  external_price: maybe(price),
  custom: maybe(z.boolean()),
  tracking_number: maybe(z.string()),
  min_subtotal: maybe(money),
  max_subtotal: maybe(money),
  min_weight: maybe(z.number()),
  max_weight: maybe(z.number()),
  external_id: maybe(z.string()),
  ...deliveryWindow,
});
export type ShippingMethod = z.infer<typeof ShippingMethodSchema>;

/** `GET /checkout/cart/{id}/shipping/available`: one entry per bag. */
export const BagShippingOptionsSchema = z.object({
  bag_id: id,
  merchant_id: maybe(id),
  shipping_methods: list(ShippingMethodSchema),
});
export const AvailableShippingSchema = z.array(BagShippingOptionsSchema);
export type BagShippingOptions = z.infer<typeof BagShippingOptionsSchema>;

export const FulfillmentSchema = z.object({
  id: maybe(id),
  bag_id: maybe(id),
  carrier: maybe(z.string()),
  carrier_status: maybe(z.string()),
  raw_carrier: maybe(z.string()),
  external_id: maybe(z.string()),
  status: maybe(z.string()),
  tracking_number: maybe(z.string()),
  tracking_url: maybe(z.string()),
  skus: list(
    z.object({
      fulfillment_id: maybe(id),
      id: maybe(id),
      order_sku_id: maybe(id),
      quantity_fulfilled: maybe(z.int()),
    }),
  ),
});
export type Fulfillment = z.infer<typeof FulfillmentSchema>;

export const OrderSkuSchema = z.object({
  id: id,
  offer_id: maybe(id),
  merchant_id: maybe(id),
  app_id: maybe(id),
  product_id: maybe(z.string()),
  sku_id: id,
  external_id: maybe(z.string()),
  name: maybe(z.string()),
  brand: maybe(z.string()),
  thumbnail: maybe(z.string()),
  quantity: z.int().positive(),
  price: price,
  line_price: maybe(price),
  /** Our addition: `price` and `line_price` in the merchant's own currency (the bag's `external_currency`). */
  external_price: maybe(price),
  external_line_price: maybe(price),
  weight: maybe(z.number()),
  height: maybe(z.number()),
  width: maybe(z.number()),
  length: maybe(z.number()),
  available: maybe(z.boolean()),
  status: maybe(
    openEnum([
      'IN_PROGRESS',
      'PROCESSING',
      'SHIPPED',
      'PARTIALLY_SHIPPED',
      'DELIVERED',
      'COULD_NOT_DELIVER',
      'RETURNED',
      'CANCELED',
      'REFUNDED',
      'ERROR',
      'PARTIALLY_RETURNED',
      'PARTIALLY_REFUNDED',
      'REJECTED',
    ]),
  ),
  product_type: maybe(openEnum(['PHYSICAL', 'DIGITAL', 'VIRTUAL', 'BUNDLED'])),
  custom: maybe(z.boolean()),
  custom_properties: list(z.object({ name: z.string(), value: z.string() })),
  /** Our addition (the catalog SKU's own field): the variant values the shopper chose, e.g. Size M, Colour Blue. */
  variant_values: list(SkuVariantValueSchema),
  quantity_fulfilled: maybe(z.int()),
  order_sku_rates: list(
    z.object({
      order_sku_id: maybe(id),
      amount: maybe(money),
      rate: maybe(z.number()),
      type: maybe(openEnum(['TAX', 'SHIPPING', 'FEE', 'DUTY'])),
      name: maybe(z.string()),
      decimal_rate: maybe(z.number()),
      dollar_amount: maybe(z.number()),
    }),
  ),
});
export type OrderSku = z.infer<typeof OrderSkuSchema>;

export const BagTaxSchema = z.object({
  order_id: maybe(id),
  merchant_id: maybe(id),
  state: maybe(z.string()),
  rate: maybe(z.number()),
  amount: maybe(money),
  description: maybe(z.string()),
});

export const BagDiscountSchema = z.object({
  id: maybe(id),
  bag_id: maybe(id),
  code: maybe(z.string()),
  amount: maybe(money),
  amount_total: maybe(money),
  percentage: maybe(z.number()),
  status: maybe(openEnum(['PENDING', 'APPLIED', 'INVALID', 'NOT_SUPPORTED', 'ERROR', 'EXPIRED'])),
  type: maybe(openEnum(['CODE'])),
  value_type: maybe(openEnum(['AMOUNT', 'PERCENTAGE'])),
  external_id: maybe(z.string()),
  date_created: maybe(datetime),
  date_last_modified: maybe(datetime),
});

/** A payment transaction of a bag (violet-swift `Transaction`). */
export const BagTransactionSchema = z.object({
  id: maybe(id),
  order_id: maybe(id),
  bag_id: maybe(id),
  merchant_id: maybe(id),
  app_id: maybe(id),
  amount: maybe(money),
  currency: maybe(z.string()),
  gateway: maybe(z.string()),
  gateway_transaction_id: maybe(z.string()),
  payment_method_id: maybe(id),
  order_payment_method: maybe(PaymentMethodSchema),
  status: maybe(openEnum(['PROCESSING', 'COMPLETED', 'REFUNDED', 'REQUIRES_ACTION'])),
  type: maybe(openEnum(['AUTHORIZATION', 'CAPTURE', 'VOID', 'REFUND'])),
  error_code: maybe(z.string()),
  test: maybe(z.boolean()),
  date_created: maybe(datetime),
  date_last_modified: maybe(datetime),
});

export const BagSchema = z.object({
  id: id,
  order_id: maybe(id),
  merchant_id: id,
  merchant_name: maybe(z.string()),
  app_id: maybe(id),
  external_id: maybe(z.string()),
  status: maybe(BagStatusSchema),
  /** Submit and direct-order answers carry `bag_status` beside (or instead of) `status`. */
  bag_status: maybe(BagStatusSchema),
  bag_id: maybe(id),
  fulfillment_status: maybe(FulfillmentStatusSchema),
  financial_status: maybe(FinancialStatusSchema),
  skus: list(OrderSkuSchema),
  shipping_method: maybe(ShippingMethodSchema),
  taxes: list(BagTaxSchema),
  sub_total: maybe(money),
  shipping_total: maybe(money),
  tax_total: maybe(money),
  discount_total: maybe(money),
  total: maybe(money),
  taxes_included: maybe(z.boolean()),
  transactions: maybe(z.array(BagTransactionSchema)),
  external_checkout: maybe(z.boolean()),
  commission_rate: maybe(z.number()),
  /** The cart's base currency: every amount above is in it. */
  currency: maybe(currencyCode),
  /** The merchant's own currency, and how many of the base currency one unit of it buys. */
  external_currency: maybe(z.string()),
  currency_exchange_rate: maybe(z.number()),
  /** Our addition: the bag's amounts in `external_currency`, as the merchant's platform prices them. */
  external_sub_total: maybe(money),
  external_shipping_total: maybe(money),
  external_tax_total: maybe(money),
  external_discount_total: maybe(money),
  external_total: maybe(money),
  channel: maybe(z.string()),
  platform: maybe(z.string()),
  fulfillments: list(FulfillmentSchema),
  discounts: list(BagDiscountSchema),
  wallet_based_checkout: maybe(z.boolean()),
  remorse_period_ends: maybe(datetime),
  captureStatus: maybe(z.string()),
  date_created: maybe(datetime),
  date_last_modified: maybe(datetime),
  date_submitted: maybe(datetime),
});
export type Bag = z.infer<typeof BagSchema>;

export const PaymentTransactionSchema = z.object({
  id: maybe(id),
  order_id: maybe(id),
  payment_provider: maybe(z.string()),
  payment_provider_transaction_id: maybe(z.string()),
  amount: maybe(money),
  currency: maybe(z.string()),
  capture_status: maybe(z.string()),
  capture_method: maybe(z.string()),
  transfer_status: maybe(z.string()),
  transfer_method: maybe(z.string()),
  status: maybe(z.string()),
  metadata: maybe(jsonObject),
});

/** A cart and an order are one entity: the same shape before and after submit. */
export const OrderSchema = z.object({
  id: id,
  token: maybe(z.string()),
  errors: list(OrderErrorSchema),
  user_id: maybe(id),
  app_id: maybe(id),
  developer_id: maybe(id),
  app_name: maybe(z.string()),
  customer: maybe(CustomerSchema),
  bags: list(BagSchema),
  shipping_address: maybe(AddressSchema),
  billing_address: maybe(AddressSchema),
  payment_method: maybe(PaymentMethodSchema),
  sub_total: maybe(money),
  shipping_total: maybe(money),
  tax_total: maybe(money),
  discount_total: maybe(money),
  total: maybe(money),
  taxes_included: maybe(z.boolean()),
  base_currency: maybe(currencyCode),
  currency: maybe(currencyCode),
  currency_symbol: maybe(z.string()),
  app_order_id: maybe(z.string()),
  app_customer_id: maybe(z.string()),
  referral_id: maybe(z.string()),
  external_id: maybe(z.string()),
  status: maybe(OrderStatusSchema),
  /** The SDK's name beside `status`; read into `status` when that is absent. */
  order_status: maybe(OrderStatusSchema),
  is_guest: maybe(z.boolean()),
  guest: maybe(z.boolean()),
  priced: maybe(z.boolean()),
  wallet_based_checkout: maybe(z.boolean()),
  intent_based_checkout: maybe(z.boolean()),
  stripe_key: maybe(z.string()),
  payment_intent_client_secret: maybe(z.string()),
  payment_transactions: list(PaymentTransactionSchema),
  channel: maybe(z.string()),
  order_id: maybe(id),
  date_created: maybe(datetime),
  date_last_modified: maybe(datetime),
  date_submitted: maybe(datetime),
}).transform((o) => (o.status == null && o.order_status != null ? { ...o, status: o.order_status } : o));
export type Order = z.infer<typeof OrderSchema>;
export const CartSchema = OrderSchema;
export type Cart = Order;
