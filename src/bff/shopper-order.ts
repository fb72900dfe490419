/**
 * What shoppers get of a service order or cart, and of a bag event: the contract's shopper
 * allowlist (`src/contract/shopper-order.ts`), every other field dropped — commission, gateway
 * and external ids, platform, app data, and the platform's own words in `errors[]` (those have
 * carried stack traces and internal URLs; issue 15, item 3; issue 25, item 7).
 */
import type { BagEvent } from '../contract/api.js';
import type { Order } from '../contract/order.js';
import { ShopperBagSchema, ShopperOrderSchema, type ShopperOrder } from '../contract/shopper-order.js';

/** The order as a shopper sees it, with the BFF's reading of its totals (`totals_problem`; never taken from upstream). */
export function toShopperOrder(order: Order): ShopperOrder {
  const { totals_problem: _upstream, ...shown } = ShopperOrderSchema.parse(order);
  const problem = totalsProblem(shown);
  return problem ? { ...shown, totals_problem: problem } : shown;
}

/**
 * Why an order's totals cannot be trusted, if they cannot: a bag priced in another currency than the order,
 * or an order `total` that is not the sum of its bags' totals. Amounts of two currencies are never added to check.
 */
export function totalsProblem(order: Pick<ShopperOrder, 'currency' | 'base_currency' | 'total' | 'bags'>): ShopperOrder['totals_problem'] {
  const currency = order.currency ?? order.base_currency;
  if (currency && order.bags.some((b) => b.currency && b.currency !== currency)) return 'currency';
  if (order.total == null || order.bags.some((b) => b.total == null)) return undefined;
  const sum = order.bags.reduce((n, b) => n + (b.total ?? 0), 0);
  return sum === order.total ? undefined : 'total';
}

/** A bag event as it leaves for a browser: the bag it may carry, allowlisted; nothing else of the webhook. */
export function toShopperBagEvent(event: BagEvent): BagEvent {
  const { order_id, bag_id, topic, status, financial_status, fulfillment_status, bag } = event;
  const parsed = bag === undefined ? undefined : ShopperBagSchema.safeParse(bag);
  return { order_id, bag_id, topic, status, financial_status, fulfillment_status, ...(parsed?.success ? { bag: parsed.data } : {}) };
}
