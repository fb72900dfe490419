/**
 * A shopper's changes after placement (issue 28): cancel the order or one bag while the service's
 * remorse window (`remorse_period_ends`) is open, and read the order's refunds. Both behind the
 * order's `Tote-Access` handle; a cancel also takes an `Idempotency-Key`, so pressing twice or
 * retrying after a dropped answer cancels once and answers the same.
 */
import { createHash } from 'node:crypto';
import { ShopperCancelRequestSchema, type ShopperRefund } from '../contract/after-order.js';
import { cancelState, remorseEnds } from '../contract/cancel-window.js';
import { ServiceError } from '../contract/client.js';
import type { Refund } from '../contract/order-changes.js';
import type { Bag } from '../contract/order.js';
import { ApiHttpError, json } from './errors.js';
import { readIdempotencyKey } from './idempotency.js';
import type { BffParts, RouteContext } from './context.js';
import { toShopperOrder } from './shopper-order.js';
import { parseId, parseWith } from './validation.js';

/** Bag states a cancel has nothing left to do for. */
const OVER = new Set(['CANCELED', 'REFUNDED', 'REJECTED', 'COMPLETED']);
const KEY_TTL_MS = 24 * 60 * 60_000;
const WAIT_MS = 10_000;

/** Why the shopper may not cancel this bag (in Tote's words), or undefined. */
export function cancelRefusal(bag: Bag, now: number): { code: 'cancel_window_closed' | 'not_cancelable'; message: string } | undefined {
  const state = cancelState(bag, now);
  if (state === 'open') return undefined;
  if (state === 'shipped') return { code: 'not_cancelable', message: `Bag ${bag.id} has shipped; it can no longer be cancelled` };
  if (state === 'over') return { code: 'not_cancelable', message: `Bag ${bag.id} can no longer be cancelled` };
  const ends = remorseEnds(bag);
  return { code: 'cancel_window_closed', message: `The time to cancel ended${Number.isNaN(ends) ? '' : ` at ${new Date(ends).toISOString()}`}` };
}

/** A refund as the order page shows it (allowlisted: no reason text, no gateway ids). */
export const toShopperRefund = (r: Refund): ShopperRefund => ({
  id: r.id,
  bag_id: r.bag_id ?? null,
  amount: r.amount,
  currency: r.refund_currency ?? null,
  status: r.status ?? null,
  date_created: r.date_created ?? null,
  items: r.skus.map((s) => ({ order_sku_id: s.order_sku_id, quantity: s.quantity_refunded ?? null })),
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createOrderChanges(parts: BffParts, owned: (ctx: RouteContext) => number) {
  const { client, stores } = parts;
  const store = stores.idempotency;

  /** Cancels what is still open of `targets`, refusing the whole request if any of them may not be cancelled. */
  async function cancel(orderId: number, bagId: number | undefined, reason: string | undefined) {
    const order = await client.getOrder(orderId);
    const bags = bagId === undefined ? order.bags : order.bags.filter((b) => b.id === bagId);
    if (!bags.length) throw new ApiHttpError(404, 'not_found', 'No such bag in this order');
    const open = bags.filter((b) => !OVER.has(b.status ?? ''));
    if (!open.length) {
      // Cancelled already (a second press with a new key): nothing to send, the order as it is.
      if (bags.some((b) => b.status === 'CANCELED') && bags.every((b) => b.status === 'CANCELED' || b.status === 'REJECTED')) return order;
      throw new ApiHttpError(409, 'not_cancelable', 'Nothing in this order can be cancelled any more');
    }
    const refused = open.map((b) => cancelRefusal(b, Date.now())).find(Boolean);
    if (refused) throw new ApiHttpError(409, refused.code, refused.message);
    const body = { ...(reason ? { reason } : {}), reason_code: 'CUSTOMER_REQUEST', restock_items: true, notify_customer: true };
    try {
      if (bagId !== undefined || open.length === order.bags.length) {
        return bagId !== undefined ? await client.cancelBag(orderId, bagId, body) : await client.cancelOrder(orderId, body);
      }
      // Some bags are over already (one was cancelled before): the rest, one by one.
      let latest = order;
      for (const bag of open) latest = await client.cancelBag(orderId, bag.id, body);
      return latest;
    } catch (err) {
      // The service refused (it shipped meanwhile, the window closed): its words stay upstream.
      if (err instanceof ServiceError && err.status === 409) throw new ApiHttpError(409, 'not_cancelable', 'The service refused to cancel; reload the order');
      throw err;
    }
  }

  /** One cancel per key: a repeat answers the first answer; the same key for another request is refused. */
  async function once(key: string, fingerprint: string, work: () => Promise<{ status: number; body: unknown }>) {
    const slot = `cancel:${key}`;
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const at = Date.now();
      const claim = await store.claim(slot, { state: 'pending', fingerprint, leaseUntil: at + WAIT_MS, since: at }, KEY_TTL_MS);
      if (claim.claimed) {
        try {
          const answer = await work();
          await store.set(slot, { state: 'done', fingerprint, ...answer }, KEY_TTL_MS);
          return answer;
        } catch (err) {
          await store.delete(slot);
          throw err;
        }
      }
      if (claim.current.fingerprint !== fingerprint) {
        throw new ApiHttpError(422, 'idempotency_conflict', 'This Idempotency-Key was used with a different request');
      }
      if (claim.current.state === 'done') return { status: claim.current.status, body: claim.current.body };
      if (Date.now() > deadline) {
        throw new ApiHttpError(409, 'idempotency_in_progress', 'The first request with this Idempotency-Key is still running', { retry_after: 1 }, { 'retry-after': '1' });
      }
      await sleep(100);
    }
  }

  return {
    cancel: async (ctx: RouteContext) => {
      const orderId = owned(ctx);
      const bagId = ctx.params.bag_id === undefined ? undefined : parseId(ctx.params.bag_id, 'bag_id');
      const key = readIdempotencyKey(ctx.request);
      const input = parseWith(ShopperCancelRequestSchema, (await parts.body(ctx.request)) ?? {});
      const fingerprint = createHash('sha256').update(JSON.stringify(['cancel', orderId, bagId ?? null, input.reason ?? ''])).digest('base64url');
      const answer = await once(key, fingerprint, async () => ({ status: 200, body: { order: toShopperOrder(await cancel(orderId, bagId, input.reason)) } }));
      return json(answer.status, answer.body);
    },
    refunds: async (ctx: RouteContext) => {
      const refunds = await client.listRefunds(owned(ctx));
      return json(200, { refunds: refunds.map(toShopperRefund) });
    },
  };
}
