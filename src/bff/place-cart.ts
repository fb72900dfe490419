/**
 * Cart mode's place (issue 14, 25.3): the service cart is priced and compared
 * with the quote before the payment is applied and the cart submitted, and
 * the order the service made is compared with the quote again afterwards —
 * a merchant's price can rise between the two calls, and the service prices
 * the cart once more when it submits. An order that differs from the quote
 * (lines, unit prices, shipping, tax, totals) is canceled at once, never
 * charged silently, and the shopper gets 409 `quote_changed` with a fresh quote.
 * While the attempt runs it holds the cart (place-guards.ts): no other attempt
 * submits it and no quote edits it.
 */
import type { ServiceClient } from '../contract/client.js';
import type { DirectOrderRequest } from '../contract/direct-order.js';
import type { Order } from '../contract/order.js';
import { AfterSendError, type StoredAnswer } from './idempotency.js';
import { alreadyPlaced } from './place-guards.js';
import { followTotal, requiresAction } from './place-intent.js';
import { differences, inputOf, quoteChanged, quotedOfCart } from './place-compare.js';
import type { Quoter } from './quote.js';
import type { QuotePayload } from './quote-token.js';

export interface CartPlaceDeps {
  client: ServiceClient;
  quoter: Quoter;
  placed(order: Order): StoredAnswer;
}

const submitted = (cart: Order) => (cart.status ?? 'IN_PROGRESS') !== 'IN_PROGRESS';

/** The order exists: whatever fails after it (the check, the cancel) leaves the outcome unknown, never "nothing happened". */
async function afterSend(work: () => Promise<StoredAnswer>): Promise<StoredAnswer> {
  try {
    return await work();
  } catch (err) {
    throw new AfterSendError(err);
  }
}

export function createCartPlace({ client, quoter, placed }: CartPlaceDeps) {
  /**
   * The order the service made, checked against the quote: the same, it is placed; otherwise it is
   * canceled (its authorization voided) and the shopper is shown the fresh quote of the same lines.
   */
  async function checked(q: QuotePayload, order: Order): Promise<StoredAnswer> {
    const now = quotedOfCart(order);
    const diff = differences(q.bags, now.bags);
    if (!diff.skus.length && !diff.merchants.length && (order.currency ?? q.currency) === q.currency) return placed(order);
    await client.cancelOrder(order.id);
    // The submitted cart cannot change any more: the fresh quote starts a new one with the same lines.
    const fresh = await quoter.quote(inputOf(q));
    // Kept for the key: this attempt made an order (canceled), so it is never sent again.
    return { ...quoteChanged(q, fresh.response, diff), final: true };
  }

  /** The cart's order when this attempt submitted it (its `app_order_id` verified equal), checked against the quote. */
  async function reconcile(q: QuotePayload, appOrderId: string): Promise<StoredAnswer | undefined> {
    const cart = await client.getCart(q.cart_id!);
    if (!submitted(cart)) return undefined;
    return cart.app_order_id === appOrderId ? checked(q, cart) : alreadyPlaced('cart');
  }

  /** Price the service cart and compare BEFORE the payment is applied and the cart submitted; check the order after. */
  async function send(
    q: QuotePayload,
    appOrderId: string,
    payment: DirectOrderRequest['payment_method'] | undefined,
    intentConfirmed: boolean,
  ): Promise<StoredAnswer> {
    const cartId = q.cart_id!;
    const cart = await client.priceCart(cartId);
    if (submitted(cart)) return cart.app_order_id === appOrderId ? afterSend(() => checked(q, cart)) : alreadyPlaced('cart');
    const now = quotedOfCart(cart);
    const diff = differences(q.bags, now.bags, now.unavailable);
    if (diff.skus.length || diff.merchants.length || (cart.currency ?? q.currency) !== q.currency) {
      // A Stripe intent follows the new total first (an authorization for the old one is released there).
      const changed = q.intent ? await followTotal(client, cart) : cart;
      return quoteChanged(q, (await quoter.fromCart(inputOf(q), changed)).response, diff);
    }
    if (q.intent) {
      const action = await requiresAction(client, cart, intentConfirmed);
      if (action) return action;
    } else if (payment) await client.applyPayment(cartId, payment);
    const order = await client.submitCart(cartId, { app_order_id: appOrderId });
    if (!submitted(order)) {
      // Every bag failed before submission: nothing was placed, the key stays free for another try.
      return { status: 502, final: false, body: { error: { code: 'upstream_error', message: 'No merchant accepted the order; nothing was charged', skus: [], fields: [] } } };
    }
    return afterSend(() => checked(q, order));
  }

  return { send, reconcile, checked };
}
