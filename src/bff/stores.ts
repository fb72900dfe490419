/**
 * State the BFF keeps, behind small async interfaces so that several BFF
 * instances can share it (Redis or similar) by passing other
 * implementations in the config. The in-memory defaults are bounded: an
 * attacker cannot grow them without limit.
 */
import type { Offer } from '../contract/catalog.js';

/** Evicts the oldest entries of a Map (insertion order) beyond `max`. */
function trim<K, V>(map: Map<K, V>, max: number) {
  while (map.size > max) map.delete(map.keys().next().value as K);
}

// ---------------------------------------------------------------------------
// Idempotency

export type IdempotencyRecord =
  /** A request holds the key; `leaseUntil` (epoch ms) ends its claim if its instance died. */
  | { state: 'pending'; fingerprint: string; leaseUntil: number }
  /** The upstream call may or may not have acted: reconcile before sending anything again. */
  | { state: 'unknown'; fingerprint: string }
  /** The answer to replay for every repeat of the key. */
  | { state: 'done'; fingerprint: string; status: number; body: unknown };

export type ClaimResult =
  /** The caller now holds the key; `previous` is an `unknown` or expired record it must reconcile first. */
  | { claimed: true; previous?: IdempotencyRecord }
  /** Someone else holds the key (`pending`) or it is finished (`done`). */
  | { claimed: false; current: IdempotencyRecord };

export interface IdempotencyStore {
  /**
   * Atomically takes `key` unless a live `pending` or a `done` record holds
   * it, or any record of it has another fingerprint (that is a conflict).
   */
  claim(key: string, pending: Extract<IdempotencyRecord, { state: 'pending' }>, ttlMs: number): Promise<ClaimResult>;
  get(key: string): Promise<IdempotencyRecord | undefined>;
  set(key: string, record: IdempotencyRecord, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

export function createMemoryIdempotencyStore({ maxEntries = 10_000, now = Date.now } = {}): IdempotencyStore {
  const entries = new Map<string, { record: IdempotencyRecord; expires: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.expires <= now()) entries.delete(key);
    return e && e.expires > now() ? e.record : undefined;
  };
  const put = (key: string, record: IdempotencyRecord, ttlMs: number) => {
    entries.delete(key);
    entries.set(key, { record, expires: now() + ttlMs });
    trim(entries, maxEntries);
  };
  return {
    async claim(key, pending, ttlMs) {
      const current = live(key);
      const held = current?.state === 'done' || (current?.state === 'pending' && current.leaseUntil > now());
      if (current && (held || current.fingerprint !== pending.fingerprint)) {
        return { claimed: false, current };
      }
      put(key, pending, ttlMs);
      return current ? { claimed: true, previous: current } : { claimed: true };
    },
    async get(key) {
      return live(key);
    },
    async set(key, record, ttlMs) {
      put(key, record, ttlMs);
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}

// ---------------------------------------------------------------------------
// Offers cache

export interface CachedOffersPage {
  offers: Offer[];
  /** The upstream `next_page_cursor`; `null` on the merchant's last page. */
  next_cursor: string | null;
}

export interface OffersCache {
  /** A merchant's cache generation; bumped by `invalidate`. */
  version(merchantId: number): Promise<number>;
  get(merchantId: number, key: string): Promise<CachedOffersPage | undefined>;
  /** Stores unless the merchant was invalidated since `version` was read (a stale page never lands). */
  set(merchantId: number, key: string, page: CachedOffersPage, version: number): Promise<void>;
  invalidate(merchantId: number): Promise<void>;
  clear(): Promise<void>;
}

export function createMemoryOffersCache({ ttlMs = 10 * 60_000, maxPagesPerMerchant = 200, maxMerchants = 1000, now = Date.now } = {}): OffersCache {
  const merchants = new Map<number, { version: number; pages: Map<string, { page: CachedOffersPage; expires: number }> }>();
  const slot = (merchantId: number) => {
    let s = merchants.get(merchantId);
    if (!s) {
      s = { version: 0, pages: new Map() };
      merchants.set(merchantId, s);
      trim(merchants, maxMerchants);
    }
    return s;
  };
  let generation = 0;
  return {
    async version(merchantId) {
      return slot(merchantId).version;
    },
    async get(merchantId, key) {
      const hit = merchants.get(merchantId)?.pages.get(key);
      return hit && hit.expires > now() ? hit.page : undefined;
    },
    async set(merchantId, key, page, version) {
      const s = slot(merchantId);
      if (s.version !== version) return;
      s.pages.set(key, { page, expires: now() + ttlMs });
      trim(s.pages, maxPagesPerMerchant);
    },
    async invalidate(merchantId) {
      const s = slot(merchantId);
      s.version = ++generation;
      s.pages.clear();
    },
    async clear() {
      for (const s of merchants.values()) {
        s.version = ++generation;
        s.pages.clear();
      }
    },
  };
}

// ---------------------------------------------------------------------------
// Event bus (SSE fan-out, cache invalidation between instances)

export interface EventBus {
  publish(channel: string, message: unknown): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(channel: string, listener: (message: unknown) => void): () => void;
}

export function createMemoryEventBus(): EventBus {
  const channels = new Map<string, Set<(message: unknown) => void>>();
  return {
    async publish(channel, message) {
      for (const listener of [...(channels.get(channel) ?? [])]) {
        try {
          listener(message);
        } catch {
          // One broken subscriber must not stop the others.
        }
      }
    },
    subscribe(channel, listener) {
      let set = channels.get(channel);
      if (!set) channels.set(channel, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) channels.delete(channel);
      };
    },
  };
}

// ---------------------------------------------------------------------------
// Webhook ledger (de-duplication, per-bag progress)

export interface WebhookLedger {
  /** True the first time `eventId` is seen (atomically: of two concurrent deliveries one wins). */
  firstDelivery(eventId: string): Promise<boolean>;
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

// ---------------------------------------------------------------------------
// Rate limiter

export interface RateLimiter {
  /** Spends one request of `client`; when refused, says in how many seconds to come back. */
  take(client: string): Promise<{ allowed: true } | { allowed: false; retryAfterS: number }>;
}

/** A token bucket per client: `burst` requests at once, refilled at `perSecond`. */
export function createMemoryRateLimiter({ burst = 200, perSecond = 5, maxClients = 50_000, now = Date.now } = {}): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    async take(client) {
      const t = now();
      const b = buckets.get(client) ?? { tokens: burst, at: t };
      b.tokens = Math.min(burst, b.tokens + ((t - b.at) / 1000) * perSecond);
      b.at = t;
      buckets.delete(client);
      buckets.set(client, b);
      trim(buckets, maxClients);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return { allowed: true };
      }
      return { allowed: false, retryAfterS: Math.max(1, Math.ceil((1 - b.tokens) / perSecond)) };
    },
  };
}
