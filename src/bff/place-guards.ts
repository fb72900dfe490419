/**
 * What an attempt holds while it places, so that one press makes one order
 * whatever else is pressed meanwhile (issue 25):
 *
 * - the direct-mode quote (`quote:<token hash>`): a second attempt of the same
 *   quote with another key (the back button) is refused with `quote_used`;
 * - the service cart (`cart:<id>`, cart mode): no other attempt submits it,
 *   and no quote edits it (quote.ts asks `cartHeld`), so the cart submitted is
 *   the cart compared with the quote;
 * - the shopper's recent order (`recent:<device, address, lines>`): the same
 *   browser placing the same lines to the same address again within
 *   `DUPLICATE_WINDOW_MS` is asked to confirm (409 `duplicate_order`; docs/checkout.md, "Two tabs").
 *
 * Each is taken before anything is sent (a store that cannot be written
 * refuses the place: nothing sent), given back when the attempt definitely
 * made nothing, and kept when it placed or its outcome is unknown.
 */
import type { QuotePayload } from './quote-token.js';
import { fingerprintOf, outcomeUnknown, type StoredAnswer } from './idempotency.js';
import type { IdempotencyStore } from './stores/index.js';
import { canonicalJson } from './validation.js';

/**
 * How long after an order the same browser placing the same lines to the same address counts as a
 * second tab (or a second press) rather than a new purchase: long enough for a tab left open during a
 * coffee, short enough that a deliberate reorder the next day is never questioned.
 */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;

export interface Guard {
  /** Takes the guard; the refusal to answer (nothing was sent) when another attempt holds it. */
  take(): Promise<StoredAnswer | undefined>;
  /** The attempt placed its order: keep the guard for as long as it matters. */
  placed(): Promise<void>;
  /** The attempt definitely made nothing: free the guard. */
  giveBack(): Promise<void>;
}

interface HoldOptions {
  store: IdempotencyStore;
  id: string;
  attemptKey: string;
  /**
   * How long the guard outlives an attempt that never settles (its instance died, the shopper left):
   * an attempt settles by placing, by a definite refusal, or as "not placed" once its outcome stayed
   * unknown through the window (`notPlaced`).
   */
  holdMs: number;
  /** How long the guard is kept once the attempt placed. */
  placedMs: number;
  refusal: () => StoredAnswer;
  /** An answer from a confirmed shopper takes the guard over instead of being refused. */
  takeOver?: boolean;
  now: () => number;
}

function hold({ store, id, attemptKey, holdMs, placedMs, refusal, takeOver = false, now }: HoldOptions): Guard {
  const pending = () => {
    const at = now();
    return { state: 'pending' as const, fingerprint: attemptKey, leaseUntil: at + holdMs, since: at };
  };
  return {
    async take() {
      if (takeOver) {
        await store.set(id, pending(), holdMs);
        return undefined;
      }
      const claim = await store.claim(id, pending(), holdMs);
      // Still held by this very attempt: its key's runner sends again only once the service said it made nothing.
      if (claim.claimed || claim.current.fingerprint === attemptKey) return undefined;
      return refusal();
    },
    placed: () => store.set(id, { state: 'done', fingerprint: attemptKey, status: 201, body: null }, Math.max(1, placedMs)),
    async giveBack() {
      if ((await store.get(id))?.fingerprint === attemptKey) await store.delete(id);
    },
  };
}

const refused = (code: 'quote_used' | 'duplicate_order', message: string): StoredAnswer => ({
  status: 409,
  // The key is freed: nothing was sent, and the shopper decides what to do next.
  final: false,
  body: { error: { code, message, skus: [], fields: [] } },
});

/** Nothing was sent: the shopper's order is the other attempt's (their first press), never a second one. */
export const alreadyPlaced = (what: 'cart' | 'quote') =>
  refused('quote_used', `This ${what} was already placed, or is being placed, by another attempt; nothing more was charged`);

/** A direct quote from before the store came back empty, with no order under this key: maybe placed under another. */
export const quoteMayBePlaced = () =>
  refused('quote_used', 'This quote may have been placed by another attempt, which can no longer be told apart; this one charged nothing. Check your orders before placing again.');

/** `holdMs`: the unknown window, the least any hold lasts. */
export type GuardOptions = { store: IdempotencyStore; attemptKey: string; holdMs: number; now: () => number };

/** Until the quote expires: after that it cannot be placed anyway, and before it nothing short of a settled attempt frees it. */
const untilExpiry = (o: GuardOptions, q: QuotePayload) => Math.max(o.holdMs, q.exp - o.now());

/** The direct-mode quote, held (and once placed, kept) until it expires. */
export const quoteGuard = (o: GuardOptions, token: string, q: QuotePayload) =>
  hold({ ...o, id: `quote:${fingerprintOf(token)}`, holdMs: untilExpiry(o, q), placedMs: q.exp - o.now(), refusal: () => alreadyPlaced('quote') });

const cartLockId = (cartId: number) => `cart:${cartId}`;

/** The service cart (cart mode): once placed the service refuses to change it, so the hold may end with the window. */
export const cartGuard = (o: GuardOptions, cartId: number, q: QuotePayload) =>
  hold({ ...o, id: cartLockId(cartId), holdMs: untilExpiry(o, q), placedMs: o.holdMs, refusal: () => alreadyPlaced('cart') });

/**
 * True while an attempt holds the cart: a quote must not edit it (the price placed is the price quoted).
 * A store that cannot be read answers false: no attempt can start while it is down (the claim needs it),
 * quotes keep working, and an edit that slips in is still caught by the check of the order after submit.
 */
export const cartHeld = (store: IdempotencyStore, cartId: number) =>
  store.get(cartLockId(cartId)).then(
    (held) => held !== undefined,
    () => false,
  );

/** The same browser, lines (SKU and quantity) and address; `undefined` without a device id (headless use). */
export function duplicateGuard(o: GuardOptions, q: QuotePayload, confirmed: boolean): Guard | undefined {
  if (!q.device_id) return undefined;
  const lines = q.bags.flatMap((b) => b.lines.map((l) => `${l.sku_id}x${l.quantity}`)).sort().join(',');
  const id = `recent:${fingerprintOf(q.device_id, canonicalJson(q.shipping_address ?? null), lines)}`;
  return hold({
    ...o,
    id,
    placedMs: DUPLICATE_WINDOW_MS,
    takeOver: confirmed,
    refusal: () =>
      refused(
        'duplicate_order',
        'These items were just ordered to this address from this browser (another tab?). Nothing was charged; confirm to place a second order.',
      ),
  });
}

/** Frees the guards this attempt holds (best effort: one that cannot be freed ends with its hold). */
export const releaseAll = (guards: readonly Guard[]) => Promise.all(guards.map((g) => g.giveBack().catch(() => {}))).then(() => {});

/**
 * Runs `send` holding every guard: refused (nothing sent) when one is held by another attempt; the
 * guards freed when the attempt definitely placed nothing, kept when it placed or may have. A guard that cannot be
 * written before sending refuses the place (the store error); after, a write that fails costs nothing
 * but the guard's early release (it ends with its hold).
 */
export async function holding(guards: readonly Guard[], send: () => Promise<StoredAnswer>): Promise<StoredAnswer> {
  const taken: Guard[] = [];
  const release = () => releaseAll(taken);
  try {
    for (const g of guards) {
      const refusal = await g.take();
      if (refusal) {
        await release();
        return refusal;
      }
      taken.push(g);
    }
  } catch (err) {
    await release();
    throw err;
  }
  let answer: StoredAnswer;
  try {
    answer = await send();
  } catch (err) {
    if (!outcomeUnknown(err)) await release();
    throw err;
  }
  // Only a placed order keeps them: an answer that settled nothing, or an order canceled for a changed price, frees them.
  if (answer.status !== 201) await release();
  else await Promise.all(taken.map((g) => g.placed().catch(() => {})));
  return answer;
}
