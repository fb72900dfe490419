/**
 * The per-merchant budget on Redis: one bucket per merchant, and one per
 * client's share of it, shared by every instance, so N instances together
 * spend no more of a platform's calls than one would. Without Redis each
 * instance falls back to its own in-memory buckets: the platform is still
 * protected, per instance.
 */
import { budgetBuckets, clientShareBuckets, shareKey, type MerchantBudget, type MerchantBudgetOptions } from './merchant-budget.js';
import type { RedisConnection } from './redis-connection.js';
import { createRedisBuckets } from './redis-token-bucket.js';

export function createRedisMerchantBudget(redis: RedisConnection, options: MerchantBudgetOptions = {}): MerchantBudget {
  const merchants = createRedisBuckets<number>(redis, { prefix: 'budget', ...budgetBuckets(options) });
  const shares = createRedisBuckets<string>(redis, { prefix: 'budgetshare', ...clientShareBuckets(options) });
  return {
    // The caller's time, as in memory.
    async take(merchantId, cost, now, client) {
      if (client !== undefined) {
        const own = await shares.take(shareKey(merchantId, client), cost, now);
        if (!own.ok) return own;
      }
      return merchants.take(merchantId, cost, now);
    },
  };
}
