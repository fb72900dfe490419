/**
 * The code-split script-tag bundle `dist/split/tote.js`: registers the
 * storefront and checkout elements up front, and loads the operator elements
 * (`<tote-merchant-health>`, `<tote-merchant-onboarding>`, back-office only)
 * the first time one appears in the document. DOMPurify is split off too (it
 * loads when a merchant description has markup). Use `dist/tote.js` when
 * operator elements live inside other shadow roots, which this does not watch.
 */
import './locales/de.js';
import './elements/provider/provider.js';
import './elements/offer-grid/offer-grid.js';
import './elements/offer-card/offer-card.js';
import './elements/variant-picker/variant-picker.js';
import './elements/cart/cart.js';
import './elements/address-form/address-form.js';
import './elements/shipping-step/shipping-step.js';
import './elements/estimate/estimate.js';
import './elements/payment/payment.js';
import './elements/checkout/checkout.js';
import './elements/order-status/order-status.js';

const onDemand: Record<string, () => Promise<unknown>> = {
  'tote-merchant-health': () => import('./elements/merchant-health/merchant-health.js'),
  'tote-merchant-onboarding': () => import('./elements/merchant-onboarding/merchant-onboarding.js'),
};

function loadPresent(): void {
  for (const [tag, load] of Object.entries(onDemand)) {
    if (!document.querySelector(tag)) continue;
    delete onDemand[tag];
    void load();
  }
  if (!Object.keys(onDemand).length) observer?.disconnect();
}

const observer = typeof MutationObserver === 'undefined' ? undefined : new MutationObserver(loadPresent);
if (typeof document !== 'undefined') {
  observer?.observe(document, { childList: true, subtree: true });
  loadPresent();
}

// Everything of `tote-checkout` except the operator element classes, which would pull their chunk in up front.
export * from './headless.js';
export { ToteElement } from './elements/internal/tote-element.js';
export { ToteProvider } from './elements/provider/provider.js';
export { ToteOfferGrid } from './elements/offer-grid/offer-grid.js';
export { ToteOfferCard } from './elements/offer-card/offer-card.js';
export { ToteVariantPicker } from './elements/variant-picker/variant-picker.js';
export { ToteCart } from './elements/cart/cart.js';
export { ToteAddressForm } from './elements/address-form/address-form.js';
export { ToteShippingStep } from './elements/shipping-step/shipping-step.js';
export { ToteEstimate } from './elements/estimate/estimate.js';
export { TotePayment, PaymentInputError, createSandboxPaymentAdapter } from './elements/payment/payment.js';
export { ToteCheckout } from './elements/checkout/checkout.js';
export { ToteOrderStatus } from './elements/order-status/order-status.js';
