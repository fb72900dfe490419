/**
 * Whether a shopper may still cancel a bag (issue 28), free of zod so that the order page and the BFF
 * decide it the same way: until the service's `remorse_period_ends`, while the bag is placed and has not
 * shipped. The BFF refuses what this refuses before asking the service; the page hides what it refuses.
 */
import { shownFulfillmentStatus } from './statuses.js';

export type CancelState =
  /** May be cancelled now. */
  | 'open'
  /** The remorse window has ended (or the service set none). */
  | 'window_closed'
  | 'shipped'
  /** Cancelled, rejected, refunded or completed already, or never placed. */
  | 'over';

export interface CancelableBag {
  status?: string | null;
  fulfillment_status?: string | null;
  remorse_period_ends?: string | null;
}

/** The remorse window's end as epoch ms (NaN when absent or unreadable; the service also writes `+0000`). */
export const remorseEnds = (bag: CancelableBag) => Date.parse((bag.remorse_period_ends ?? '').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));

/** What the bag's own state says, whatever the window: `shipped`, `over`, or undefined when it may still be cancelled. */
export function bagCancelState(bag: CancelableBag): 'shipped' | 'over' | undefined {
  const shown = shownFulfillmentStatus(bag.fulfillment_status);
  if (shown === 'SHIPPED' || shown === 'PARTIALLY_SHIPPED' || shown === 'DELIVERED') return 'shipped';
  return bag.status === 'SUBMITTED' || bag.status === 'ACCEPTED' ? undefined : 'over';
}

export function cancelState(bag: CancelableBag, now: number): CancelState {
  return bagCancelState(bag) ?? (remorseEnds(bag) > now ? 'open' : 'window_closed');
}
