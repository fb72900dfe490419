/**
 * What shoppers get of a service order or cart: all the widget shows, but the platform's error
 * records keep only their kind and what they point at, never the platform's own words (those have
 * carried stack traces and internal URLs; issue 15, item 3).
 */
import type { Order } from '../contract/order.js';

export function toShopperOrder(order: Order): Order {
  return { ...order, errors: order.errors.map(({ message: _platformText, ...kept }) => kept) };
}
