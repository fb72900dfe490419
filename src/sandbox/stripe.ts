/**
 * The service's Stripe side, as the sandbox plays it (docs/payments.md):
 * PaymentIntents for carts paid with `intent_based_capture` or created with
 * `wallet_based_checkout`, and Stripe's documented test tokens for direct
 * orders. Nothing here talks to Stripe; `POST /__sandbox/payment_intents/{id}/confirm`
 * stands in for Stripe's servers confirming an intent.
 */
import { randomBytes } from 'node:crypto';
import type { Order } from '../contract/order.js';
import type { SandboxContext } from './context.js';
import { fail } from './http.js';
import type { OrderRecord } from './store.js';

/** The publishable key the sandbox hands out: a test-mode key, safe in browsers, refused by Stripe itself. */
export const SANDBOX_STRIPE_KEY = 'pk_test_tote_sandbox';

export type { IntentStatus, PaymentError, PaymentIntentRecord } from './payment-intent.js';
import type { PaymentIntentRecord } from './payment-intent.js';

// Stripe's documented test tokens and test PaymentMethods (docs.stripe.com/testing): one list
// in two spellings, `tok_visa` / `pm_card_visa`. The success ones by card brand, and the
// decline ones with the decline code a charge with them returns. Both the older
// `tok_chargeDeclined…` names and the current `tok_visa_chargeDeclined…` ones are documented.
const SUCCESS_CARDS = new Set([
  'visa',
  'visa_debit',
  'mastercard',
  'mastercard_debit',
  'mastercard_prepaid',
  'amex',
  'discover',
  'diners',
  'jcb',
  'unionpay',
]);
const DECLINES: Record<string, { code: 'card_declined' | 'expired_card' | 'incorrect_cvc' | 'processing_error'; decline_code: string }> = {
  chargeDeclined: { code: 'card_declined', decline_code: 'generic_decline' },
  chargeDeclinedInsufficientFunds: { code: 'card_declined', decline_code: 'insufficient_funds' },
  chargeDeclinedLostCard: { code: 'card_declined', decline_code: 'lost_card' },
  chargeDeclinedStolenCard: { code: 'card_declined', decline_code: 'stolen_card' },
  chargeDeclinedFraudulent: { code: 'card_declined', decline_code: 'fraudulent' },
  chargeDeclinedVelocityLimitExceeded: { code: 'card_declined', decline_code: 'card_velocity_exceeded' },
  chargeDeclinedExpiredCard: { code: 'expired_card', decline_code: 'expired_card' },
  chargeDeclinedIncorrectCvc: { code: 'incorrect_cvc', decline_code: 'incorrect_cvc' },
  chargeDeclinedProcessingError: { code: 'processing_error', decline_code: 'processing_error' },
  // A card that needs 3-D Secure cannot pay without the shopper: Stripe declines it with this code.
  authenticationRequired: { code: 'card_declined', decline_code: 'authentication_required' },
};

/** The decline a documented decline token carries, or undefined for any other token. */
export function stripeDeclineOf(token: string): { code: string; decline_code: string } | undefined {
  const name = /^(?:tok|pm_card)_(?:visa_)?(chargeDeclined\w*|authenticationRequired)$/.exec(token)?.[1];
  return name && Object.hasOwn(DECLINES, name) ? DECLINES[name] : undefined;
}

export const isStripeSuccessToken = (token: string): boolean => SUCCESS_CARDS.has(/^(?:tok|pm_card)_(\w+)$/.exec(token)?.[1] ?? '');

/**
 * A direct order's Stripe payment: the service documents single-use Stripe tokens (`tok_…`) only, so a
 * PaymentMethod id (`pm_…`) is refused as its real counterpart would refuse it (docs/contract.md).
 */
export function checkDirectStripeToken(token: string, field: string): void {
  if (!token.startsWith('pm_')) return;
  throw fail(400, 'payment_invalid', `${field}.token: a direct order takes a single-use Stripe token (tok_…), not a PaymentMethod (pm_…)`, {
    field: `${field}.token`,
  });
}

/** A direct order's Stripe token: a documented test token (success or decline), else 400. */
export function checkStripeToken(token: string, field: string): void {
  if (isStripeSuccessToken(token) || stripeDeclineOf(token)) return;
  throw fail(400, 'payment_invalid', `${field}.token: the sandbox takes Stripe's documented test tokens (tok_visa, pm_card_visa, tok_chargeDeclined, …), not ${token.slice(0, 64)}`, {
    field: `${field}.token`,
  });
}

/** 402 for a documented decline token, naming its decline code, as a charge with it would. */
export function throwIfStripeDeclines(token: string): void {
  const decline = stripeDeclineOf(token);
  if (!decline) return;
  throw fail(402, 'payment_declined', `The card was declined (decline code ${decline.decline_code}). No order was created.`, {
    field: 'payment_method.token',
    decline_code: decline.decline_code,
  });
}

function newIntent(ctx: SandboxContext, order: Order): PaymentIntentRecord {
  const id = `pi_${randomBytes(12).toString('hex')}`;
  const intent: PaymentIntentRecord = {
    id,
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    cart_id: order.id,
    status: 'requires_payment_method',
    amount: order.total ?? 0,
    currency: order.currency ?? order.base_currency ?? 'USD',
  };
  ctx.store.paymentIntents.set(id, intent);
  return intent;
}

/** Writes the intent onto the cart the way the service shows it: key, client secret and a pending transaction. */
function showIntent(order: Order, intent: PaymentIntentRecord): void {
  order.stripe_key = SANDBOX_STRIPE_KEY;
  order.payment_intent_client_secret = intent.client_secret;
  order.payment_transactions = [
    {
      id: null,
      order_id: order.id,
      payment_provider: 'STRIPE',
      payment_provider_transaction_id: intent.id,
      amount: intent.amount,
      currency: intent.currency,
      capture_status: intent.authorized ? 'AUTHORIZED' : 'REQUIRES_PAYMENT_METHOD',
      capture_method: 'AUTOMATIC',
      transfer_status: 'PENDING',
      transfer_method: 'AUTOMATIC',
      status: intent.authorized ? 'AUTHORIZED' : 'REQUIRES_PAYMENT_METHOD',
      metadata: { payment_intent_client_secret: intent.client_secret, payment_intent_id: intent.id },
    },
  ];
}

export function intentOf(ctx: SandboxContext, record: OrderRecord): PaymentIntentRecord | undefined {
  return record.paymentIntentId ? ctx.store.paymentIntents.get(record.paymentIntentId) : undefined;
}

/**
 * `{ "intent_based_capture": true }` on a cart's payment (or a cart created
 * with `wallet_based_checkout`): one PaymentIntent per cart for the cart's
 * current total, kept when the same amount is asked again, replaced when the
 * cart's total changed before it was confirmed.
 */
export function applyIntent(ctx: SandboxContext, record: OrderRecord): Order {
  const { order } = record;
  if (order.total == null) {
    throw fail(400, 'payment_invalid', 'intent_based_capture: the cart has no single total to charge (bags in more than one currency)', {
      field: 'intent_based_capture',
    });
  }
  let intent = intentOf(ctx, record);
  if (intent?.authorized && intent.authorized.amount !== order.total) {
    throw fail(409, 'conflict', 'The cart’s payment was already confirmed for another amount; it cannot change', { field: 'intent_based_capture' });
  }
  if (!intent || (!intent.authorized && (intent.amount !== order.total || intent.currency !== (order.currency ?? intent.currency)))) {
    if (intent) ctx.store.paymentIntents.delete(intent.id);
    intent = newIntent(ctx, order);
    record.paymentIntentId = intent.id;
  }
  record.paymentToken = intent.id;
  order.intent_based_checkout = true;
  order.payment_method = {
    id: null,
    type: 'PAYMENT_INTENT',
    payment_provider: 'STRIPE',
    brand: null,
    last4: null,
    expiration_month: null,
    expiration_year: null,
    intent_based_capture: true,
  };
  showIntent(order, intent);
  return order;
}

/**
 * `POST /v1/checkout/cart/{id}/payment/update`: the cart's PaymentIntent
 * follows the cart's total, as the service's clients expect right before
 * they confirm with Stripe. An intent not yet authorized gets the new amount
 * (Stripe's PaymentIntent update: same id, same client secret). One Stripe
 * authorized for another amount can no longer be updated (Stripe refuses to
 * change a `requires_capture` intent's amount): it is canceled, which releases
 * the card hold, and a new intent for the new total replaces it.
 */
export function updateIntent(ctx: SandboxContext, record: OrderRecord): Order {
  const { order } = record;
  const intent = intentOf(ctx, record);
  if (!intent) throw fail(400, 'payment_invalid', 'payment_intent: the cart has no payment intent; apply intent_based_capture first', { field: 'payment_intent' });
  if (order.total == null) throw fail(400, 'payment_invalid', 'payment_intent: the cart has no single total to charge', { field: 'payment_intent' });
  const currency = order.currency ?? intent.currency;
  if (intent.amount === order.total && intent.currency === currency) return order;
  if (intent.authorized) {
    intent.status = 'canceled';
    intent.cancellation_reason = 'abandoned';
    intent.authorized = undefined;
    const next = newIntent(ctx, order);
    record.paymentIntentId = record.paymentToken = next.id;
    showIntent(order, next);
    return order;
  }
  intent.amount = order.total;
  intent.currency = currency;
  showIntent(order, intent);
  return order;
}

/** A cart with an intent may only be submitted once Stripe authorized exactly its total. */
export function checkIntentConfirmed(ctx: SandboxContext, record: OrderRecord): void {
  const intent = intentOf(ctx, record);
  if (!intent) return;
  if (!intent.authorized) {
    throw fail(400, 'payment_invalid', `payment_intent: ${intent.id} is ${intent.status}; confirm it with Stripe.js before submitting the cart`, {
      field: 'payment_intent',
    });
  }
  if (intent.authorized.amount !== record.order.total || intent.authorized.currency !== (record.order.currency ?? intent.authorized.currency)) {
    throw fail(409, 'price_mismatch', `The cart total changed after the payment was confirmed (${intent.authorized.amount} ${intent.authorized.currency} authorized); nothing was charged`, {
      field: 'payment_intent',
    });
  }
}

export type ConfirmOutcome = 'succeeded' | 'declined' | 'requires_authentication';

/** What Stripe answers for the intent: its public fields, never the cart. */
export function intentBody(intent: PaymentIntentRecord) {
  return {
    id: intent.id,
    object: 'payment_intent',
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency.toLowerCase(),
    next_action: intent.status === 'requires_action' ? { type: 'use_stripe_sdk' } : null,
    last_payment_error: intent.last_payment_error ?? null,
    cancellation_reason: intent.cancellation_reason ?? null,
  };
}

/**
 * Stripe's side of a confirmation, following its PaymentIntent life cycle:
 * a card that needs 3-D Secure moves the intent to `requires_action`; the next
 * confirmation completes (or fails) the authentication; a decline puts it back
 * to `requires_payment_method` with `last_payment_error`, so the shopper can
 * try another card. Confirming an authorized intent again is refused.
 */
export function confirmIntent(
  ctx: SandboxContext,
  intent: PaymentIntentRecord,
  outcome: ConfirmOutcome,
  declineCode?: string,
): { status: number; body: unknown } {
  if (intent.authorized || intent.status === 'canceled') {
    return {
      status: 400,
      body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `This PaymentIntent's status is ${intent.status}; it cannot be confirmed again.` } },
    };
  }
  const record = ctx.store.orders.get(intent.cart_id);
  if (!record || record.submitted) {
    return { status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'The cart of this PaymentIntent is gone or already submitted.' } } };
  }
  const authenticating = intent.status === 'requires_action';
  if (outcome === 'requires_authentication' && !authenticating) {
    intent.status = 'requires_action';
    intent.last_payment_error = undefined;
  } else if (outcome === 'declined' || outcome === 'requires_authentication') {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = authenticating
      ? {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        }
      : { type: 'card_error', code: 'card_declined', decline_code: declineCode ?? 'generic_decline', message: 'Your card was declined.' };
    showIntent(record.order, intent);
    return { status: 402, body: { error: { ...intent.last_payment_error, payment_intent: intentBody(intent) } } };
  } else {
    intent.status = 'requires_capture';
    intent.last_payment_error = undefined;
    // Stripe authorizes the intent's amount; submit checks it is still the cart's total.
    intent.authorized = { amount: intent.amount, currency: intent.currency };
  }
  showIntent(record.order, intent);
  return { status: 200, body: intentBody(intent) };
}
