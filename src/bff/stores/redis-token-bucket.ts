/**
 * The token bucket of `token-bucket.ts` on Redis: one bucket per key, shared
 * by every instance, taken from atomically by one Lua script. When Redis
 * cannot be reached each instance answers from its own in-memory buckets, so
 * what the buckets protect stays protected, per instance.
 */
import type { RedisConnection } from './redis-connection.js';
import { createMemoryBuckets, type BucketOptions, type BucketVerdict } from './token-bucket.js';

// KEYS[1] the bucket; ARGV: burst, per second, cost, now (ms; empty for Redis's own clock).
// Returns {1} or {0, seconds to wait}. The same rule as `createMemoryBuckets`.
const TAKE = `
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local now = tonumber(ARGV[4])
if not now then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1]) or burst
local at = tonumber(b[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) / 1000 * rate)
if now > at then at = now end
local ok = tokens >= cost
if ok then tokens = tokens - cost end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(at))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1000)
if ok then return {1} end
return {0, math.max(1, math.ceil((cost - tokens) / rate))}
`;

export interface SharedBuckets<K> {
  /**
   * Spends `cost` from `key`'s bucket at `now` (epoch ms). Without `now` the
   * bucket runs on Redis's clock, so instances whose clocks differ still
   * refill it at one rate.
   */
  take(key: K, cost: number, now?: number): Promise<BucketVerdict>;
}

/** Buckets under the Redis keys `<prefix>:<key>`. */
export function createRedisBuckets<K extends string | number>(
  redis: RedisConnection,
  { prefix, ...options }: BucketOptions & { prefix: string },
): SharedBuckets<K> {
  const take = redis.script(TAKE);
  const fallback = createMemoryBuckets<K>(options);
  return {
    async take(key, cost, now) {
      let verdict: [number, number?];
      try {
        verdict = (await take([redis.key(`${prefix}:${key}`)], [options.burst, options.perSecond, cost, now ?? ''])) as [
          number,
          number?,
        ];
      } catch {
        return fallback.take(key, cost, now ?? Date.now());
      }
      return verdict[0] === 1 ? { ok: true } : { ok: false, retryAfterSeconds: verdict[1]! };
    },
  };
}
