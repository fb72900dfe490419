/** The per-client rate limiter: a token bucket per client (`token-bucket.ts`), one request each. */
import { createMemoryBuckets, type BucketOptions, type BucketVerdict } from './token-bucket.js';

export interface RateLimiter {
  /** Spends one request of `client`; when refused, says in how many seconds to come back. */
  take(client: string): Promise<{ allowed: true } | { allowed: false; retryAfterS: number }>;
}

export interface RateLimitOptions {
  /** Requests a client can make at once. Default 200. */
  burst?: number;
  /** Requests per second its bucket refills. Default 5. */
  perSecond?: number;
  /** Clients tracked in memory at once (the oldest are forgotten, i.e. start full again). Default 50,000. */
  maxClients?: number;
}

/** The clients' buckets for these options, defaults filled in (in memory and on Redis alike). */
export function limiterBuckets({ burst = 200, perSecond = 5, maxClients = 50_000 }: RateLimitOptions): BucketOptions {
  return { burst, perSecond, maxKeys: maxClients };
}

/** A bucket's verdict in the limiter's words. */
export const limiterVerdict = (v: BucketVerdict): Awaited<ReturnType<RateLimiter['take']>> =>
  v.ok ? { allowed: true } : { allowed: false, retryAfterS: v.retryAfterSeconds };

/** A token bucket per client, in this process's memory. */
export function createMemoryRateLimiter({ now = Date.now, ...options }: RateLimitOptions & { now?: () => number } = {}): RateLimiter {
  const buckets = createMemoryBuckets<string>(limiterBuckets(options));
  return {
    take: async (client) => limiterVerdict(buckets.take(client, 1, now())),
  };
}
