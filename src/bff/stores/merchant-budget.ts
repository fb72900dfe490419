/**
 * The per-merchant budget of platform calls. Every call through the service
 * that reaches a merchant's commerce platform spends from that merchant's
 * bucket, shared by every shopper and (through a shared store) every BFF
 * instance: one client cannot drive a platform into 429s for everyone, and
 * a busy merchant is answered from the BFF before the platform is touched.
 */
import { createMemoryBuckets, type BucketOptions, type BucketVerdict } from './token-bucket.js';

export type BudgetVerdict = BucketVerdict;

export interface MerchantBudget {
  /**
   * Spends `cost` from `merchantId`'s bucket at time `now` (epoch ms). When
   * not enough is left nothing is spent, and the answer says in how many
   * whole seconds (at least 1) enough will be there again.
   */
  take(merchantId: number, cost: number, now: number): Promise<BudgetVerdict>;
}

export interface MerchantBudgetOptions {
  /** Calls a merchant can take at once. Default 40. */
  burst?: number;
  /** Calls per second its bucket refills. Default 20. */
  perSecond?: number;
  /** Merchants tracked at once (the oldest are forgotten, i.e. start full again). Default 10,000. */
  maxMerchants?: number;
}

/** The merchants' buckets for these options, defaults filled in (in memory and on Redis alike). */
export function budgetBuckets({ burst = 40, perSecond = 20, maxMerchants = 10_000 }: MerchantBudgetOptions): BucketOptions {
  return { burst, perSecond, maxKeys: maxMerchants };
}

/** A token bucket per merchant (`token-bucket.ts`), in this process's memory. */
export function createMemoryMerchantBudget(options: MerchantBudgetOptions = {}): MerchantBudget {
  const buckets = createMemoryBuckets<number>(budgetBuckets(options));
  return {
    take: async (merchantId, cost, now) => buckets.take(merchantId, cost, now),
  };
}
