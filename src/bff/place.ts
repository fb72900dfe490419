/**
 * `POST /api/checkout/place`: places exactly what a quote token states
 * (issue 14.2). The service request is built from the signed quote alone —
 * prices, shipping method and its label, tax, currency, customer, addresses —
 * never from anything else the browser sends. When the service's price,
 * stock or tax differ from the quote, nothing is charged and the answer is
 * 409 `quote_changed` with a fresh quote. One attempt (one `Idempotency-Key`)
 * sends at most one order, even when its outcome is unknown (issue 15.1).
 */
import type { ServiceClient } from '../contract/client.js';
import { PlaceRequestSchema, type QuoteResponse } from '../contract/checkout-api.js';
import type { DirectOrderRequest } from '../contract/direct-order.js';
import type { Order } from '../contract/order.js';
import type { AccessSigner } from './access.js';
import { ApiHttpError, toApiError } from './errors.js';
import { followTotal, requiresAction } from './place-intent.js';
import { appOrderIdFor, fingerprintOf, outcomeUnknown, readIdempotencyKey, type StoredAnswer, type Submission } from './idempotency.js';
import type { IdempotencyStore } from './stores/index.js';
import type { QuoteInput, Quoter } from './quote.js';
import type { QuotedBag, QuotePayload, QuoteTokens } from './quote-token.js';
import { canonicalJson, parseWith } from './validation.js';
import { toShopperOrder } from './shopper-order.js';

export interface PlaceDeps {
  client: ServiceClient;
  quoter: Quoter;
  tokens: QuoteTokens;
  access: AccessSigner;
  submitOnce: (submission: Submission) => Promise<StoredAnswer>;
  /** Where a direct-mode quote is marked as placed (or being placed), so that it makes one order whatever the key. */
  store: IdempotencyStore;
  /** How long an order whose outcome is unknown may still appear: the quote stays taken meanwhile. */
  unknownWindowMs: number;
  now?: () => number;
}

/**
 * One order per direct-mode quote. The `Idempotency-Key` makes one attempt
 * send at most once; a second attempt with another key (the back button,
 * then "Place order" again) would send the same quote again, and the service
 * would make a second order. The first attempt takes the quote before it
 * sends; a definite refusal (declined, changed) gives it back; an unknown
 * outcome keeps it for as long as the order may still appear; a placed order
 * keeps it until the token expires, after which it cannot be placed anyway.
 */
function quoteOnce(store: IdempotencyStore, token: string, attemptKey: string, expiresAt: number, holdMs: number, now: () => number) {
  const id = `quote:${fingerprintOf(token)}`;
  return {
    async take(): Promise<boolean> {
      const at = now();
      const claim = await store.claim(id, { state: 'pending', fingerprint: attemptKey, leaseUntil: at + holdMs, since: at }, holdMs);
      // Still held by this very attempt: the key's runner sends again only once the service said it made nothing.
      return claim.claimed || (claim.current.state === 'pending' && claim.current.fingerprint === attemptKey);
    },
    placed: () => store.set(id, { state: 'done', fingerprint: attemptKey, status: 201, body: null }, Math.max(1, expiresAt - now())),
    giveBack: () => store.delete(id),
  };
}
type QuoteOnce = ReturnType<typeof quoteOnce>;

/** The quote's inputs again, to price them afresh after a change. */
export const inputOf = (q: QuotePayload): QuoteInput => ({
  mode: q.mode,
  currency: q.currency,
  lines: q.bags.flatMap((b) => b.lines.map(({ sku_id, quantity }) => ({ sku_id, quantity }))),
  customer: q.customer,
  shipping_address: q.shipping_address,
  billing_address: q.billing_address,
  shipping: q.shipping,
  ...(q.intent ? { payment: { intent_based_capture: true as const } } : {}),
});

/**
 * What differs between what was quoted and what the service charges now:
 * the SKUs whose price, quantity or availability changed, and the merchants
 * whose shipping, tax or total changed.
 */
export function differences(quoted: readonly QuotedBag[], now: readonly QuotedBag[], unavailable: ReadonlySet<number> = new Set()) {
  const skus = new Set<number>(unavailable);
  const merchants = new Set<number>();
  for (const was of quoted) {
    const is = now.find((b) => b.merchant_id === was.merchant_id);
    if (!is) {
      merchants.add(was.merchant_id);
      for (const l of was.lines) skus.add(l.sku_id);
      continue;
    }
    for (const l of was.lines) {
      const n = is.lines.find((x) => x.sku_id === l.sku_id);
      if (!n || n.price !== l.price || n.quantity !== l.quantity) skus.add(l.sku_id);
    }
    const shipping = (b: QuotedBag) => `${b.shipping?.shipping_method_id ?? ''}:${b.shipping?.price ?? ''}`;
    if (shipping(was) !== shipping(is) || was.tax_total !== is.tax_total || was.total !== is.total) merchants.add(was.merchant_id);
  }
  for (const b of now) if (!quoted.some((q) => q.merchant_id === b.merchant_id)) merchants.add(b.merchant_id);
  return { skus: [...skus], merchants: [...merchants] };
}

/** A priced service cart as the quote token would state it, and its lines that are no longer available. */
function quotedOfCart(cart: Order): { bags: QuotedBag[]; unavailable: Set<number> } {
  const unavailable = new Set<number>();
  const bags = cart.bags.map((bag) => {
    for (const s of bag.skus) if (s.available === false) unavailable.add(s.sku_id);
    const m = bag.shipping_method;
    return {
      merchant_id: bag.merchant_id,
      lines: bag.skus.map((s) => ({ sku_id: s.sku_id, quantity: s.quantity, price: s.price })),
      ...(m ? { shipping: { shipping_method_id: m.shipping_method_id, label: m.label, price: m.price } } : {}),
      sub_total: bag.sub_total ?? 0,
      shipping_total: bag.shipping_total ?? 0,
      tax_total: bag.tax_total ?? 0,
      total: bag.total ?? 0,
    };
  });
  return { bags, unavailable };
}

function quoteChanged(fresh: QuoteResponse, diff: { skus: number[]; merchants: number[] }): StoredAnswer {
  return {
    status: 409,
    // The key is freed: this attempt charged nothing, and the shopper confirms the fresh quote with a new one.
    final: false,
    body: {
      error: {
        code: 'quote_changed',
        message: 'Prices, stock or tax changed since this quote; nothing was charged. Check the new quote and place it again.',
        skus: diff.skus.map((sku_id) => ({ sku_id })),
        fields: [],
        ...(diff.merchants.length === 1 ? { merchant_id: diff.merchants[0] } : {}),
      },
      quote: fresh,
    },
  };
}

const notReady = () =>
  new ApiHttpError(409, 'quote_invalid', 'This quote cannot be placed yet (customer, address, shipping or an available line is missing); ask for a new quote', {
    fields: [{ path: 'quote_token', message: 'not ready' }],
  });

export function createPlacer({ client, quoter, tokens, access, submitOnce, store, unknownWindowMs, now = Date.now }: PlaceDeps) {
  const placed = (order: Order): StoredAnswer => ({ status: 201, body: { status: 'placed', order: toShopperOrder(order), access: access.sign(order.id) } });
  const pending = (retryAfterS: number): StoredAnswer => ({
    status: 202,
    body: { status: 'pending', retry_after: retryAfterS },
    headers: { 'retry-after': String(retryAfterS) },
  });

  /** Direct mode: the service's stock and price checks are the comparison; a refusal is answered with a fresh quote. */
  async function sendDirect(q: QuotePayload, appOrderId: string, payment: DirectOrderRequest['payment_method'], once: QuoteOnce): Promise<StoredAnswer> {
    if (!(await once.take())) return alreadyPlaced('quote');
    const request: DirectOrderRequest = {
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
          discounts: [],
        })),
        shipping_address: q.shipping_address!,
        billing_address: q.billing_address,
        currency: q.currency,
      },
    };
    try {
      const order = await client.createDirectOrder(request);
      await once.placed();
      return placed(order);
    } catch (err) {
      if (!outcomeUnknown(err)) await once.giveBack();
      const api = toApiError(err);
      if (api.code !== 'out_of_stock' && api.code !== 'price_changed') throw err;
      // Nothing was created (the service checks stock and prices before it charges): price again to show what changed.
      const fresh = await quoter.quote(inputOf(q)).catch(() => {
        throw err;
      });
      const named = new Set(api.details.skus?.flatMap((s) => (s.sku_id != null ? [s.sku_id] : [])) ?? []);
      return quoteChanged(fresh.response, differences(q.bags, fresh.payload.bags, named));
    }
  }

  /** Cart mode: price the service cart and compare BEFORE the payment is applied and the cart submitted. */
  async function sendCart(
    q: QuotePayload,
    appOrderId: string,
    payment: DirectOrderRequest['payment_method'] | undefined,
    intentConfirmed: boolean,
  ): Promise<StoredAnswer> {
    const cartId = q.cart_id!;
    const cart = await client.priceCart(cartId);
    if ((cart.status ?? 'IN_PROGRESS') !== 'IN_PROGRESS') return reconciledCart(cart, appOrderId) ?? alreadyPlaced('cart');
    const now = quotedOfCart(cart);
    const diff = differences(q.bags, now.bags, now.unavailable);
    if (diff.skus.length || diff.merchants.length || (cart.currency ?? q.currency) !== q.currency) {
      // A Stripe intent follows the new total first (an authorization for the old one is released there).
      const changed = q.intent ? await followTotal(client, cart) : cart;
      return quoteChanged((await quoter.fromCart(inputOf(q), changed)).response, diff);
    }
    if (q.intent) {
      const action = await requiresAction(client, cart, intentConfirmed);
      if (action) return action;
    } else if (payment) await client.applyPayment(cartId, payment);
    const order = await client.submitCart(cartId, { app_order_id: appOrderId });
    if ((order.status ?? 'IN_PROGRESS') === 'IN_PROGRESS') {
      // Every bag failed before submission: nothing was placed, the key stays free for another try.
      return { status: 502, final: false, body: { error: { code: 'upstream_error', message: 'No merchant accepted the order; nothing was charged', skus: [], fields: [] } } };
    }
    return placed(order);
  }

  /** Nothing was sent: the shopper's order is the other attempt's (their first press), never a second one. */
  const alreadyPlaced = (what: 'cart' | 'quote'): StoredAnswer => ({
    status: 409,
    final: false,
    body: { error: { code: 'quote_used', message: `This ${what} was already placed, or is being placed, by another attempt; nothing more was charged`, skus: [], fields: [] } },
  });

  /** The cart's order when it was submitted by this attempt (its `app_order_id` verified equal). */
  function reconciledCart(cart: Order, appOrderId: string): StoredAnswer | undefined {
    if ((cart.status ?? 'IN_PROGRESS') === 'IN_PROGRESS') return undefined;
    return cart.app_order_id === appOrderId ? placed(cart) : alreadyPlaced('cart');
  }

  return async function place(request: Request, raw: unknown): Promise<StoredAnswer> {
    const key = readIdempotencyKey(request);
    const given = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    // Token first: nothing reaches the service for a request that is not ours.
    if (typeof given.quote_token !== 'string' || !given.quote_token) {
      throw new ApiHttpError(400, 'quote_invalid', 'quote_token is required', { fields: [{ path: 'quote_token', message: 'required' }] });
    }
    const q = tokens.verify(given.quote_token);
    if (given.payment == null) {
      throw new ApiHttpError(400, 'payment_required', 'A payment is required to place the order', { fields: [{ path: 'payment', message: 'required' }] });
    }
    const input = parseWith(PlaceRequestSchema, raw);
    if (input.currency && input.currency !== q.currency) {
      throw new ApiHttpError(422, 'currency_mismatch', `This quote is in ${q.currency}, not ${input.currency}; ask for a new quote`, {
        fields: [{ path: 'currency', message: `the quote is in ${q.currency}` }],
      });
    }
    if (!q.ready || !q.customer || !q.shipping_address || q.bags.some((b) => !b.shipping)) throw notReady();
    const intent = 'intent_confirmed' in input.payment;
    if (intent && !(q.mode === 'cart' && q.intent)) {
      throw new ApiHttpError(400, 'payment_required', 'This quote is not paid through a PaymentIntent; send a payment token', {
        fields: [{ path: 'payment.token', message: 'required' }],
      });
    }
    const method =
      'token' in input.payment
        ? {
            type: input.payment.type ?? 'SINGLE_USE_CARD_TOKEN',
            payment_provider: input.payment.payment_provider ?? 'STRIPE',
            token: input.payment.token,
          }
        : undefined;
    const appOrderId = appOrderIdFor(key);
    const once = quoteOnce(store, given.quote_token, key, q.exp, unknownWindowMs, now);
    return submitOnce({
      key,
      fingerprint: fingerprintOf('checkout-place', given.quote_token, canonicalJson(input.payment)),
      send: () => (q.mode === 'cart' ? sendCart(q, appOrderId, method, intent) : sendDirect(q, appOrderId, method, once)),
      async reconcile() {
        if (q.mode === 'cart') return reconciledCart(await client.getCart(q.cart_id!), appOrderId);
        // Verified equal: a search that ignored or widened the filter must not hand us another attempt's order.
        const found = (await client.findOrdersByAppOrderId(appOrderId)).find((o) => o.app_order_id === appOrderId);
        if (!found) return undefined;
        await once.placed();
        return placed(found);
      },
      pending,
    });
  };
}
