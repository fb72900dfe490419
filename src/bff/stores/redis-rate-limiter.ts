/**
 * The per-client token bucket on Redis, so a client spread over several
 * instances has one budget. The bucket runs on Redis's own clock: instances
 * whose clocks differ still refill one bucket at one rate.
 *
 * When Redis cannot be reached each instance falls back to its own
 * in-memory bucket: shoppers are still limited, per instance, and catalog
 * reads keep working.
 */
import type { RedisConnection } from './redis-connection.js';
import { limiterBuckets, limiterVerdict, type RateLimitOptions, type RateLimiter } from './rate-limiter.js';
import { createRedisBuckets } from './redis-token-bucket.js';

export function createRedisRateLimiter(redis: RedisConnection, options: RateLimitOptions = {}): RateLimiter {
  const buckets = createRedisBuckets<string>(redis, { prefix: 'ratelimit', ...limiterBuckets(options) });
  return {
    // No time given: the bucket runs on Redis's clock.
    take: async (client) => limiterVerdict(await buckets.take(client, 1)),
  };
}
