/**
 * What the model test knows about a shopper's checkout: the quotes it was
 * given and the attempts (one `Idempotency-Key` each) it made, with the last
 * thing the BFF said about each. The answers are read the way the widget
 * reads them (`classifyPlaceFailure`, docs/checkout.md's table), so "not
 * placed" here is what the shopper was told.
 */
import { classifyPlaceFailure } from '../../src/checkout/rules/checkout-order.js';
import type { Answer } from './stack.js';

export interface Line {
  sku_id: number;
  quantity: number;
}

export interface ModelQuote {
  token: string;
  mode: 'direct' | 'cart';
  /** What the shopper was shown and must be charged, minor units. */
  total: number;
  lines: Line[];
  /** The discount codes the shopper entered (a real one for one shop, an unknown one, or none): the total is after them. */
  codes: string[];
  /** The clock's jumps before this quote: two quotes of the same lines in one epoch are "two tabs". */
  epoch: number;
  /** How it came: asked for, the fresh quote of a 409 `quote_changed`, or another tab's edit of the same cart. */
  origin: 'quote' | 'changed' | 'other_tab_edit';
}

/**
 * `placed`: 201. `not_placed`: a definite refusal (the widget starts a new attempt or tells the shopper so).
 * `busy`: 429, nothing placed, the same key may be sent again. `unknown`: no answer, 202 pending, 5xx or
 * in progress: the same key must be sent again.
 */
export type Outcome = 'placed' | 'not_placed' | 'busy' | 'unknown';

export interface ModelAttempt {
  key: string;
  quote: number;
  confirmDuplicate: boolean;
  last: Outcome;
  /** The error code of the last answer, if any (`quote_expired`, `duplicate_order`…). */
  code?: string;
  /** The order the BFF said it placed. */
  orderId?: number;
  /** Every answer, for the counterexample. */
  answers: string[];
  /** `Model.redisEra` each time it was sent. */
  eras: number[];
}

export const newAttempt = (key: string, quote: number): ModelAttempt => ({ key, quote, confirmDuplicate: false, last: 'unknown', answers: [], eras: [] });

export interface Model {
  quotes: ModelQuote[];
  attempts: ModelAttempt[];
  epoch: number;
  /**
   * How many times Redis came back empty so far: the BFF's record of a shopper's recent order ("two tabs")
   * lives there alone, so orders of two eras cannot be told apart by it.
   */
  redisEra: number;
  /** Faults still on at the end of a run, healed before the invariants are checked. */
  busy: Set<number>;
}

export const emptyModel = (): Model => ({ quotes: [], attempts: [], epoch: 0, redisEra: 0, busy: new Set() });

export function outcomeOf(a: Answer): { outcome: Outcome; code?: string } {
  if (a.status === 201 && a.body?.status === 'placed') return { outcome: 'placed' };
  if (a.status === 202 || a.status === 0) return { outcome: 'unknown' };
  const error = a.body?.error ?? {};
  const retryAfter = typeof a.body?.retry_after === 'number' ? a.body.retry_after : error.retry_after;
  const kind = classifyPlaceFailure({ status: a.status, code: error.code, merchantId: error.merchant_id, retryAfter }).kind;
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (kind === 'unknown') return { outcome: 'unknown', code };
  if (kind === 'busy') return { outcome: 'busy', code };
  return { outcome: 'not_placed', code };
}

export const describeAnswer = (a: Answer) =>
  a.status === 0 ? 'no answer' : `${a.status} ${a.body?.status ?? a.body?.error?.code ?? ''}${a.body?.order?.id ? ` order ${a.body.order.id}` : ''}`.trim();

/** Same lines, same device, same epoch: the same purchase seen from two tabs. */
export const purchaseOf = (q: ModelQuote) =>
  `${q.epoch}|${[...q.lines].sort((x, y) => x.sku_id - y.sku_id).map((l) => `${l.sku_id}x${l.quantity}`).join(',')}`;
