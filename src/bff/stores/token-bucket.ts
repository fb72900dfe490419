/**
 * The token bucket behind both the per-client rate limiter and the
 * per-merchant budget: `burst` tokens at once, refilled at `perSecond`. A
 * take of `cost` that finds too few spends nothing and says in how many whole
 * seconds (at least 1) enough will be there. A clock that steps back refills
 * nothing and takes nothing back. `redis-token-bucket.ts` runs the same rule
 * in Redis for buckets shared by every instance.
 */
import { trim } from './bounded.js';

export interface BucketRate {
  /** Tokens that can be spent at once. */
  burst: number;
  /** Tokens refilled per second. */
  perSecond: number;
}

export interface BucketOptions extends BucketRate {
  /** Buckets kept at once; the least recently used are forgotten, i.e. start full again. */
  maxKeys: number;
}

export type BucketVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface TokenBuckets<K> {
  /** Spends `cost` from `key`'s bucket at `now` (epoch ms). */
  take(key: K, cost: number, now: number): BucketVerdict;
}

/** One bucket per key, in this process's memory. */
export function createMemoryBuckets<K>({ burst, perSecond, maxKeys }: BucketOptions): TokenBuckets<K> {
  const buckets = new Map<K, { tokens: number; at: number }>();
  return {
    take(key, cost, now) {
      const b = buckets.get(key) ?? { tokens: burst, at: now };
      b.tokens = Math.min(burst, b.tokens + (Math.max(0, now - b.at) / 1000) * perSecond);
      b.at = Math.max(b.at, now);
      // Re-inserted so the Map's order is least recently used first, which `trim` evicts.
      buckets.delete(key);
      buckets.set(key, b);
      trim(buckets, maxKeys);
      if (b.tokens >= cost) {
        b.tokens -= cost;
        return { ok: true };
      }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((cost - b.tokens) / perSecond)) };
    },
  };
}
