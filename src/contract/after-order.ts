import { z } from 'zod';
import { currencyCode, datetime, id, maybe, money, positiveId } from './primitives.js';

/**
 * The BFF's routes after placement (issue 28, docs/bff.md "After the order"): a shopper finds an order
 * again, cancels it or one bag, and reads its refunds; the operator's desk searches and cancels.
 */

/** `POST /api/orders/lookup`: the order number shown on the confirmation and the email it was placed with. */
export const OrderLookupRequestSchema = z
  .object({
    order_id: positiveId,
    email: z.string().trim().max(254).pipe(z.email()),
  })
  .strict();
export type OrderLookupRequest = z.infer<typeof OrderLookupRequestSchema>;

/** The answer of a lookup that matched: the same access handle the confirmation gave. */
export const OrderLookupResponseSchema = z.object({ order_id: id, access: z.string() });
export type OrderLookupResponse = z.infer<typeof OrderLookupResponseSchema>;

/** `POST /api/orders/:id/cancel` and `…/bags/:bag_id/cancel` (with `Tote-Access` and `Idempotency-Key`). */
export const ShopperCancelRequestSchema = z
  .object({
    /** The shopper's own words, passed to the service as the cancel's reason. */
    reason: z.string().trim().max(500).optional(),
  })
  .strict();
export type ShopperCancelRequest = z.infer<typeof ShopperCancelRequestSchema>;

/**
 * One refund as the order page shows it: amount, currency and which lines, never the merchant's own
 * `reason` text or gateway ids (upstream text does not reach shoppers).
 */
export const ShopperRefundSchema = z.object({
  id,
  bag_id: maybe(id),
  /** Minor units of `currency`. */
  amount: money,
  currency: maybe(currencyCode),
  status: maybe(z.string()),
  date_created: maybe(datetime),
  items: z.array(z.object({ order_sku_id: id, quantity: maybe(z.int()) })),
});
export type ShopperRefund = z.infer<typeof ShopperRefundSchema>;

/** `GET /api/orders/:id/refunds` */
export const ShopperRefundsResponseSchema = z.object({ refunds: z.array(ShopperRefundSchema) });
export type ShopperRefundsResponse = z.infer<typeof ShopperRefundsResponseSchema>;

/** `POST /api/operator/orders/:id/bags/:bag_id/cancel`: the desk says why, and whether to restock and tell the shopper. */
export const OperatorCancelRequestSchema = z
  .object({
    reason: z.string().trim().min(1).max(500),
    reason_code: z.string().max(64).optional(),
    restock_items: z.boolean().default(true),
    notify_customer: z.boolean().default(true),
  })
  .strict();
export type OperatorCancelRequest = z.infer<typeof OperatorCancelRequestSchema>;

/** Why a bag needs the desk's attention: rejected, an order error names it, or still SUBMITTED long after placing. */
export const ATTENTION_REASONS = ['rejected', 'failed', 'stuck'] as const;

/** One order as the operator's desk shows it: states, amounts and tracking; no names, emails or addresses, no platform text. */
export const DeskOrderSchema = z.object({
  id,
  app_order_id: maybe(z.string()),
  status: maybe(z.string()),
  date_submitted: maybe(datetime),
  date_last_modified: maybe(datetime),
  needs_attention: z.boolean(),
  bags: z.array(
    z.object({
      id,
      merchant_id: id,
      merchant_name: maybe(z.string()),
      status: maybe(z.string()),
      financial_status: maybe(z.string()),
      fulfillment_status: maybe(z.string()),
      total: maybe(money),
      currency: maybe(currencyCode),
      remorse_period_ends: maybe(datetime),
      date_submitted: maybe(datetime),
      date_last_modified: maybe(datetime),
      items: z.array(z.object({ order_sku_id: id, name: maybe(z.string()), quantity: z.int(), status: maybe(z.string()) })),
      tracking: z.array(z.object({ carrier: maybe(z.string()), tracking_number: maybe(z.string()), status: maybe(z.string()) })),
      attention: maybe(z.enum(ATTENTION_REASONS)),
      errors: z.array(z.object({ type: maybe(z.string()) })),
    }),
  ),
});
export type DeskOrder = z.infer<typeof DeskOrderSchema>;

/** A state value as the service spells it (`ACCEPTED`, `PARTIALLY_SHIPPED`): anything else is not kept. */
export const BagStateNameSchema = z.string().regex(/^[A-Z][A-Z_]{0,39}$/);

/**
 * One webhook event the BFF received for a bag, as it recorded it: the topic, the states the signed body
 * carried, when the BFF received it (its own clock) and the service's event id. Nothing else of the body.
 */
export const BagHistoryEntrySchema = z.object({
  event_id: z.string().regex(/^[\x21-\x7e]{1,128}$/),
  topic: z.string().regex(/^[A-Z_]{1,64}$/),
  status: maybe(BagStateNameSchema),
  financial_status: maybe(BagStateNameSchema),
  fulfillment_status: maybe(BagStateNameSchema),
  received_at: datetime,
});
export type BagHistoryEntry = z.infer<typeof BagHistoryEntrySchema>;

/** `GET /api/operator/orders/:id/history`: per bag the BFF heard of, what it received, newest first. */
export const DeskHistoryResponseSchema = z.object({
  order_id: id,
  bags: z.array(z.object({ bag_id: id, history: z.array(BagHistoryEntrySchema) })),
});
export type DeskHistoryResponse = z.infer<typeof DeskHistoryResponseSchema>;
