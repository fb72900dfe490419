/**
 * Reading what "Place order" got back: which bags a shop rejected and where a
 * refused place belongs (whether an order's totals hold together, the BFF says:
 * `totals_problem`).
 */
import { bagStatus } from '../../contract/statuses.js';
import type { ShopperOrder as Order } from '../../contract/shopper-order.js';

/** What the checkout needs of a cart line (a structural subset of the cart store's line). */
export interface CheckoutLine {
  sku_id: number;
  merchant_id: number;
  merchant_name?: string;
  name: string;
  unit_price: number;
  currency: string;
  quantity: number;
  issue?: string;
}

/** Flags that keep a line from being ordered until the shopper acts on it. */
export const BLOCKING_ISSUES: ReadonlySet<string> = new Set(['unavailable', 'out_of_stock']);

export function isBlocking(line: Pick<CheckoutLine, 'issue'>): boolean {
  return !!line.issue && BLOCKING_ISSUES.has(line.issue);
}

/** Bags of a placed order that the merchant refused while the others went on. */
export function rejectedBags(order: Order): Order['bags'] {
  return order.bags.filter((b) => bagStatus(b) === 'REJECTED');
}

/** How a refused place is shown: where the error belongs. */
export type PlaceFailure =
  | { kind: 'declined' }
  | { kind: 'payment_required' }
  /**
   * The quote expired or is not one the BFF signed: not placed (the BFF answers a key it has a record of from
   * that record, so this comes only for an attempt it never placed); or `not_placed`, an attempt whose outcome
   * was unknown and which the service, asked again past its window, never took. Quote again, the shopper presses again.
   */
  | { kind: 'requote' }
  /** This device placed the same lines a moment ago (another tab): nothing was sent; ask before a second order. */
  | { kind: 'duplicate' }
  /** This quote was placed, or is being placed, by another attempt (another tab): nothing was sent for this one. */
  | { kind: 'placed_elsewhere' }
  | { kind: 'busy'; merchantId?: number; retryAfter: number }
  /** No answer (offline, timeout, 5xx, still in progress): the order may exist; resend the same key. */
  | { kind: 'unknown' }
  | { kind: 'other'; code: string };

interface ErrorLike {
  status?: number;
  code?: string;
  merchantId?: number;
  retryAfter?: number;
  name?: string;
}

export function classifyPlaceFailure(error: unknown): PlaceFailure {
  const e = (error && typeof error === 'object' ? error : {}) as ErrorLike;
  const code = e.code ?? '';
  if (code === 'payment_declined') return { kind: 'declined' };
  if (code === 'payment_required') return { kind: 'payment_required' };
  if (code === 'quote_used') return { kind: 'placed_elsewhere' };
  if (code === 'duplicate_order') return { kind: 'duplicate' };
  if (code === 'not_placed' || code === 'quote_expired' || code === 'quote_invalid' || code === 'quote_changed' || code === 'currency_mismatch') return { kind: 'requote' };
  if (e.status === 429 || code === 'rate_limited' || code === 'merchant_busy') {
    return { kind: 'busy', merchantId: e.merchantId, retryAfter: Math.max(0.05, e.retryAfter ?? 5) };
  }
  if (code === 'idempotency_in_progress' || !e.status || e.status >= 500 || e.name === 'AbortError') return { kind: 'unknown' };
  return { kind: 'other', code };
}
