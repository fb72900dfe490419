/**
 * The seam between Tote and a payment provider. The adapter owns the card
 * fields: it mounts them into a light-DOM container (Stripe's Payment Element
 * refuses to mount inside a shadow root) and hands back only a token, so card
 * data never passes through Tote's code.
 */
import type { CheckoutPayment } from '../../state/checkout-session.js';

export interface PaymentAdapter {
  /** Renders the provider's fields into `container`, a light-DOM element Tote placed for it. */
  mount(container: HTMLElement): void | Promise<void>;
  /** Validates the fields and returns a single-use token (and what may be shown: brand, last 4). */
  tokenize(): Promise<CheckoutPayment>;
  /** Removes the fields (on step change or disconnect). */
  unmount?(): void;
}

/** Thrown by `tokenize()` when the shopper's input is incomplete; the message is shown as is. */
export class PaymentInputError extends Error {
  override name = 'PaymentInputError';
}
