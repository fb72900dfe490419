/**
 * The exchange rates on Redis: one fetch serves every instance until the rates expire. Without Redis
 * the cache misses (the rates are fetched again) and stores nothing; a shopper's prices never wait on it.
 */
import type { CurrencyRates } from '../../contract/currencies.js';
import type { RatesCache } from './rates-cache.js';
import type { RedisConnection } from './redis-connection.js';

export function createRedisRatesCache(redis: RedisConnection): RatesCache {
  const key = redis.key('currencies:latest');
  return {
    async get() {
      try {
        const text = await redis.run((c) => c.get(key));
        return text ? (JSON.parse(text) as CurrencyRates) : undefined;
      } catch {
        return undefined;
      }
    },
    async set(rates, ttlMs) {
      await redis.run((c) => c.set(key, JSON.stringify(rates), { expiration: { type: 'PX', value: ttlMs } })).catch(() => {});
    },
  };
}
