/**
 * Cart mode paid through a Stripe PaymentIntent (issue 16): the service
 * creates the intent when the cart's payment is applied with
 * `intent_based_capture`; the browser confirms it with Stripe.js; only then
 * is the cart submitted. The intent's amount follows the cart through the
 * service's `payment/update` whenever the total moved (issue 26.5), and an
 * authorization for a total that is no longer the cart's is released there
 * (issue 25.5). docs/payments.md tells the whole exchange.
 */
import type { ServiceClient } from '../contract/client.js';
import type { Order, PaymentRequest } from '../contract/order.js';
import { ApiHttpError } from './errors.js';
import type { StoredAnswer } from './idempotency.js';

// The service takes `{ "intent_based_capture": true }` with no token; the provider is named for
// services that ask for it (the sandbox accepts both).
const INTENT_PAYMENT: PaymentRequest = { payment_provider: 'STRIPE', intent_based_capture: true };

/** A cart the service can create an intent for: customer, address and a shipping method per bag. */
const readyForIntent = (cart: Order) =>
  !!cart.customer && !!cart.shipping_address && cart.bags.length > 0 && cart.bags.every((b) => !!b.shipping_method);

/** The cart's Stripe transaction: its PaymentIntent as the service shows it (amount and capture status). */
const intentTransaction = (cart: Order) =>
  cart.payment_transactions.find((t) => t.payment_provider === 'STRIPE' && t.payment_provider_transaction_id?.startsWith('pi_'));

/** The intent is for another amount than the cart's total (or the service does not say: assume it moved). */
function intentStale(cart: Order): boolean {
  const amount = intentTransaction(cart)?.amount;
  return amount == null || amount !== cart.total;
}

/** Stripe authorized the intent for exactly the cart's total: it can be submitted without confirming again. */
function authorizedForTotal(cart: Order): boolean {
  const t = intentTransaction(cart);
  return !!t && t.amount === cart.total && /^(AUTHORIZED|REQUIRES_CAPTURE|CAPTURED)$/i.test(t.capture_status ?? t.status ?? '');
}

/**
 * The cart's intent made to charge the cart's total: `payment/update` when
 * it exists and the total moved since it was made (the service updates an
 * unconfirmed intent's amount, and releases an authorization for another
 * total); nothing when it already matches or the cart has none.
 */
export async function followTotal(client: ServiceClient, cart: Order, changed = false): Promise<Order> {
  if (!cart.payment_intent_client_secret || !(changed || intentStale(cart))) return cart;
  return client.updatePayment(cart.id);
}

/**
 * Quote time: once the cart is ready, ask the service for its PaymentIntent so
 * the quote carries `payment` (the publishable key and the client secret); an
 * intent the cart already has follows its total, so a `ready` quote never
 * carries an intent for an amount the cart no longer has.
 */
export async function ensureIntent(client: ServiceClient, cart: Order, changed: boolean): Promise<Order> {
  if (!readyForIntent(cart)) return cart;
  if (!cart.payment_intent_client_secret) return client.applyPayment(cart.id, INTENT_PAYMENT);
  return followTotal(client, cart, changed);
}

/**
 * Place time, after the cart was priced and compared with the quote. Not yet
 * confirmed: the intent is brought to the cart's total if it moved
 * (`payment/update`, the step the service's own web demo takes right before
 * `stripe.confirmPayment`) and the answer is `requires_action`; it settles nothing (`final: false`), so
 * the widget finishes the same attempt with the same `Idempotency-Key` and
 * `{ intent_confirmed: true }`. Confirmed, or Stripe already authorized this
 * very total (the shopper confirmed it in an earlier attempt): nothing to do
 * here, the cart is submitted; the service refuses a cart whose intent Stripe
 * did not authorize for its total.
 */
export async function requiresAction(client: ServiceClient, cart: Order, confirmed: boolean): Promise<StoredAnswer | undefined> {
  if (confirmed || authorizedForTotal(cart)) return undefined;
  // The quote already brought the intent to the cart's total: `payment/update` again only when it moved since.
  const ready = cart.payment_intent_client_secret ? await followTotal(client, cart) : await client.applyPayment(cart.id, INTENT_PAYMENT);
  if (!ready.payment_intent_client_secret || !ready.stripe_key) {
    throw new ApiHttpError(502, 'upstream_error', 'The service did not return a payment to confirm; nothing was charged');
  }
  return {
    status: 200,
    final: false,
    body: { status: 'requires_action', payment_intent_client_secret: ready.payment_intent_client_secret, stripe_key: ready.stripe_key },
  };
}
