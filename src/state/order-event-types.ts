/**
 * What `ToteApi.orderEvents` hands its caller: the handlers for an order's live events and the stream
 * to close. Their own module so that the client (src/state/api-client.ts) and the module it loads
 * later (order-events.ts) both import them without importing each other.
 */
import type { ShopperOrder as Order } from '../contract/shopper-order.js';
import type { BagEvent } from '../contract/api.js';

export interface OrderEventHandlers {
  /** The full order, sent on every (re)connect. */
  onOrder?(order: Order): void;
  onBag?(event: BagEvent): void;
  /** Called on every drop; the stream reconnects by itself until `close()`. */
  onError?(attempt: number): void;
  onOpen?(): void;
}

export interface EventStream {
  close(): void;
}
