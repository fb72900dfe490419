/**
 * The seam between Tote and a payment provider. The adapter owns the card
 * fields: it mounts them into a light-DOM container (Stripe's Payment Element
 * refuses to mount inside a shadow root) and hands back only a token, so card
 * data never passes through Tote's code.
 */
import type { PlaceRequest, PlaceRequiresActionResponse, QuoteRequest, QuoteResponse } from '../../contract/checkout-api.js';
import type { CheckoutPayment } from '../rules/checkout-session.js';

export interface PaymentAdapter {
  /** Renders the provider's fields into `container`, a light-DOM element Tote placed for it. */
  mount(container: HTMLElement): void | Promise<void>;
  /** Validates the fields and returns a single-use token (and what may be shown: brand, last 4). */
  tokenize(): Promise<CheckoutPayment>;
  /** Removes the fields (on step change or disconnect). */
  unmount?(): void;
  /**
   * Sent with every quote request (cart mode), e.g. `{ intent_based_capture: true }` for a provider that
   * confirms a PaymentIntent in the browser.
   */
  readonly quotePayment?: QuoteRequest['payment'];
  /** Called with each quote's `payment` block (the PaymentIntent's client secret and the publishable key). */
  prepare?(payment: NonNullable<QuoteResponse['payment']>): void | Promise<void>;
  /** Called with each quote: the amount and currency the provider's fields charge (deferred intents, wallets). */
  quoted?(quote: Pick<QuoteResponse, 'currency' | 'totals'>): void;
  /**
   * "Place order" answered `requires_action`: confirm with the provider (3-D Secure and the like), then
   * resolve with the payment to place again with (`{ intent_confirmed: true }`). Tote resends place with
   * the same `Idempotency-Key`. Throw `PaymentInputError` to show the shopper why it failed.
   */
  confirm?(action: PlaceRequiresActionResponse): Promise<PlaceRequest['payment']>;
}

/** Thrown by `tokenize()` when the shopper's input is incomplete; the message is shown as is. */
export class PaymentInputError extends Error {
  override name = 'PaymentInputError';
}
