/**
 * `POST /api/checkout/place`: places exactly what a quote token states
 * (issue 14.2). The service request is built from the signed quote alone —
 * prices, shipping method and its label, tax, currency, customer, addresses —
 * never from anything else the browser sends. When the service's price,
 * stock or tax differ from the quote, nothing is charged and the answer is
 * 409 `quote_changed` with a fresh quote. One attempt (one `Idempotency-Key`)
 * sends at most one order, even when its outcome is unknown (issue 15.1).
 *
 * The attempt's record decides, not the token (issue 25.1): a key that
 * already has a record is answered from it whatever the token's expiry or
 * signing key; only a new key is refused for an expired (410) or invalid
 * (400) token, and only after the service was asked (a read by the key's
 * `app_order_id`, never a submit) whether it holds the key's order — so a
 * 410 or 400 to a resend means "definitely not placed".
 */
import type { ServiceClient } from '../contract/client.js';
import { PlaceRequestSchema, type PlaceRequest } from '../contract/checkout-api.js';
import type { DirectOrderRequest } from '../contract/direct-order.js';
import type { Order } from '../contract/order.js';
import type { AccessSigner } from './access.js';
import { ApiHttpError, toApiError } from './errors.js';
import { appOrderIdFor, fingerprintOf, outcomeUnknown, readIdempotencyKey, type StoredAnswer, type Submission } from './idempotency.js';
import { createCartPlace } from './place-cart.js';
import { differences, inputOf, quoteChanged, statesOrder } from './place-compare.js';
import { cartGuard, duplicateGuard, holding, quoteGuard, quoteMayBePlaced, releaseAll, type Guard, type GuardOptions } from './place-guards.js';
import type { IdempotencyStore } from './stores/index.js';
import type { Quoter } from './quote.js';
import type { QuotePayload, QuoteTokens } from './quote-token.js';
import { canonicalJson, parseWith } from './validation.js';
import { toShopperOrder } from './shopper-order.js';

export interface PlaceDeps {
  client: ServiceClient;
  quoter: Quoter;
  tokens: QuoteTokens;
  access: AccessSigner;
  submitOnce: (submission: Submission) => Promise<StoredAnswer>;
  /** Where what an attempt holds is kept (the quote, the cart, the shopper's recent order: place-guards.ts). */
  store: IdempotencyStore;
  /** How long an order whose outcome is unknown may still appear: what the attempt holds stays held meanwhile. */
  unknownWindowMs: number;
  /** Told of each order placed (`onOrderPlaced`, deduplicated by order id in `order-placed.ts`). */
  onPlaced?: (order: Order) => void;
  now?: () => number;
}

const notReady = () =>
  new ApiHttpError(409, 'quote_invalid', 'This quote cannot be placed yet (customer, address, shipping or an available line is missing); ask for a new quote', {
    fields: [{ path: 'quote_token', message: 'not ready' }],
  });

type Payment = DirectOrderRequest['payment_method'];

/** The service's payment method of a token payment; `undefined` for a confirmed PaymentIntent. */
function paymentMethodOf(payment: PlaceRequest['payment']): Payment | undefined {
  if (!('token' in payment)) return undefined;
  return { type: payment.type ?? 'SINGLE_USE_CARD_TOKEN', payment_provider: payment.payment_provider ?? 'STRIPE', token: payment.token };
}

/** The request's shape, before the token is trusted: what the key's record is matched against. */
function readRequest(raw: unknown) {
  const given = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (typeof given.quote_token !== 'string' || !given.quote_token) {
    throw new ApiHttpError(400, 'quote_invalid', 'quote_token is required', { fields: [{ path: 'quote_token', message: 'required' }] });
  }
  if (given.payment == null) {
    throw new ApiHttpError(400, 'payment_required', 'A payment is required to place the order', { fields: [{ path: 'payment', message: 'required' }] });
  }
  const input = parseWith(PlaceRequestSchema, raw);
  return { input, fingerprint: fingerprintOf('checkout-place', input.quote_token, canonicalJson(input.payment)) };
}

type PlaceInput = ReturnType<typeof readRequest>['input'];

/** What a verified quote must be to be placed with this request. */
function checkPlaceable(q: QuotePayload, input: PlaceInput) {
  if (input.currency && input.currency !== q.currency) {
    throw new ApiHttpError(422, 'currency_mismatch', `This quote is in ${q.currency}, not ${input.currency}; ask for a new quote`, {
      fields: [{ path: 'currency', message: `the quote is in ${q.currency}` }],
    });
  }
  if (!q.ready || !q.customer || !q.shipping_address || q.bags.some((b) => !b.shipping)) throw notReady();
  if ('intent_confirmed' in input.payment && !(q.mode === 'cart' && q.intent)) {
    throw new ApiHttpError(400, 'payment_required', 'This quote is not paid through a PaymentIntent; send a payment token', {
      fields: [{ path: 'payment.token', message: 'required' }],
    });
  }
}

/** What placing needs besides the request: the deps, and the answers every path gives. */
interface Placing extends PlaceDeps {
  now: () => number;
  placed(order: Order): StoredAnswer;
  pending(retryAfterS: number): StoredAnswer;
  cart: ReturnType<typeof createCartPlace>;
}

/** The order the service holds under this attempt's `app_order_id` (verified equal: a loose search hands us no one else's). */
const ownOrder = async (p: Placing, appOrderId: string) =>
  (await p.client.findOrdersByAppOrderId(appOrderId)).find((o) => o.app_order_id === appOrderId);

/** The direct order a quote states, filed under the attempt's `app_order_id`. */
function directOrderOf(q: QuotePayload, appOrderId: string, payment: Payment): DirectOrderRequest {
  return {
    payment_method: payment,
    order: {
      app_order_id: appOrderId,
      customer: q.customer!,
      bags: q.bags.map((b) => ({
        merchant_id: b.merchant_id,
        skus: b.lines.map(({ sku_id, quantity, price }) => ({ sku_id, quantity, price })),
        // The label is the quote's (the merchant's own), never the browser's (issue 15.11).
        shipping_method: b.shipping!,
        tax_total: b.tax_total,
        // The quote's applied codes at their quoted amounts: the charge is the quote's (docs/contract.md "Discount codes").
        discounts: b.discounts.map(({ code, amount }) => ({ code, amount })),
      })),
      shipping_address: q.shipping_address!,
      billing_address: q.billing_address,
      currency: q.currency,
    },
  };
}

/** Direct mode: the service's stock and price checks are the comparison; a refusal is answered with a fresh quote. */
async function sendDirect(p: Placing, q: QuotePayload, appOrderId: string, payment: Payment): Promise<StoredAnswer> {
  try {
    return p.placed(await p.client.createDirectOrder(directOrderOf(q, appOrderId, payment)));
  } catch (err) {
    const api = toApiError(err);
    if (outcomeUnknown(err) || (api.code !== 'out_of_stock' && api.code !== 'price_changed')) throw err;
    // Nothing was created (the service checks stock and prices before it charges): price again to show what changed.
    const fresh = await p.quoter.quote(inputOf(q)).catch(() => {
      throw err;
    });
    const named = new Set(api.details.skus?.flatMap((s) => (s.sku_id != null ? [s.sku_id] : [])) ?? []);
    return quoteChanged(q, fresh.response, differences(q.bags, fresh.payload.bags, named));
  }
}

/** What an attempt's guards are kept in, and for how long at least. */
const guardOptions = (p: Placing, key: string): GuardOptions => ({ store: p.store, attemptKey: key, holdMs: p.unknownWindowMs, now: p.now });

/** A token that no longer verifies: the key's record answers; a new key is refused once the service holds no order of it. */
function fromRecord(p: Placing, key: string, fingerprint: string, token: string, refusal: unknown): Promise<StoredAnswer> {
  const appOrderId = appOrderIdFor(key);
  /**
   * `recorded`: the key's record names this exact token (verified when the record was made). Without a
   * record the token is all that ties the request to the key's order, so it must state exactly that order:
   * knowing someone's key is not enough to read their order.
   */
  const found = async (recorded: boolean) => {
    const order = await ownOrder(p, appOrderId);
    let q: QuotePayload | undefined;
    try {
      q = p.tokens.readPayload(token);
    } catch {
      return undefined;
    }
    if (!order || (!recorded && !statesOrder(q, order))) return undefined;
    // Only a token we verified may have the order canceled for differing from it; one that states it exactly has nothing to cancel.
    const answer = recorded && q.mode === 'cart' ? await p.cart.checked(q, order) : p.placed(order);
    // The browser's recent order, remembered again (Redis may have come back empty since): another tab is asked to confirm.
    if (answer.status === 201) await duplicateGuard(guardOptions(p, key), q, false)?.placed().catch(() => {});
    return answer;
  };
  return p.submitOnce({
    key,
    fingerprint,
    async send() {
      // Never a submit: only a read by the id the key makes, so nothing reaches the service for a request that is not ours.
      const answer = await found(false).catch(() => {
        throw new ApiHttpError(503, 'upstream_unavailable', 'The checkout is briefly unavailable; try again shortly', { retry_after: 1 }, { 'retry-after': '1' });
      });
      if (!answer) throw refusal;
      return answer;
    },
    reconcile: () => found(true),
    pending: p.pending,
  });
}

/** A verified, placeable quote sent once under the attempt's key, behind the guards that keep one order per quote, cart and shopper. */
function placeQuote(p: Placing, key: string, fingerprint: string, input: PlaceInput, q: QuotePayload): Promise<StoredAnswer> {
  const intent = 'intent_confirmed' in input.payment;
  const method = paymentMethodOf(input.payment);
  const appOrderId = appOrderIdFor(key);
  const held = guardOptions(p, key);
  // The same quote (or cart) pressed again is `quote_used` (nothing to confirm); only another quote of the same lines is a duplicate.
  const guards = [
    q.mode === 'cart' ? cartGuard(held, q.cart_id!, q) : quoteGuard(held, input.quote_token, q),
    duplicateGuard(held, q, input.confirm_duplicate === true),
  ].filter((g): g is Guard => !!g);
  return p.submitOnce({
    key,
    fingerprint,
    notBefore: q.iat,
    async send() {
      // A merchant hidden since the quote (needs attention, disconnected) is not sent an order (issue 25.9).
      await p.quoter.assertShoppable(q.bags.map((b) => b.merchant_id));
      return holding(guards, () => (q.mode === 'cart' ? p.cart.send(q, appOrderId, method, intent) : sendDirect(p, q, appOrderId, method!)));
    },
    async reconcile() {
      const found = q.mode === 'cart' ? await p.cart.reconcile(q, appOrderId) : await ownOrder(p, appOrderId).then((o) => o && p.placed(o));
      // An order found again is held again: after Redis came back empty its quote, cart and "two tabs" records are gone.
      if (found?.status === 201) await Promise.all(guards.map((g) => g.placed().catch(() => {})));
      return found;
    },
    notPlaced: () => releaseAll(guards),
    pending: p.pending,
    // A service cart is submitted once whatever the store lost; a direct quote's hold was in the store alone.
    lostRecords: q.mode === 'direct' ? quoteMayBePlaced : undefined,
  });
}

export function createPlacer(deps: PlaceDeps) {
  const placed = (order: Order): StoredAnswer => {
    deps.onPlaced?.(order);
    return { status: 201, body: { status: 'placed', order: toShopperOrder(order), access: deps.access.sign(order.id) } };
  };
  const pending = (retryAfterS: number): StoredAnswer => ({
    status: 202,
    body: { status: 'pending', retry_after: retryAfterS },
    headers: { 'retry-after': String(retryAfterS) },
  });
  const p: Placing = { ...deps, now: deps.now ?? Date.now, placed, pending, cart: createCartPlace({ client: deps.client, quoter: deps.quoter, placed }) };

  return async function place(request: Request, raw: unknown): Promise<StoredAnswer> {
    const key = readIdempotencyKey(request);
    const { input, fingerprint } = readRequest(raw);
    let q: QuotePayload;
    try {
      q = p.tokens.verify(input.quote_token);
    } catch (err) {
      if (err instanceof ApiHttpError && (err.code === 'quote_expired' || err.code === 'quote_invalid')) {
        return fromRecord(p, key, fingerprint, input.quote_token, err);
      }
      throw err;
    }
    checkPlaceable(q, input);
    return placeQuote(p, key, fingerprint, input, q);
  };
}
