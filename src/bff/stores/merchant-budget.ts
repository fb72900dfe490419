/**
 * The per-merchant budget of platform calls. Every call through the service
 * that reaches a merchant's commerce platform spends from that merchant's
 * bucket, shared by every shopper and (through a shared store) every BFF
 * instance: one client cannot drive a platform into 429s for everyone, and
 * a busy merchant is answered from the BFF before the platform is touched.
 *
 * Each client also has its own share of each merchant's bucket (issue 25.9):
 * by default an eighth, so it takes more than eight clients, each within its
 * own limits, to spend a merchant's whole budget (six addresses used to
 * refuse 13 % of other shoppers' quotes; now they leave a quarter of it).
 */
import { createMemoryBuckets, type BucketOptions, type BucketVerdict } from './token-bucket.js';

export type BudgetVerdict = BucketVerdict;

export interface MerchantBudget {
  /**
   * Spends `cost` from `merchantId`'s bucket at time `now` (epoch ms), and
   * first from `client`'s share of it when the call is a shopper's. When not
   * enough is left nothing more is spent, and the answer says in how many
   * whole seconds (at least 1) enough will be there again.
   */
  take(merchantId: number, cost: number, now: number, client?: string): Promise<BudgetVerdict>;
}

export interface MerchantBudgetOptions {
  /** Calls a merchant can take at once. Default 40. */
  burst?: number;
  /** Calls per second its bucket refills. Default 20. */
  perSecond?: number;
  /** Merchants tracked at once (the oldest are forgotten, i.e. start full again). Default 10,000. */
  maxMerchants?: number;
  /** The part of a merchant's budget one client may spend (burst and rate; at least one call). Default 1/8. */
  clientShare?: number;
  /** Client–merchant pairs tracked at once. Default 50,000. */
  maxClientShares?: number;
}

/** The merchants' buckets for these options, defaults filled in (in memory and on Redis alike). */
export function budgetBuckets({ burst = 40, perSecond = 20, maxMerchants = 10_000 }: MerchantBudgetOptions): BucketOptions {
  return { burst, perSecond, maxKeys: maxMerchants };
}

/** One client's share of each merchant's bucket. */
export function clientShareBuckets(options: MerchantBudgetOptions): BucketOptions {
  const { burst, perSecond } = budgetBuckets(options);
  const share = Math.min(1, Math.max(0, options.clientShare ?? 1 / 8));
  return { burst: Math.max(1, Math.ceil(burst * share)), perSecond: perSecond * share, maxKeys: options.maxClientShares ?? 50_000 };
}

/** The key of one client's share of one merchant. */
export const shareKey = (merchantId: number, client: string) => `${merchantId}|${client}`;

/** A token bucket per merchant (`token-bucket.ts`), and one per client and merchant, in this process's memory. */
export function createMemoryMerchantBudget(options: MerchantBudgetOptions = {}): MerchantBudget {
  const merchants = createMemoryBuckets<number>(budgetBuckets(options));
  const shares = createMemoryBuckets<string>(clientShareBuckets(options));
  return {
    async take(merchantId, cost, now, client) {
      if (client !== undefined) {
        const own = shares.take(shareKey(merchantId, client), cost, now);
        if (!own.ok) return own;
      }
      return merchants.take(merchantId, cost, now);
    },
  };
}
