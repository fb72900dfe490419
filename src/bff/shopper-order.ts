/**
 * What shoppers get of a service order or cart, and of a bag event: the contract's shopper
 * allowlist (`src/contract/shopper-order.ts`), every other field dropped — commission, gateway
 * and external ids, platform, app data, and the platform's own words in `errors[]` (those have
 * carried stack traces and internal URLs; issue 15, item 3; issue 25, item 7).
 */
import type { BagEvent } from '../contract/api.js';
import type { Order } from '../contract/order.js';
import { ShopperBagSchema, ShopperOrderSchema, type ShopperOrder } from '../contract/shopper-order.js';

export const toShopperOrder = (order: Order): ShopperOrder => ShopperOrderSchema.parse(order);

/** A bag event as it leaves for a browser: the bag it may carry, allowlisted; nothing else of the webhook. */
export function toShopperBagEvent(event: BagEvent): BagEvent {
  const { order_id, bag_id, topic, status, financial_status, fulfillment_status, bag } = event;
  const parsed = bag === undefined ? undefined : ShopperBagSchema.safeParse(bag);
  return { order_id, bag_id, topic, status, financial_status, fulfillment_status, ...(parsed?.success ? { bag: parsed.data } : {}) };
}
