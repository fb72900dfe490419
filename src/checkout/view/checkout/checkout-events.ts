/**
 * The DOM events `<tote-checkout>` emits. All bubble and are composed (they
 * leave shadow roots).
 */
import type { ShopperOrder as Order } from '../../../contract/shopper-order.js';
import type { CartLine } from '../../../state/cart-store.js';
import type { CheckoutMode, CheckoutStep } from '../../rules/checkout-session.js';

/** `tote-checkout-submit` (cancelable): "Place order" was pressed; `preventDefault()` stops the submit. */
export interface ToteCheckoutSubmitDetail {
  mode: CheckoutMode;
  idempotency_key: string;
  lines: readonly CartLine[];
}
/** `tote-checkout-complete`: the order was placed (some bags may have been rejected: see their status). */
export interface ToteCheckoutCompleteDetail {
  order: Order;
  access: string;
}
/** `tote-checkout-step`: the checkout moved to another step. */
export interface ToteCheckoutStepDetail {
  step: CheckoutStep;
}
/** `tote-checkout-continue` (cancelable): "Continue shopping" on the confirmation; `preventDefault()` keeps the page. */
export interface ToteCheckoutContinueDetail {
  /** Where the checkout goes unless prevented: the provider's `shop-url`, or `undefined` for `history.back()`. */
  url?: string;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'tote-checkout-submit': CustomEvent<ToteCheckoutSubmitDetail>;
    'tote-checkout-complete': CustomEvent<ToteCheckoutCompleteDetail>;
    'tote-checkout-step': CustomEvent<ToteCheckoutStepDetail>;
    'tote-checkout-continue': CustomEvent<ToteCheckoutContinueDetail>;
  }
}
