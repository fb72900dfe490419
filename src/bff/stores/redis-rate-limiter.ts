/**
 * The per-client token bucket on Redis, so a client spread over several
 * instances has one budget. The script reads Redis's own clock: instances
 * whose clocks differ still refill one bucket at one rate.
 *
 * When Redis cannot be reached each instance falls back to its own
 * in-memory bucket: shoppers are still limited, per instance, and catalog
 * reads keep working.
 */
import type { RedisConnection } from './redis-connection.js';
import { createMemoryRateLimiter, type RateLimiter } from './rate-limiter.js';

// KEYS[1] the bucket; ARGV: burst, per second. Returns {1} or {0, seconds to wait}.
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1]) or burst
local at = tonumber(b[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) / 1000 * rate)
local allowed = tokens >= 1
if allowed then tokens = tokens - 1 end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1000)
if allowed then return {1} end
return {0, math.max(1, math.ceil((1 - tokens) / rate))}
`;

export function createRedisRateLimiter(redis: RedisConnection, { burst = 200, perSecond = 5 } = {}): RateLimiter {
  const take = redis.script(TAKE);
  const fallback = createMemoryRateLimiter({ burst, perSecond });
  return {
    async take(client) {
      let verdict: [number, number?];
      try {
        verdict = (await take([redis.key(`ratelimit:${client}`)], [burst, perSecond])) as [number, number?];
      } catch {
        return fallback.take(client);
      }
      return verdict[0] === 1 ? { allowed: true } : { allowed: false, retryAfterS: verdict[1]! };
    },
  };
}
