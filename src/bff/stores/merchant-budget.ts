/**
 * The per-merchant budget of platform calls. Every call through the service
 * that reaches a merchant's commerce platform spends from that merchant's
 * bucket, shared by every shopper and (through a shared store) every BFF
 * instance: one client cannot drive a platform into 429s for everyone, and
 * a busy merchant is answered from the BFF before the platform is touched.
 */
import { trim } from './bounded.js';

export type BudgetVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

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

/** A token bucket per merchant, in this process's memory. */
export function createMemoryMerchantBudget({ burst = 40, perSecond = 20, maxMerchants = 10_000 }: MerchantBudgetOptions = {}): MerchantBudget {
  const buckets = new Map<number, { tokens: number; at: number }>();
  return {
    async take(merchantId, cost, now) {
      const b = buckets.get(merchantId) ?? { tokens: burst, at: now };
      // A clock that steps back refills nothing (and takes nothing back).
      b.tokens = Math.min(burst, b.tokens + (Math.max(0, now - b.at) / 1000) * perSecond);
      b.at = Math.max(b.at, now);
      buckets.delete(merchantId);
      buckets.set(merchantId, b);
      trim(buckets, maxMerchants);
      if (b.tokens >= cost) {
        b.tokens -= cost;
        return { ok: true };
      }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((cost - b.tokens) / perSecond)) };
    },
  };
}
