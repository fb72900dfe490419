import { setTimeout as sleep } from 'node:timers/promises';
import type { MerchantProfile } from './merchants.js';

/** Failure switches of one merchant's platform, set through `POST /__sandbox/faults`. */
export interface Faults {
  /** Every Nth platform call (counted from when the fault was set) answers 429. */
  rate_limit_every?: number;
  /** `Retry-After` seconds sent with an injected 429 (default 1; `null` sends none). */
  retry_after_s?: number | null;
  /** Extra latency of every platform call. */
  latency_ms?: number;
  /** The merchant rejects every submitted bag. */
  reject_bags?: boolean;
  /** The platform reports these SKUs out of stock, whatever the catalog says. */
  out_of_stock_sku_ids?: number[];
  /**
   * The platform fails the submit call. `true`/`"before"`: nothing is created
   * and the caller gets 502. `"after"`: the order is created, then the caller
   * gets 502 anyway (outcome unknown, to exercise reconciliation). `"reset"`:
   * the order is created, then the connection is dropped without an answer.
   */
  fail_submit?: boolean | 'before' | 'after' | 'reset';
  /** Reads of this merchant (offers list, one offer, health refresh) answer this instead: any status, any text. */
  respond_with?: { status: number; body: string; content_type?: string } | null;
  /** The offers list answers a cursor with that same cursor again: a client that trusts it pages forever. */
  repeat_cursor?: boolean;
  /** The offers list sends no `next_page_cursor`, as real pages were captured: the consumer must page by number. */
  omit_cursor?: boolean;
  /**
   * The platform's bag total is off by this many minor units from its parts (a platform that rounds or adds
   * a fee of its own): the cart's parts no longer add up to its total.
   */
  total_off_by?: number;
  /** An order with a bag of this merchant is submitted with its `total` off by this many minor units from the sum of its bags'. */
  order_total_off_by?: number;
}

/** The platform answered 429; the service passes it through. */
export class PlatformBusyError extends Error {
  constructor(
    readonly merchantId: number,
    readonly retryAfterS: number | undefined,
  ) {
    super(`The commerce platform of merchant ${merchantId} is rate limiting requests${retryAfterS === undefined ? '' : `; retry after ${retryAfterS} s`}`);
  }
}

export interface PlatformCall {
  op: string;
  /** Epoch milliseconds with sub-millisecond precision. */
  started_at: number;
  ended_at?: number;
  outcome?: 'ok' | 'rate_limited';
}

const preciseNow = () => performance.timeOrigin + performance.now();

/**
 * Stand-in for one merchant's commerce platform: every call the service makes
 * on the merchant's behalf goes through `call`, which counts it, waits the
 * platform's latency and answers 429 when the platform's own bucket or an
 * injected fault says so.
 */
export class Platform {
  faults: Faults = {};
  calls: PlatformCall[] = [];
  private sinceFault = 0;
  private tokens: number;
  private refilledAt = Date.now();

  constructor(readonly merchant: MerchantProfile) {
    this.tokens = merchant.rate_limit.burst;
  }

  setFaults(faults: Faults): void {
    this.faults = { ...this.faults, ...faults };
    this.sinceFault = 0;
  }

  clearFaults(): void {
    this.faults = {};
    this.sinceFault = 0;
  }

  isOutOfStock(skuId: number): boolean {
    return this.faults.out_of_stock_sku_ids?.includes(skuId) ?? false;
  }

  async call<T>(op: string, work?: () => T): Promise<T> {
    const record: PlatformCall = { op, started_at: preciseNow() };
    this.calls.push(record);
    this.sinceFault++;
    const latency = this.faults.latency_ms ?? 0;
    if (latency > 0) await sleep(latency, undefined, { ref: false });
    record.ended_at = preciseNow();
    const every = this.faults.rate_limit_every;
    if (every && this.sinceFault % every === 0) {
      record.outcome = 'rate_limited';
      throw new PlatformBusyError(this.merchant.id, this.faults.retry_after_s === null ? undefined : (this.faults.retry_after_s ?? 1));
    }
    if (!this.takeToken()) {
      record.outcome = 'rate_limited';
      throw new PlatformBusyError(this.merchant.id, Math.max(1, Math.ceil(1 / this.merchant.rate_limit.per_second)));
    }
    record.outcome = 'ok';
    return work ? work() : (undefined as T);
  }

  private takeToken(): boolean {
    const now = Date.now();
    const { burst, per_second } = this.merchant.rate_limit;
    this.tokens = Math.min(burst, this.tokens + ((now - this.refilledAt) / 1000) * per_second);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Calls several platforms at once, as the service does for multi-merchant operations. */
export function callEach<T>(platforms: Platform[], op: string, work: (p: Platform) => T): Promise<PromiseSettledResult<T>[]> {
  return Promise.allSettled(platforms.map((p) => p.call(op, () => work(p))));
}
