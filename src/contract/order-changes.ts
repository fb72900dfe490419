import { z } from 'zod';
import { currencyCode, datetime, id, list, maybe, money, openEnum } from './primitives.js';

/**
 * Changes to a placed order: cancelling it or one bag
 * (`POST /v1/orders/{id}/cancel`, `POST /v1/orders/{id}/bags/{bag_id}/cancel`), and its refunds
 * (`GET /v1/orders/{id}/refunds`, `…/bags/{bag_id}/refunds`). Names as the service documents them
 * (reference/service-shapes.md A.7b; the Order-Service definition's `Refund` and `RefundOrderSku`).
 */
export const CancelRequestSchema = z.object({
  reason: maybe(z.string().max(500)),
  reason_code: maybe(z.string().max(64)),
  /** Put the bag's units back in stock (default true). */
  restock_items: maybe(z.boolean()),
  notify_customer: maybe(z.boolean()),
});
export type CancelRequest = z.infer<typeof CancelRequestSchema>;

export const RefundSkuSchema = z.object({
  id: maybe(id),
  refund_id: id,
  bag_id: maybe(id),
  order_sku_id: id,
  quantity_refunded: maybe(z.int()),
  external_id: maybe(z.string()),
});

export const RefundSchema = z.object({
  id,
  order_id: id,
  bag_id: maybe(id),
  merchant_id: id,
  app_id: id,
  transaction_id: id,
  gateway_transaction_id: z.string(),
  /** Minor units of `refund_currency`. */
  amount: money,
  refund_currency: maybe(currencyCode),
  reason: maybe(z.string()),
  status: maybe(openEnum(['PROCESSING', 'COMPLETED', 'CANCELED', 'PARTIALLY_COMPLETED', 'FAILED', 'EXTERNAL'])),
  skus: list(RefundSkuSchema),
  external_id: maybe(z.string()),
  date_created: maybe(datetime),
  date_last_modified: maybe(datetime),
});
export type Refund = z.infer<typeof RefundSchema>;
