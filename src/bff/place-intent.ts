/**
 * Cart mode paid through a Stripe PaymentIntent (issue 16): the service
 * creates the intent when the cart's payment is applied with
 * `intent_based_capture`; the browser confirms it with Stripe.js; only then
 * is the cart submitted. docs/payments.md tells the whole exchange.
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

/**
 * Quote time: once the cart is ready, ask the service for its PaymentIntent so
 * the quote carries `payment` (the publishable key and the client secret). A
 * cart whose total did not change keeps its intent (the service answers the same one).
 */
export async function ensureIntent(client: ServiceClient, cart: Order, changed: boolean): Promise<Order> {
  if (!readyForIntent(cart) || (!changed && cart.payment_intent_client_secret)) return cart;
  return client.applyPayment(cart.id, INTENT_PAYMENT);
}

/**
 * Place time, after the cart was priced and compared with the quote. Not yet
 * confirmed: (re)apply the intent for the cart as it now stands and answer
 * `requires_action`; the answer settles nothing (`final: false`), so the widget
 * finishes the same attempt with the same `Idempotency-Key` and
 * `{ intent_confirmed: true }`. Confirmed: nothing to do here — the service
 * refuses to submit a cart whose intent Stripe did not authorize.
 */
export async function requiresAction(client: ServiceClient, cartId: number, confirmed: boolean): Promise<StoredAnswer | undefined> {
  if (confirmed) return undefined;
  const cart = await client.applyPayment(cartId, INTENT_PAYMENT);
  if (!cart.payment_intent_client_secret || !cart.stripe_key) {
    throw new ApiHttpError(502, 'upstream_error', 'The service did not return a payment to confirm; nothing was charged');
  }
  return {
    status: 200,
    final: false,
    body: { status: 'requires_action', payment_intent_client_secret: cart.payment_intent_client_secret, stripe_key: cart.stripe_key },
  };
}
