/**
 * The operator's order desk (issue 28): find orders by number, `app_order_id` or the shopper's
 * email, the ones that need attention first, each bag's history of the webhook events this BFF received,
 * and cancel a bag with a reason; read the service's webhook event log
 * (failed deliveries first) and ask it to redeliver one. Registered by
 * `addOperatorRoutes` behind the operator token only; a shopper's access handle opens nothing here.
 *
 * Answers name no shopper (no names, emails or addresses: the desk finds by email, it does not
 * show one) and carry no platform text: an error keeps its kind and bag.
 */
import { OperatorCancelRequestSchema, type ATTENTION_REASONS, type DeskHistoryResponse, type DeskOrder } from '../contract/after-order.js';
import { ServiceError } from '../contract/client.js';
import type { Bag, Order } from '../contract/order.js';
import type { DeskEvent, WebhookEvent } from '../contract/webhook-events.js';
import { ApiHttpError, json } from './errors.js';
import type { BffParts, RouteHandler } from './context.js';
import type { Router } from './router.js';
import { parseId, parseWith } from './validation.js';

/** A bag still SUBMITTED this long after placing is stuck: the merchant's platform never answered. */
export const STUCK_AFTER_MS = 15 * 60_000;

export type AttentionReason = (typeof ATTENTION_REASONS)[number];

/** Why a bag needs the desk's attention, if it does. */
export function bagAttention(order: Order, bag: Bag, now: number): AttentionReason | undefined {
  if (bag.status === 'REJECTED') return 'rejected';
  if (order.errors.some((e) => e.bag_id === bag.id)) return 'failed';
  const since = Date.parse(bag.date_submitted ?? order.date_submitted ?? '');
  if (bag.status === 'SUBMITTED' && now - since >= STUCK_AFTER_MS) return 'stuck';
  return undefined;
}

/** An order as the desk shows it: states, amounts and tracking, no personal data, no platform text. */
export function deskOrder(order: Order, now = Date.now()): DeskOrder {
  const bags = order.bags.map((bag) => ({
    id: bag.id,
    merchant_id: bag.merchant_id,
    merchant_name: bag.merchant_name ?? null,
    status: bag.status ?? null,
    financial_status: bag.financial_status ?? null,
    fulfillment_status: bag.fulfillment_status ?? null,
    total: bag.total ?? null,
    currency: bag.currency ?? null,
    remorse_period_ends: bag.remorse_period_ends ?? null,
    date_submitted: bag.date_submitted ?? null,
    date_last_modified: bag.date_last_modified ?? null,
    items: bag.skus.map((s) => ({ order_sku_id: s.id, name: s.name ?? null, quantity: s.quantity, status: s.status ?? null })),
    tracking: bag.fulfillments.map((f) => ({ carrier: f.carrier ?? null, tracking_number: f.tracking_number ?? null, status: f.status ?? null })),
    attention: bagAttention(order, bag, now) ?? null,
    errors: order.errors.filter((e) => e.bag_id === bag.id).map((e) => ({ type: e.type ?? null })),
  }));
  return {
    id: order.id,
    app_order_id: order.app_order_id ?? null,
    status: order.status ?? null,
    date_submitted: order.date_submitted ?? null,
    date_last_modified: order.date_last_modified ?? null,
    needs_attention: bags.some((b) => b.attention !== null),
    bags,
  };
}

/** An event of the service's log as the desk shows it: never the receiver's `response` text. */
export const deskEvent = (e: WebhookEvent): DeskEvent => ({
  id: e.id,
  webhook_id: e.webhook_id,
  event_type: e.event_type ?? null,
  entity_id: e.entity_id ?? null,
  status: e.status,
  status_code: e.status_code ?? null,
  attempts: e.attempts ?? null,
  date_created: e.date_created ?? null,
  date_last_modified: e.date_last_modified ?? null,
  date_next_attempt: e.date_next_attempt ?? null,
});

const sameEmail = (order: Order, email: string) =>
  [order.customer?.email, order.shipping_address?.email].some((e) => e?.trim().toLowerCase() === email);

/** Attention first, then newest first. */
const deskList = (orders: Order[]) =>
  orders
    .filter((o) => o.date_submitted)
    .map((o) => deskOrder(o))
    .sort((a, b) => Number(b.needs_attention) - Number(a.needs_attention) || b.id - a.id);

export function addOperatorOrderRoutes(router: Router<RouteHandler>, parts: BffParts, authorized: (h: RouteHandler) => RouteHandler) {
  const { client } = parts;

  /** What `q` finds: an order number, an email (among the service's latest orders), or an `app_order_id`. */
  async function find(q: string): Promise<Order[]> {
    if (/^\d{1,15}$/.test(q)) {
      try {
        return [await client.getOrder(Number(q))];
      } catch (err) {
        if (err instanceof ServiceError && err.status === 404) return [];
        throw err;
      }
    }
    // The service's search takes no email (violet-swift `SearchRequest`): its latest orders are filtered here.
    if (q.includes('@')) return (await client.searchOrders({})).filter((o) => sameEmail(o, q.toLowerCase()));
    return (await client.searchOrders({ app_order_id: q })).filter((o) => o.app_order_id === q);
  }

  router.add('GET', '/operator/orders', authorized(async ({ url }) => {
    const q = (url.searchParams.get('q') ?? '').trim();
    if (q.length > 254) throw new ApiHttpError(400, 'bad_request', 'q: at most 254 characters');
    const orders = q ? await find(q) : await client.searchOrders({});
    return json(200, { orders: deskList(orders) });
  }));

  router.add('GET', '/operator/orders/:id/history', authorized(async ({ params }) => {
    const id = parseId(params.id, 'id');
    // What this BFF received, from its own ledger: no upstream call, so it answers while the service is away too.
    return json(200, { order_id: id, bags: await parts.stores.webhookLedger.orderHistory(id) } satisfies DeskHistoryResponse);
  }));

  router.add('POST', '/operator/orders/:id/bags/:bag_id/cancel', authorized(async ({ request, params }) => {
    const id = parseId(params.id, 'id');
    const bagId = parseId(params.bag_id, 'bag_id');
    const input = parseWith(OperatorCancelRequestSchema, await parts.body(request));
    try {
      return json(200, { order: deskOrder(await client.cancelBag(id, bagId, input)) });
    } catch (err) {
      // The service says why (shipped, window closed); the desk gets Tote's words and the order as it is.
      if (err instanceof ServiceError && err.status === 409) {
        throw new ApiHttpError(409, 'not_cancelable', 'The service refused to cancel this bag (shipped, already over, or past its remorse window)');
      }
      throw err;
    }
  }));

  router.add('GET', '/operator/webhooks', authorized(async () => {
    // The service's latest page of deliveries; the failed ones first, as the desk acts on those.
    const events = (await client.listWebhookEvents({ page: 1, size: 100 })).map(deskEvent);
    return json(200, { events: events.sort((a, b) => Number(b.status === 'FAILED') - Number(a.status === 'FAILED') || b.id - a.id) });
  }));

  router.add('POST', '/operator/webhooks/:webhook_id/events/:event_id/redeliver', authorized(async ({ params }) => {
    const event = await client.resendWebhookEvent(parseId(params.webhook_id, 'webhook_id'), parseId(params.event_id, 'event_id'));
    return json(200, { event: deskEvent(event) });
  }));
}
