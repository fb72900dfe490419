/**
 * The service's webhooks. The signature covers the body only, so the body
 * is the truth: ids and states come from it, the headers may only agree
 * with it (a body that does not describe the order and bag the headers
 * name is refused), and the topic is a hint of which kind of body to
 * expect. Each event id is applied once, bags only move forward, and the
 * answer leaves within a fixed budget: slow follow-up work (re-reading a
 * merchant upstream) runs after it, one at a time per merchant.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { BagStateNameSchema, type BagHistoryEntry } from '../contract/after-order.js';
import type { BagEvent } from '../contract/api.js';
import { OrderSchema, shownFulfillmentStatus, type Order } from '../contract/order.js';
import { webhookHeaderNames } from '../contract/headers.js';
import { MerchantEventBodySchema, isMerchantTopic, isOfferTopic, isOrderTopic } from '../contract/webhook.js';
import { ApiHttpError, badRequest, json } from './errors.js';
import { parseJsonBytes, readBytes } from './security.js';
import type { EventBus, OffersCache, WebhookLedger } from './stores/index.js';

/**
 * `X-Service-Hmac` (`X-Violet-Hmac` under the real service's prefix): base64 HMAC-SHA256 of the raw body keyed by an app
 * secret, compared in constant time. During a rotation both the current and
 * the previous secret are tried (every one, so the time does not say which).
 */
export function verifySignature(secrets: string | readonly string[], raw: Uint8Array, header: string | null): boolean {
  if (!header) return false;
  const given = Buffer.from(header.trim(), 'base64');
  // Buffer.from ignores junk in base64; a header that does not round-trip is not a signature we issued.
  if (given.toString('base64') !== header.trim()) return false;
  let valid = false;
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    const expected = createHmac('sha256', secret).update(raw).digest();
    if (given.length === expected.length && timingSafeEqual(given, expected)) valid = true;
  }
  return valid;
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

const ID = /^[1-9][0-9]{0,15}$/;
const headerId = (request: Request, name: string) => {
  const v = request.headers.get(name)?.trim();
  return v && ID.test(v) ? Number(v) : undefined;
};

export const orderChannel = (orderId: number) => `order:${orderId}`;
export const CATALOG_CHANNEL = 'catalog';

export interface WebhookDeps {
  /** The current app secret first, then the previous one during a rotation. */
  appSecrets: readonly string[];
  /** Prefix of the delivery headers, the same as the credential headers' (`X-Violet-` for the real service). Default `X-Service-`. */
  headerPrefix?: string;
  ledger: WebhookLedger;
  bus: EventBus;
  offersCache: OffersCache;
  /** Re-reads one merchant's connection health upstream (the full list is only refreshed daily). */
  refreshMerchant: (merchantId: number) => Promise<unknown>;
  maxBytes: number;
  maxDepth: number;
  /** Longest the answer waits for the event to be applied; the service gives up after 5 s and sends it again. */
  ackBudgetMs: number;
  /** Fewest milliseconds between two re-reads of one merchant's health. */
  merchantRefreshIntervalMs: number;
  /** Where failures of work done after answering go. */
  onError: (error: unknown) => void;
  /** Told each delivery whose signature verifies, with its topic and parsed body (the webhook lag metric). */
  onEvent?: (topic: string, body: unknown) => void;
  /** The BFF's clock, for when a bag's event was received. Default `Date.now`. */
  now?: () => number;
}

const refuse = (message: string) => badRequest(`Webhook body does not describe ${message}`);

/** The signed body's merchant: an Offer's `merchant_id`; a merchant event's Merchant entity (`id`, `name`, …) or `{ merchant_id }`. */
const OfferMerchantSchema = z.object({ merchant_id: z.int().positive() });
const MerchantBodySchema = MerchantEventBodySchema.pipe(z.object({ merchant_id: z.int().positive() }));

type Plan =
  | { kind: 'bags'; orderId: number; events: BagEvent[] }
  | { kind: 'merchant'; merchantId: number; refresh: boolean }
  | { kind: 'ignore' };

/** The bags an order event is about, with their states, all read from the signed body. */
function orderPlan(topic: string, body: unknown, headerOrderId: number | undefined, headerBagId: number | undefined): Plan {
  const parsed = OrderSchema.safeParse(body);
  if (!parsed.success || !Number.isSafeInteger(parsed.data.id) || parsed.data.id <= 0) throw refuse('an order');
  const order: Order = parsed.data;
  if (headerOrderId !== undefined && headerOrderId !== order.id) throw refuse(`order ${headerOrderId}`);
  const bags = order.bags.filter((b) => headerBagId === undefined || b.id === headerBagId || b.bag_id === headerBagId);
  if (headerBagId !== undefined && bags.length === 0) throw refuse(`bag ${headerBagId} of order ${order.id}`);
  return {
    kind: 'bags',
    orderId: order.id,
    events: bags.map((b) => ({
      order_id: order.id,
      bag_id: b.id,
      // The topic only labels the event: the state is what the signed body says.
      topic,
      status: b.status ?? b.bag_status ?? null,
      financial_status: b.financial_status ?? null,
      // FULFILLED is shown, and ranked, as SHIPPED.
      fulfillment_status: shownFulfillmentStatus(b.fulfillment_status) ?? null,
      bag: b,
    })),
  };
}

function merchantPlan(topic: string, body: unknown): Plan {
  const parsed = (isMerchantTopic(topic) ? MerchantBodySchema : OfferMerchantSchema).safeParse(body);
  // Without a merchant the only move would be to drop every merchant's cache: not for an unreadable body.
  if (!parsed.success) throw refuse('a merchant');
  return { kind: 'merchant', merchantId: parsed.data.merchant_id, refresh: isMerchantTopic(topic) };
}

/**
 * Runs `work(merchantId)` after the answer, at most once at a time per
 * merchant and at most once per `minIntervalMs` (the service asks that its
 * refresh not run on every event): events arriving meanwhile ask for one
 * more run, at the interval's end, not one each.
 */
function createFollowUps(work: (merchantId: number) => Promise<unknown>, onError: (e: unknown) => void, minIntervalMs: number, maxMerchants = 1000) {
  const running = new Map<number, { started: boolean; again: boolean }>();
  const lastStart = new Map<number, number>();
  const run = (merchantId: number) => {
    const slot = { started: false, again: false };
    running.set(merchantId, slot);
    const wait = Math.max(0, (lastStart.get(merchantId) ?? -Infinity) + minIntervalMs - Date.now());
    const start = () => {
      slot.started = true;
      lastStart.set(merchantId, Date.now());
      if (lastStart.size > maxMerchants) lastStart.delete(lastStart.keys().next().value!);
      return work(merchantId);
    };
    const started = wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait).unref()).then(start) : start();
    void started
      .catch(onError)
      .finally(() => {
        running.delete(merchantId);
        if (slot.again) run(merchantId);
      });
  };
  return (merchantId: number) => {
    const slot = running.get(merchantId);
    // A run still waiting for its turn will read the newest state: the event is covered by it.
    if (slot) slot.again ||= slot.started;
    // Past the bound the event is dropped here: the daily health refresh catches up.
    else if (running.size < maxMerchants) run(merchantId);
  };
}

/** `work`'s outcome, or `'later'` once `ms` have passed; a failure after that goes to `onLate` (nobody is waiting for it). */
const within = <T>(work: Promise<T>, ms: number, onLate: (error: unknown) => void) =>
  new Promise<T | 'later'>((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      resolve('later');
    }, ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        if (late) onLate(error);
        else reject(error);
      },
    );
  });

/** A state the body carried, kept only when it reads as one of the service's names (no upstream free text in the history). */
const stateName = (value: string | null | undefined) => (BagStateNameSchema.safeParse(value).success ? value! : null);

/** What a bag's history keeps of a received event: no shopper, no body text, only names, the time and the event id. */
export const historyEntry = (eventId: string, event: BagEvent, receivedAt: number): BagHistoryEntry => ({
  event_id: eventId,
  topic: event.topic,
  status: stateName(event.status),
  financial_status: stateName(event.financial_status),
  fulfillment_status: stateName(event.fulfillment_status),
  received_at: new Date(receivedAt).toISOString(),
});

export function createWebhookReceiver(deps: WebhookDeps) {
  const now = deps.now ?? Date.now;
  const refreshLater = createFollowUps(async (merchantId) => {
    await deps.refreshMerchant(merchantId);
    // The re-read may change what the service lists: every instance forgets its health snapshot once more.
    await deps.bus.publish(CATALOG_CHANNEL, { topic: 'MERCHANT_REFRESHED', merchant_id: merchantId });
  }, deps.onError, deps.merchantRefreshIntervalMs);

  async function apply(eventId: string, topic: string, plan: Plan): Promise<'applied' | 'duplicate'> {
    if (!(await deps.ledger.firstDelivery(eventId))) return 'duplicate';
    try {
      await applyFirst(eventId, topic, plan);
    } catch (error) {
      // A shared store that failed half-way: the service's redelivery must be applied, not dropped as a duplicate.
      await deps.ledger.forget(eventId).catch(() => {});
      throw error;
    }
    return 'applied';
  }

  async function applyFirst(eventId: string, topic: string, plan: Plan) {
    if (plan.kind === 'merchant') {
      await deps.offersCache.invalidate(plan.merchantId);
      await deps.bus.publish(CATALOG_CHANNEL, { topic, merchant_id: plan.merchantId });
      // The health list is cached upstream for a day: a merchant event is the moment to refresh that merchant.
      if (plan.refresh) refreshLater(plan.merchantId);
    } else if (plan.kind === 'bags') {
      const receivedAt = now();
      for (const event of plan.events) {
        // Every event is history, a late older state too; only the ones that move the bag reach the shopper.
        await deps.ledger.recordBagEvent(plan.orderId, event.bag_id, historyEntry(eventId, event, receivedAt));
        if (await deps.ledger.advanceBag(`${plan.orderId}:${event.bag_id}`, bagRank(event))) {
          await deps.bus.publish(orderChannel(plan.orderId), event);
        }
      }
    }
  }

  const names = webhookHeaderNames(deps.headerPrefix);
  return async function receive(request: Request): Promise<Response> {
    const raw = await readBytes(request, deps.maxBytes);
    if (!verifySignature(deps.appSecrets, raw, request.headers.get(names.hmac))) {
      throw new ApiHttpError(401, 'unauthorized', 'Webhook signature does not verify');
    }
    const eventId = request.headers.get(names.eventId)?.trim() ?? '';
    const topic = (request.headers.get(names.topic) ?? '').trim().toUpperCase();
    if (!/^[\x21-\x7e]{1,128}$/.test(eventId)) throw badRequest(`${names.eventId} missing or invalid`);
    if (!/^[A-Z_]{1,64}$/.test(topic)) throw badRequest(`${names.topic} missing or invalid`);
    const body = raw.byteLength ? parseJsonBytes(raw, deps.maxDepth) : undefined;
    deps.onEvent?.(topic, body);
    const plan: Plan = isOrderTopic(topic)
      ? orderPlan(topic, body, headerId(request, names.orderId), headerId(request, names.bagId))
      : isOfferTopic(topic) || isMerchantTopic(topic)
        ? merchantPlan(topic, body)
        : // Unknown topics are acknowledged: a retry would not make them known.
          { kind: 'ignore' };

    // A slow store must not hold the answer past the service's delivery timeout; the work goes on after it.
    const outcome = await within(apply(eventId, topic, plan), deps.ackBudgetMs, deps.onError);
    return json(200, outcome === 'duplicate' ? { ok: true, duplicate: true } : { ok: true });
  };
}
