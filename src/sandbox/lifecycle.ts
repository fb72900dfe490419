import type { Bag, Order } from '../contract/order.js';
import type { SandboxContext } from './context.js';
import { nowDate } from './dates.js';

const TERMINAL = new Set(['COMPLETED', 'REJECTED', 'CANCELED', 'REFUNDED']);

export type BagAction = 'advance' | 'cancel' | 'refund' | 'reject';

/** The order's status follows its bags. */
export function deriveOrderStatus(order: Order): void {
  const statuses = order.bags.map((b) => b.status ?? 'IN_PROGRESS');
  if (!order.date_submitted || statuses.length === 0) {
    order.status = 'IN_PROGRESS';
  } else if (!statuses.every((s) => TERMINAL.has(s))) {
    order.status = 'PROCESSING';
  } else if (statuses.every((s) => s === 'CANCELED' || s === 'REJECTED')) {
    order.status = 'CANCELED';
  } else if (statuses.every((s) => s === 'REFUNDED')) {
    order.status = 'REFUNDED';
  } else {
    order.status = 'COMPLETED';
  }
}

/** Fires one bag-level event with the whole order as body. */
export function emitBagEvent(ctx: SandboxContext, order: Order, bag: Bag, topic: string): void {
  ctx.webhooks.emit(topic, order, { orderId: order.id, bagId: bag.id });
}

let tracking = 0;
const FULFILLED_WORDING_MERCHANT = 1004;

/**
 * Moves one bag one step (or applies `action`) and answers the event topic,
 * or undefined when the bag cannot move that way.
 * Bag `status` stays ACCEPTED while shipping: SHIPPED and DELIVERED are
 * fulfillment states, as in the interface's status sets.
 */
export function stepBag(ctx: SandboxContext, bag: Bag, action: BagAction = 'advance'): string | undefined {
  const status = bag.status ?? 'IN_PROGRESS';
  let topic: string | undefined;
  if (action === 'cancel') {
    if (TERMINAL.has(status) || status === 'IN_PROGRESS') return undefined;
    bag.status = 'CANCELED';
    bag.financial_status = bag.financial_status === 'PAID' ? 'REFUNDED' : 'VOIDED';
    for (const s of bag.skus) s.status = 'CANCELED';
    topic = 'ORDER_CANCELED';
  } else if (action === 'refund') {
    // A bag partly refunded before (a sandbox control) can still be refunded in full.
    if ((bag.financial_status !== 'PAID' && bag.financial_status !== 'PARTIALLY_REFUNDED') || status === 'REFUNDED') return undefined;
    bag.status = 'REFUNDED';
    bag.financial_status = 'REFUNDED';
    for (const s of bag.skus) s.status = 'REFUNDED';
    topic = 'ORDER_REFUNDED';
  } else if (action === 'reject') {
    if (status !== 'SUBMITTED') return undefined;
    bag.status = 'REJECTED';
    bag.financial_status = bag.financial_status === 'AUTHORIZED' ? 'VOIDED' : bag.financial_status;
    for (const s of bag.skus) s.status = 'CANCELED';
    topic = 'ORDER_FAILED';
  } else if (status === 'SUBMITTED') {
    bag.status = 'ACCEPTED';
    if (bag.financial_status === 'AUTHORIZED') bag.financial_status = 'PAID';
    bag.fulfillment_status = 'PROCESSING';
    for (const s of bag.skus) s.status = 'PROCESSING';
    topic = 'ORDER_ACCEPTED';
  } else if (status === 'ACCEPTED' && (bag.fulfillment_status ?? 'PROCESSING') === 'PROCESSING') {
    const number = `SBX${String(bag.id).padStart(8, '0')}${++tracking}`;
    // Some platforms report a shipped bag as FULFILLED (violet-swift `Bag.FulfillmentStatus`); merchant 1004's does.
    bag.fulfillment_status = bag.merchant_id === FULFILLED_WORDING_MERCHANT ? 'FULFILLED' : 'SHIPPED';
    const fulfillmentId = ctx.store.nextId('fulfillment');
    bag.fulfillments.push({
      id: fulfillmentId,
      bag_id: bag.id,
      carrier: bag.shipping_method?.carrier ?? 'USPS',
      carrier_status: 'IN_TRANSIT',
      raw_carrier: bag.shipping_method?.carrier ?? 'USPS',
      external_id: `ful_${fulfillmentId}`,
      status: 'SHIPPED',
      tracking_number: number,
      tracking_url: `${ctx.baseUrl}/tracking/${number}`,
      skus: bag.skus.map((s) => ({ fulfillment_id: fulfillmentId, id: s.id, order_sku_id: s.id, quantity_fulfilled: s.quantity })),
    });
    for (const s of bag.skus) {
      s.status = 'SHIPPED';
      s.quantity_fulfilled = s.quantity;
    }
    topic = 'ORDER_SHIPPED';
  } else if (status === 'ACCEPTED' && (bag.fulfillment_status === 'SHIPPED' || bag.fulfillment_status === 'FULFILLED')) {
    bag.fulfillment_status = 'DELIVERED';
    for (const f of bag.fulfillments) {
      f.status = 'DELIVERED';
      f.carrier_status = 'DELIVERED';
    }
    for (const s of bag.skus) s.status = 'DELIVERED';
    topic = 'ORDER_DELIVERED';
  } else if (status === 'ACCEPTED' && bag.fulfillment_status === 'DELIVERED') {
    bag.status = 'COMPLETED';
    // ORDER_COMPLETED upstream means "placed" (fired at submit); a bag finishing later is an update.
    topic = 'ORDER_UPDATED';
  } else {
    return undefined;
  }
  bag.date_last_modified = nowDate();
  return topic;
}

/** Applies `action` to the chosen bags (all when `bagId` is absent), firing one event per changed bag. */
export function moveOrder(ctx: SandboxContext, order: Order, action: BagAction, bagId?: number): { bag_id: number; topic: string }[] {
  const moved: { bag_id: number; topic: string }[] = [];
  for (const bag of order.bags) {
    if (bagId !== undefined && bag.id !== bagId) continue;
    const topic = stepBag(ctx, bag, action);
    if (topic) moved.push({ bag_id: bag.id, topic });
  }
  if (moved.length) {
    order.date_last_modified = nowDate();
    deriveOrderStatus(order);
    for (const m of moved) emitBagEvent(ctx, order, order.bags.find((b) => b.id === m.bag_id)!, m.topic);
  }
  return moved;
}
