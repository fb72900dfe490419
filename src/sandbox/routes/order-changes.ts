import { CancelRequestSchema, type Refund } from '../../contract/order-changes.js';
import type { Bag, Order } from '../../contract/order.js';
import type { SandboxContext } from '../context.js';
import { fail, notFound, parseId, parseWith } from '../http.js';
import { moveOrder } from '../lifecycle.js';
import type { Route, RouteRequest } from '../router.js';
import { partialRefundsOf, refundableOf } from './after-order.js';

/**
 * A placed order's cancellations and refunds. A bag can be cancelled until it ships: once shipped,
 * delivered or completed the service refuses (a return or refund is the way then), and so it does for a
 * bag already cancelled, refunded or rejected. An order's cancel is all or nothing. Cancelling a bag that
 * was captured (PAID) refunds it; one only authorized is voided and has no refund. The sandbox refunds
 * whole bags, so each refund is one bag's, with the bag's id (docs/sandbox.md); partial refunds made through
 * `/__sandbox/orders/:id/refunds` come first, and a later full refund is of what they left. Once a bag's
 * `remorse_period_ends` has passed, it is refused too.
 */

const SHIPPED = new Set(['SHIPPED', 'FULFILLED', 'PARTIALLY_SHIPPED', 'DELIVERED']);
const DONE = new Set(['CANCELED', 'REFUNDED', 'REJECTED', 'COMPLETED']);

/** Why the bag cannot be cancelled, or undefined when it can. */
function refusal(bag: Bag): string | undefined {
  const status = bag.status ?? 'IN_PROGRESS';
  if (status === 'IN_PROGRESS') return `Bag ${bag.id} was not placed; delete the cart instead`;
  if (DONE.has(status)) return `Bag ${bag.id} is ${status} already`;
  if (SHIPPED.has(bag.fulfillment_status ?? '')) return `Bag ${bag.id} has shipped; it can no longer be cancelled (refund or return it)`;
  if (bag.remorse_period_ends && Date.parse(bag.remorse_period_ends) <= Date.now()) {
    return `Bag ${bag.id}'s remorse period ended at ${bag.remorse_period_ends}; it can no longer be cancelled`;
  }
  return undefined;
}

/** Reasons given when bags were cancelled, for their refunds (kept per bag object, so per sandbox). */
const reasons = new WeakMap<Bag, string>();

function placedOrder({ ctx, params }: RouteRequest): Order {
  const id = parseId(params.order_id, 'order_id');
  const record = ctx.store.orders.get(id);
  if (!record) throw notFound('Order', id, 'order_id');
  if (!record.submitted) throw fail(409, 'conflict', `Order ${id} is a cart that was not placed; delete the cart instead`, { field: 'order_id' });
  return record.order;
}

function bagOf(order: Order, text: string | undefined): Bag {
  const id = parseId(text, 'bag_id');
  const bag = order.bags.find((b) => b.id === id);
  if (!bag) throw notFound('Bag', id, 'bag_id');
  return bag;
}

/** Puts the bag's units back on the shelf, as `restock_items` asks. */
function restock(ctx: SandboxContext, bag: Bag): void {
  for (const line of bag.skus) {
    const hit = ctx.store.skus.get(line.sku_id);
    if (!hit || hit.sku.inventory_tracked === false) continue;
    hit.sku.qty_available = (hit.sku.qty_available ?? 0) + line.quantity;
    hit.sku.in_stock = true;
    hit.sku.status = 'AVAILABLE';
    hit.offer.available = true;
    hit.offer.status = 'AVAILABLE';
  }
}

function cancel(req: RouteRequest, order: Order, bags: Bag[]): { body: Order } {
  const input = parseWith(CancelRequestSchema, req.body ?? {});
  const refused = bags.map(refusal).find(Boolean);
  if (refused) throw fail(409, 'conflict', refused, { field: bags.length === 1 ? 'bag_id' : 'order_id' });
  for (const bag of bags) {
    if (input.reason) reasons.set(bag, input.reason);
    moveOrder(req.ctx, order, 'cancel', bag.id);
    if (input.restock_items !== false) restock(req.ctx, bag);
  }
  return { body: order };
}

function refundsOf(ctx: SandboxContext, order: Order, bags: Bag[]): Refund[] {
  return bags.flatMap((bag): Refund[] => {
    const charge = bag.transactions?.[0];
    const partial = partialRefundsOf(order).filter((r) => r.bag_id === bag.id);
    if (bag.financial_status !== 'REFUNDED' || !charge) return partial;
    return [
      ...partial,
      {
        id: bag.id,
        order_id: order.id,
        bag_id: bag.id,
        merchant_id: bag.merchant_id,
        app_id: order.app_id ?? ctx.creds.appId,
        transaction_id: charge.id!,
        gateway_transaction_id: `re_${charge.gateway_transaction_id ?? charge.id}`,
        // What the partial refunds left (the whole bag when there were none).
        amount: refundableOf(order, bag),
        refund_currency: bag.currency ?? null,
        reason: reasons.get(bag) ?? null,
        status: 'COMPLETED',
        skus: bag.skus.map((s) => ({ id: s.id, refund_id: bag.id, bag_id: bag.id, order_sku_id: s.id, quantity_refunded: s.quantity })),
        date_created: bag.date_last_modified ?? null,
        date_last_modified: bag.date_last_modified ?? null,
      },
    ];
  });
}

export function orderChangeRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: '/v1/orders/:order_id/cancel',
      auth: 'access',
      handler(req) {
        const order = placedOrder(req);
        return cancel(req, order, order.bags);
      },
    },
    {
      method: 'POST',
      path: '/v1/orders/:order_id/bags/:bag_id/cancel',
      auth: 'access',
      handler(req) {
        const order = placedOrder(req);
        return cancel(req, order, [bagOf(order, req.params.bag_id)]);
      },
    },
    {
      method: 'GET',
      path: '/v1/orders/:order_id/refunds',
      auth: 'access',
      handler(req) {
        const order = placedOrder(req);
        return { body: refundsOf(req.ctx, order, order.bags) };
      },
    },
    {
      method: 'GET',
      path: '/v1/orders/:order_id/bags/:bag_id/refunds',
      auth: 'access',
      handler(req) {
        const order = placedOrder(req);
        return { body: refundsOf(req.ctx, order, [bagOf(order, req.params.bag_id)]) };
      },
    },
    {
      method: 'GET',
      path: '/v1/orders/:order_id/refunds/:refund_id',
      auth: 'access',
      handler(req) {
        const order = placedOrder(req);
        const id = parseId(req.params.refund_id, 'refund_id');
        const refund = refundsOf(req.ctx, order, order.bags).find((r) => r.id === id);
        if (!refund) throw notFound('Refund', id, 'refund_id');
        return { body: refund };
      },
    },
  ];
}
