import { z } from 'zod';
import { id, json, list, maybe, openEnum } from './primitives.js';

/**
 * One SKU named in an error. The interface spells its ids in camelCase
 * (`skuId`, `orderSkuId`, `bagId`), request errors of the real service in
 * snake_case (`sku_id`): both are accepted and normalised to snake_case.
 */
export const ErrorSkuSchema = z
  .object({
    message: maybe(z.string()),
    name: maybe(z.string()),
    sku_id: maybe(id),
    skuId: maybe(id),
    order_sku_id: maybe(id),
    orderSkuId: maybe(id),
    bag_id: maybe(id),
    bagId: maybe(id),
  })
  .transform(({ message, name, sku_id, skuId, order_sku_id, orderSkuId, bag_id, bagId }) => ({
    message: message ?? undefined,
    name: name ?? undefined,
    sku_id: sku_id ?? skuId ?? undefined,
    order_sku_id: order_sku_id ?? orderSkuId ?? undefined,
    bag_id: bag_id ?? bagId ?? undefined,
  }));
export type ErrorSku = z.infer<typeof ErrorSkuSchema>;

/** The interface's Error object; also the body of request-level 4xx answers. */
export const ServiceErrorSchema = z.object({
  message: maybe(z.string()),
  error: maybe(z.string()),
  code: maybe(z.int()),
  data: maybe(
    z.object({
      cause: maybe(z.string()),
      skus: list(ErrorSkuSchema),
    }),
  ),
  id: json.optional(),
  ids: list(json),
});
export type ServiceErrorBody = z.infer<typeof ServiceErrorSchema>;

/** Authentication failures: `{ status, message, error_code, timestamp }` (401, error_code 11 = expired). */
export const AuthErrorSchema = z.object({
  status: maybe(z.int()),
  message: maybe(z.string()),
  error_code: maybe(z.int()),
  timestamp: maybe(z.number()),
});
export type AuthErrorBody = z.infer<typeof AuthErrorSchema>;

/** A bag-level error inside a cart or order that answered 200 (`errors[]`). */
export const OrderErrorSchema = z.object({
  id: maybe(id),
  order_id: maybe(id),
  bag_id: maybe(id),
  entity_id: maybe(z.union([id, z.string()])),
  entity_type: maybe(openEnum(['ORDER', 'BAG', 'SKU'])),
  type: maybe(
    openEnum([
      'EXTERNAL_CREATE_CART',
      'EXTERNAL_ADD_ITEM',
      'EXTERNAL_UPDATE_ITEM',
      'EXTERNAL_REMOVE_ITEM',
      'EXTERNAL_ADD_CUSTOMER',
      'EXTERNAL_ADD_ADDRESSES',
      'EXTERNAL_ADD_SHIPPING_ADDRESS',
      'EXTERNAL_ADD_BILLING_ADDRESS',
      'EXTERNAL_GET_SHIPPING_METHODS',
      'EXTERNAL_SET_SHIPPING_METHOD',
      'EXTERNAL_SET_PAYMENT_METHOD',
      'EXTERNAL_PRICE_CART',
      'EXTERNAL_SUBMIT_CART',
      'INTERNAL_ADD_ITEM',
      'EXTERNAL_DELETE_CART',
    ]),
  ),
  message: maybe(z.string()),
  date_created: maybe(z.string()),
  platform: maybe(z.string()),
  self_resolving: maybe(z.boolean()),
  retry_attempts: maybe(z.int()),
});
export type OrderError = z.infer<typeof OrderErrorSchema>;
