/**
 * The per-merchant budget on Redis: one bucket per merchant shared by every
 * instance, so N instances together spend no more of a platform's calls
 * than one would. Without Redis each instance falls back to its own
 * in-memory bucket: the platform is still protected, per instance.
 */
import { createMemoryMerchantBudget, type MerchantBudget, type MerchantBudgetOptions } from './merchant-budget.js';
import type { RedisConnection } from './redis-connection.js';

// KEYS[1] the bucket; ARGV: burst, per second, cost, now (ms). Returns {1} or {0, seconds to wait}.
const TAKE = `
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local now = tonumber(ARGV[4])
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

export function createRedisMerchantBudget(redis: RedisConnection, options: MerchantBudgetOptions = {}): MerchantBudget {
  const { burst = 40, perSecond = 20 } = options;
  const take = redis.script(TAKE);
  const fallback = createMemoryMerchantBudget(options);
  return {
    async take(merchantId, cost, now) {
      let verdict: [number, number?];
      try {
        verdict = (await take([redis.key(`budget:${merchantId}`)], [burst, perSecond, cost, now])) as [number, number?];
      } catch {
        return fallback.take(merchantId, cost, now);
      }
      return verdict[0] === 1 ? { ok: true } : { ok: false, retryAfterSeconds: verdict[1]! };
    },
  };
}
