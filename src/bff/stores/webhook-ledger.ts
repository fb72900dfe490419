/** The webhook ledger: delivery de-duplication, per-bag progress and per-bag history. */
import type { BagHistoryEntry } from '../../contract/after-order.js';
import { trim } from './bounded.js';

/** One order's bags the ledger heard of, each with what was received for it, newest first. */
export type OrderHistory = { bag_id: number; history: BagHistoryEntry[] }[];

/** How many received events a bag's history keeps (the newest). */
export const BAG_HISTORY_LENGTH = 50;

export interface WebhookLedger {
  /** True the first time `eventId` is seen (atomically: of two concurrent deliveries one wins). */
  firstDelivery(eventId: string): Promise<boolean>;
  /** Forgets `eventId`, when applying it failed, so that the service's redelivery is applied instead of dropped as a duplicate. */
  forget(eventId: string): Promise<void>;
  /** Records `rank` for the bag if it is higher than what was recorded; true when the bag moved forward. */
  advanceBag(bagKey: string, rank: number): Promise<boolean>;
  /** Adds a received event to the bag's history, which keeps the newest `BAG_HISTORY_LENGTH`. */
  recordBagEvent(orderId: number, bagId: number, entry: BagHistoryEntry): Promise<void>;
  /** The histories of the order's bags, newest first; an event id appears once per bag. */
  orderHistory(orderId: number): Promise<OrderHistory>;
}

/**
 * A redelivery after a half-applied event records its bags again: the first record of an event id counts.
 * `entries` are newest first, so the last occurrence is the first record.
 */
export function onceEach(entries: BagHistoryEntry[]): BagHistoryEntry[] {
  const first = new Map<string, number>();
  entries.forEach((e, i) => first.set(e.event_id, i));
  return entries.filter((e, i) => first.get(e.event_id) === i);
}

export function createMemoryWebhookLedger({ maxEvents = 100_000, maxBags = 100_000, maxHistoryOrders = 10_000 } = {}): WebhookLedger {
  const events = new Set<string>();
  const bags = new Map<string, number>();
  const histories = new Map<number, Map<number, BagHistoryEntry[]>>();
  return {
    async firstDelivery(eventId) {
      if (events.has(eventId)) return false;
      events.add(eventId);
      if (events.size > maxEvents) events.delete(events.values().next().value as string);
      return true;
    },
    async forget(eventId) {
      events.delete(eventId);
    },
    async advanceBag(bagKey, rank) {
      const current = bags.get(bagKey);
      if (current !== undefined && current >= rank) return false;
      bags.delete(bagKey);
      bags.set(bagKey, rank);
      trim(bags, maxBags);
      return true;
    },
    async recordBagEvent(orderId, bagId, entry) {
      const order = histories.get(orderId) ?? new Map<number, BagHistoryEntry[]>();
      // The most recently heard-of order goes last, so the bound drops the orders quiet the longest.
      histories.delete(orderId);
      histories.set(orderId, order);
      trim(histories, maxHistoryOrders);
      order.set(bagId, [entry, ...(order.get(bagId) ?? [])].slice(0, BAG_HISTORY_LENGTH));
    },
    async orderHistory(orderId) {
      return [...(histories.get(orderId) ?? [])]
        .sort(([x], [y]) => x - y)
        .map(([bag_id, history]) => ({ bag_id, history: onceEach(history) }));
    },
  };
}
