/**
 * The service's webhooks: the signature checked over the raw bytes, each
 * event id applied once, and bag changes applied only forward, so a late
 * `ORDER_ACCEPTED` after `ORDER_SHIPPED` never moves a bag back. Offer and
 * merchant events drop what the BFF cached about that merchant.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BagEvent } from '../contract/api.js';
import { OrderSchema, type Bag } from '../contract/order.js';
import { WEBHOOK_HEADERS, isMerchantTopic, isOfferTopic, isOrderTopic } from '../contract/webhook.js';
import { ApiHttpError, badRequest, json } from './errors.js';
import { parseJsonBytes, readBytes } from './security.js';
import type { EventBus, OffersCache, WebhookLedger } from './stores/index.js';

/** `X-Service-Hmac`: base64 HMAC-SHA256 of the raw body keyed by the app secret, compared in constant time. */
export function verifySignature(appSecret: string, raw: Uint8Array, header: string | null): boolean {
  if (!header) return false;
  const given = Buffer.from(header.trim(), 'base64');
  // Buffer.from ignores junk in base64; a header that does not round-trip is not a signature we issued.
  if (given.toString('base64') !== header.trim()) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const STATUS_RANK: Record<string, number> = {
  IN_PROGRESS: 0, SUBMITTED: 1, ACCEPTED: 2, BACKORDERED: 2, COMPLETED: 7,
  REJECTED: 8, CANCELED: 8, PARTIALLY_REFUNDED: 8, REFUNDED: 9,
};
const FULFILLMENT_RANK: Record<string, number> = { PROCESSING: 1, PARTIALLY_SHIPPED: 2, SHIPPED: 3, DELIVERED: 4 };
const FINANCIAL_RANK: Record<string, number> = {
  UNPAID: 1, PENDING: 2, AUTHORIZED: 3, PARTIALLY_PAID: 4, PAID: 5, VOIDED: 6, PARTIALLY_REFUNDED: 6, REFUNDED: 7,
};

/** How far along a bag is: status first, then fulfillment, then payment. */
export function bagRank(state: Pick<BagEvent, 'status' | 'fulfillment_status' | 'financial_status'>): number {
  const r = (table: Record<string, number>, v: string | null | undefined) => (v ? (table[v] ?? 0) : 0);
  return r(STATUS_RANK, state.status) * 100 + r(FULFILLMENT_RANK, state.fulfillment_status) * 10 + r(FINANCIAL_RANK, state.financial_status);
}

/** What a topic alone says, for an event whose body we cannot read. */
const TOPIC_STATE: Record<string, Partial<BagEvent>> = {
  ORDER_ACCEPTED: { status: 'ACCEPTED' },
  ORDER_SHIPPED: { status: 'ACCEPTED', fulfillment_status: 'SHIPPED' },
  ORDER_DELIVERED: { status: 'ACCEPTED', fulfillment_status: 'DELIVERED' },
  ORDER_COMPLETED: { status: 'COMPLETED' },
  ORDER_REFUNDED: { status: 'REFUNDED' },
  ORDER_CANCELED: { status: 'CANCELED' },
  ORDER_CANCELLED: { status: 'CANCELED' },
  ORDER_FAILED: { status: 'REJECTED' },
};

const ID = /^[1-9][0-9]{0,15}$/;
const headerId = (request: Request, name: string) => {
  const v = request.headers.get(name)?.trim();
  return v && ID.test(v) ? Number(v) : undefined;
};

export const orderChannel = (orderId: number) => `order:${orderId}`;
export const CATALOG_CHANNEL = 'catalog';

export interface WebhookDeps {
  appSecret: string;
  ledger: WebhookLedger;
  bus: EventBus;
  offersCache: OffersCache;
  /** Re-reads one merchant's connection health upstream (the full list is only refreshed daily). */
  refreshMerchant: (merchantId: number) => Promise<unknown>;
  maxBytes: number;
  maxDepth: number;
}

function bagEvents(topic: string, orderId: number, bagId: number | undefined, body: unknown): BagEvent[] {
  const order = OrderSchema.safeParse(body);
  if (order.success) {
    const bags = order.data.bags.filter((b: Bag) => bagId === undefined || b.id === bagId || b.bag_id === bagId);
    if (bags.length) {
      return bags.map((b) => ({
        order_id: orderId,
        bag_id: b.id,
        topic,
        status: b.status ?? b.bag_status ?? null,
        financial_status: b.financial_status ?? null,
        fulfillment_status: b.fulfillment_status ?? null,
      }));
    }
  }
  const known = TOPIC_STATE[topic];
  if (bagId === undefined || !known) return [];
  return [{ order_id: orderId, bag_id: bagId, topic, status: null, financial_status: null, fulfillment_status: null, ...known }];
}

export function createWebhookReceiver(deps: WebhookDeps) {
  return async function receive(request: Request): Promise<Response> {
    const raw = await readBytes(request, deps.maxBytes);
    if (!verifySignature(deps.appSecret, raw, request.headers.get(WEBHOOK_HEADERS.hmac))) {
      throw new ApiHttpError(401, 'unauthorized', 'Webhook signature does not verify');
    }
    const eventId = request.headers.get(WEBHOOK_HEADERS.eventId)?.trim() ?? '';
    const topic = (request.headers.get(WEBHOOK_HEADERS.topic) ?? '').trim().toUpperCase();
    if (!/^[\x21-\x7e]{1,128}$/.test(eventId)) throw badRequest('X-Service-Event-Id missing or invalid');
    if (!/^[A-Z_]{1,64}$/.test(topic)) throw badRequest('X-Service-Topic missing or invalid');
    const body = raw.byteLength ? parseJsonBytes(raw, deps.maxDepth) : undefined;
    const fromBody = (body as { id?: unknown } | undefined)?.id;
    const orderId = isOrderTopic(topic)
      ? (headerId(request, WEBHOOK_HEADERS.orderId) ?? (typeof fromBody === 'number' && Number.isSafeInteger(fromBody) && fromBody > 0 ? fromBody : undefined))
      : undefined;
    if (isOrderTopic(topic) && orderId === undefined) throw badRequest('Order event without an order id');

    if (!(await deps.ledger.firstDelivery(eventId))) return json(200, { ok: true, duplicate: true });

    if (isOfferTopic(topic) || isMerchantTopic(topic)) {
      const fromBody = (body as { merchant_id?: unknown } | undefined)?.merchant_id;
      const merchantId = typeof fromBody === 'number' && Number.isSafeInteger(fromBody) && fromBody > 0 ? fromBody : undefined;
      if (merchantId !== undefined) await deps.offersCache.invalidate(merchantId);
      else await deps.offersCache.clear();
      // The health list is cached upstream for a day: a merchant event is the moment to refresh that merchant.
      if (isMerchantTopic(topic) && merchantId !== undefined) await deps.refreshMerchant(merchantId).catch(() => {});
      await deps.bus.publish(CATALOG_CHANNEL, { topic, merchant_id: merchantId ?? null });
    } else if (orderId !== undefined) {
      for (const event of bagEvents(topic, orderId, headerId(request, WEBHOOK_HEADERS.bagId), body)) {
        if (await deps.ledger.advanceBag(`${orderId}:${event.bag_id}`, bagRank(event))) {
          await deps.bus.publish(orderChannel(orderId), event);
        }
      }
    }
    // Unknown topics are acknowledged: a retry would not make them known.
    return json(200, { ok: true });
  };
}
