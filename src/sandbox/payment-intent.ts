/**
 * The shape of a PaymentIntent the sandbox keeps (src/sandbox/stripe.ts moves it through its
 * statuses). Its own module so that the store that holds intents and the code that moves them
 * import it without importing each other.
 */
/**
 * Stripe's PaymentIntent statuses the sandbox moves through. An authorized
 * card payment with manual capture rests at `requires_capture`, which is what
 * the service needs before it submits the bags.
 */
export type IntentStatus = 'requires_payment_method' | 'requires_action' | 'requires_capture' | 'canceled';

export interface PaymentError {
  type: 'card_error';
  code: 'card_declined' | 'payment_intent_authentication_failure';
  decline_code?: string;
  message: string;
}

export interface PaymentIntentRecord {
  id: string;
  client_secret: string;
  cart_id: number;
  status: IntentStatus;
  /** The cart total in minor units when the intent was last (re)created or confirmed. */
  amount: number;
  currency: string;
  /** What Stripe authorized: set by a successful confirmation, checked again at submit. */
  authorized?: { amount: number; currency: string };
  last_payment_error?: PaymentError;
  /** Set when the intent was canceled: an authorization it held is released (Stripe's `cancellation_reason`). */
  cancellation_reason?: 'abandoned';
}
