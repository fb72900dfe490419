/**
 * What a shopper reads about a bag and an order: one state in plain words, from the service's three bag
 * statuses (status, financial, fulfillment). The service's own words ("Submitted", "Authorized", "Voided")
 * are processor vocabulary and never reach a shopper (docs/contract.md, "Shopper states").
 */
import { bagStatus, shownFulfillmentStatus } from '../contract/statuses.js';

export type ShopperState = 'received' | 'confirmed' | 'shipped' | 'partlyShipped' | 'delivered' | 'cancelled' | 'refunded' | 'partlyRefunded';

interface BagStatuses {
  status?: string | null;
  bag_status?: string | null;
  financial_status?: string | null;
  fulfillment_status?: string | null;
}

/** Most advanced first: the first that holds is the bag's state. */
export function shopperBagState(bag: BagStatuses): ShopperState {
  const status = bagStatus(bag) ?? '';
  const money = bag.financial_status ?? '';
  const delivery = shownFulfillmentStatus(bag.fulfillment_status) ?? '';
  if (status === 'REFUNDED' || money === 'REFUNDED') return 'refunded';
  // A rejected bag was never charged (its authorization is voided): to the shopper it is cancelled.
  if (status === 'CANCELED' || status === 'REJECTED' || money === 'VOIDED') return 'cancelled';
  if (status === 'PARTIALLY_REFUNDED' || money === 'PARTIALLY_REFUNDED') return 'partlyRefunded';
  if (delivery === 'DELIVERED' || status === 'COMPLETED') return 'delivered';
  if (delivery === 'SHIPPED') return 'shipped';
  if (delivery === 'PARTIALLY_SHIPPED') return 'partlyShipped';
  if (status === 'ACCEPTED' || status === 'BACKORDERED') return 'confirmed';
  return 'received';
}

/** How far along a state is, for the order's own state: the bag furthest behind. */
const ORDER: readonly ShopperState[] = ['received', 'confirmed', 'partlyShipped', 'shipped', 'delivered', 'partlyRefunded', 'refunded', 'cancelled'];

/** The order's state: cancelled or refunded when the service says so of the whole order, else its slowest live bag's. */
export function shopperOrderState(order: { status?: string | null; bags: readonly BagStatuses[] }): ShopperState {
  if (order.status === 'CANCELED') return 'cancelled';
  if (order.status === 'REFUNDED') return 'refunded';
  const states = order.bags.map(shopperBagState);
  const live = states.filter((s) => s !== 'cancelled' && s !== 'refunded');
  const pool = live.length ? live : states;
  return pool.reduce<ShopperState>((a, b) => (ORDER.indexOf(b) < ORDER.indexOf(a) ? b : a), pool[0] ?? 'received');
}
