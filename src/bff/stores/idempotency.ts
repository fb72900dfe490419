/** The idempotency store: who holds an attempt's key, and the answer to replay for it. */
import { trim } from './bounded.js';

export type IdempotencyRecord =
  /**
   * A request holds the key; `leaseUntil` (epoch ms) ends its claim if its instance died (a live
   * holder renews it). `since` (epoch ms): when the claim was taken.
   */
  | { state: 'pending'; fingerprint: string; leaseUntil: number; since?: number }
  /**
   * The upstream call may or may not have acted: reconcile before sending anything again.
   * `since` (epoch ms): when the call was sent, the start of the window in which the service may still act on it.
   */
  | { state: 'unknown'; fingerprint: string; since?: number }
  /** The answer to replay for every repeat of the key. */
  | { state: 'done'; fingerprint: string; status: number; body: unknown };

export type ClaimResult =
  /**
   * The caller now holds the key; `previous` is an `unknown` or expired record it must reconcile first.
   * `recordsSince` (epoch ms): the store's records go back to then and no further (a Redis that
   * restarted empty or was flushed); absent where records are never lost while the BFF runs (memory).
   */
  | { claimed: true; previous?: IdempotencyRecord; recordsSince?: number }
  /** Someone else holds the key (`pending`) or it is finished (`done`). */
  | { claimed: false; current: IdempotencyRecord };

export interface IdempotencyStore {
  /**
   * Atomically takes `key` unless a live `pending` or a `done` record holds
   * it, or any record of it has another fingerprint (that is a conflict).
   */
  claim(key: string, pending: Extract<IdempotencyRecord, { state: 'pending' }>, ttlMs: number): Promise<ClaimResult>;
  /**
   * Atomically moves the lease of `held` to `leaseUntil`, if `held` (same fingerprint and lease) still
   * holds the key; false when it does not (the attempt settled, or another took over).
   */
  renew(key: string, held: Extract<IdempotencyRecord, { state: 'pending' }>, leaseUntil: number, ttlMs: number): Promise<boolean>;
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
    async renew(key, held, leaseUntil, ttlMs) {
      const current = live(key);
      if (current?.state !== 'pending' || current.fingerprint !== held.fingerprint || current.leaseUntil !== held.leaseUntil) return false;
      put(key, { ...current, leaseUntil }, ttlMs);
      return true;
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
