/** The per-client rate limiter. */
import { trim } from './bounded.js';

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
