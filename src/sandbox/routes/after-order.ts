import { z } from 'zod';
import type { Refund } from '../../contract/order-changes.js';
import type { Bag, Order } from '../../contract/order.js';
import type { SandboxContext } from '../context.js';
import { nowDate, serviceDate } from '../dates.js';
import { fail, notFound, parseId, parseWith } from '../http.js';
import { deriveOrderStatus, emitBagEvent, moveOrder } from '../lifecycle.js';
import type { Route } from '../router.js';

/**
 * After placement, the sandbox's controls (issue 28): refunds made "by the merchant" (partial or full,
 * firing `ORDER_REFUNDED` like the service does when a bag is refunded) and the remorse window
 * (`remorse_period_ends`, set on every bag at submit; moved here to test a closed window).
 */

/** How long a shopper may change their mind after placing, in the sandbox (the service sets it per app). */
export const REMORSE_WINDOW_MS = 30 * 60_000;

/** When the remorse window of a bag placed `now` closes. */
export const remorseEnds = (now = Date.now()) => serviceDate(now + REMORSE_WINDOW_MS);

/** Partial refunds made through the controls, per order object (so per sandbox). */
const partials = new WeakMap<Order, Refund[]>();

export const partialRefundsOf = (order: Order): Refund[] => partials.get(order) ?? [];

/** What is still refundable of a bag: its total less the partial refunds already made. */
export const refundableOf = (order: Order, bag: Bag) =>
  (bag.total ?? 0) - partialRefundsOf(order).filter((r) => r.bag_id === bag.id).reduce((sum, r) => sum + r.amount, 0);

const RefundControlSchema = z
  .object({
    bag_id: z.int().positive(),
    /** Minor units; absent: the whole remainder of the bag (a full refund, the bag becomes REFUNDED). */
    amount: z.int().positive().optional(),
    skus: z.array(z.object({ order_sku_id: z.int().positive(), quantity: z.int().positive().max(1000) }).strict()).max(100).optional(),
    reason: z.string().max(500).optional(),
  })
  .strict();

const RemorseSchema = z.object({ ends: z.iso.datetime({ offset: true }).nullable(), bag_id: z.int().positive().optional() }).strict();

function placed(ctx: SandboxContext, text: string | undefined): Order {
  const id = parseId(text, 'order_id');
  const record = ctx.store.orders.get(id);
  if (!record) throw notFound('Order', id, 'order_id');
  if (!record.submitted) throw fail(409, 'conflict', `Order ${id} is a cart that was not submitted`, { field: 'order_id' });
  return record.order;
}

function partialRefund(ctx: SandboxContext, order: Order, bag: Bag, input: z.infer<typeof RefundControlSchema>): Refund {
  const charge = bag.transactions?.[0];
  if (!charge || (bag.financial_status !== 'PAID' && bag.financial_status !== 'PARTIALLY_REFUNDED')) {
    throw fail(409, 'conflict', `Bag ${bag.id} was not captured (${bag.financial_status ?? 'UNPAID'}); nothing to refund`, { field: 'bag_id' });
  }
  const left = refundableOf(order, bag);
  if (input.amount! > left) throw fail(400, 'invalid_request', `Refund ${input.amount} is more than the ${left} left on bag ${bag.id}`, { field: 'amount' });
  for (const s of input.skus ?? []) {
    if (!bag.skus.some((line) => line.id === s.order_sku_id)) throw notFound('Order SKU', s.order_sku_id, 'order_sku_id');
  }
  const id = ctx.store.nextId('refund');
  const now = nowDate();
  return {
    id,
    order_id: order.id,
    bag_id: bag.id,
    merchant_id: bag.merchant_id,
    app_id: order.app_id ?? ctx.creds.appId,
    transaction_id: charge.id!,
    gateway_transaction_id: `re_${charge.gateway_transaction_id ?? charge.id}_${id}`,
    amount: input.amount!,
    refund_currency: bag.currency ?? null,
    reason: input.reason ?? null,
    status: 'COMPLETED',
    skus: (input.skus ?? []).map((s) => ({ id: ctx.store.nextId('refundSku'), refund_id: id, bag_id: bag.id, order_sku_id: s.order_sku_id, quantity_refunded: s.quantity })),
    date_created: now,
    date_last_modified: now,
  };
}

export function afterOrderControlRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: '/__sandbox/orders/:order_id/refunds',
      auth: 'access',
      handler({ ctx, params, body }) {
        const order = placed(ctx, params.order_id);
        const input = parseWith(RefundControlSchema, body ?? null);
        const bag = order.bags.find((b) => b.id === input.bag_id);
        if (!bag) throw notFound('Bag', input.bag_id, 'bag_id');
        if (input.amount === undefined || input.amount === refundableOf(order, bag)) {
          const moved = moveOrder(ctx, order, 'refund', bag.id);
          if (!moved.length) throw fail(409, 'conflict', `Bag ${bag.id} cannot be refunded (${bag.status}, ${bag.financial_status})`, { field: 'bag_id' });
          return { status: 201, body: { order, refund: 'full' } };
        }
        const refund = partialRefund(ctx, order, bag, input);
        partials.set(order, [...partialRefundsOf(order), refund]);
        bag.financial_status = 'PARTIALLY_REFUNDED';
        bag.date_last_modified = order.date_last_modified = refund.date_created!;
        deriveOrderStatus(order);
        emitBagEvent(ctx, order, bag, 'ORDER_REFUNDED');
        return { status: 201, body: { order, refund } };
      },
    },
    {
      method: 'POST',
      path: '/__sandbox/orders/:order_id/remorse',
      auth: 'access',
      handler({ ctx, params, body }) {
        const order = placed(ctx, params.order_id);
        const { ends, bag_id } = parseWith(RemorseSchema, body ?? null);
        const bags = order.bags.filter((b) => bag_id === undefined || b.id === bag_id);
        if (!bags.length) throw notFound('Bag', bag_id!, 'bag_id');
        for (const bag of bags) bag.remorse_period_ends = ends === null ? null : serviceDate(Date.parse(ends));
        return { body: order };
      },
    },
  ];
}
