/**
 * Status values shown to shoppers, free of zod so browser code can import
 * them without paying for the validator.
 */

/** Fulfillment values that mean the same as one the widget shows: a FULFILLED bag has shipped (violet-swift `Bag.FulfillmentStatus`). */
const FULFILLMENT_SHOWN_AS: Readonly<Record<string, string>> = { FULFILLED: 'SHIPPED', PARTIALLY_FULFILLED: 'PARTIALLY_SHIPPED' };

/** The fulfillment status as the widget shows (and the BFF ranks) it. */
export function shownFulfillmentStatus<T extends string | null | undefined>(status: T): T | string {
  return (status && FULFILLMENT_SHOWN_AS[status]) ?? status;
}

/** Health check statuses that mean something is wrong: NEEDS_ATTENTION shows as FAILED does. */
export const isFailingCheckStatus = (status: string | null | undefined) => status === 'FAILED' || status === 'NEEDS_ATTENTION';

/** A bag's status, under either name the service gives it (`bag_status` in webhooks, `status` in orders). */
export function bagStatus(bag: { status?: string | null; bag_status?: string | null }): string | undefined {
  return bag.bag_status ?? bag.status ?? undefined;
}
