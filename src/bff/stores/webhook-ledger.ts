/** The webhook ledger: delivery de-duplication and per-bag progress. */
import { trim } from './bounded.js';

export interface WebhookLedger {
  /** True the first time `eventId` is seen (atomically: of two concurrent deliveries one wins). */
  firstDelivery(eventId: string): Promise<boolean>;
  /** Forgets `eventId`, when applying it failed, so that the service's redelivery is applied instead of dropped as a duplicate. */
  forget(eventId: string): Promise<void>;
  /** Records `rank` for the bag if it is higher than what was recorded; true when the bag moved forward. */
  advanceBag(bagKey: string, rank: number): Promise<boolean>;
}

export function createMemoryWebhookLedger({ maxEvents = 100_000, maxBags = 100_000 } = {}): WebhookLedger {
  const events = new Set<string>();
  const bags = new Map<string, number>();
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
  };
}
