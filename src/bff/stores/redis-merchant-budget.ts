/**
 * The per-merchant budget on Redis: one bucket per merchant shared by every
 * instance, so N instances together spend no more of a platform's calls
 * than one would. Without Redis each instance falls back to its own
 * in-memory bucket: the platform is still protected, per instance.
 */
import { budgetBuckets, type MerchantBudget, type MerchantBudgetOptions } from './merchant-budget.js';
import type { RedisConnection } from './redis-connection.js';
import { createRedisBuckets } from './redis-token-bucket.js';

export function createRedisMerchantBudget(redis: RedisConnection, options: MerchantBudgetOptions = {}): MerchantBudget {
  const buckets = createRedisBuckets<number>(redis, { prefix: 'budget', ...budgetBuckets(options) });
  return {
    // The caller's time, as in memory.
    take: (merchantId, cost, now) => buckets.take(merchantId, cost, now),
  };
}
