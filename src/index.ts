/**
 * `tote-checkout`: the npm entry. Only re-exports; nothing of its own runs.
 * Each element module registers its tag when it is evaluated, so a bundler
 * that skips unused re-exports (webpack with `sideEffects`) pays for the
 * elements used; Rollup, Vite and esbuild evaluate every element re-exported
 * here. For one element import `tote-checkout/elements/<name>`; for the store
 * and client alone, `tote-checkout/headless`; for every tag, `tote-checkout/define`.
 */
export { ToteProvider, type AddToCartInput } from './elements/provider/provider.js';
export { ToteOfferGrid } from './elements/offer-grid/offer-grid.js';
export { ToteOfferCard } from './elements/offer-card/offer-card.js';
export { ToteVariantPicker } from './elements/variant-picker/variant-picker.js';
export { ToteCart, type ToteCartCheckoutDetail } from './elements/cart/cart.js';
export { ToteAddressForm } from './elements/address-form/address-form.js';
export {
  ToteShippingStep,
  type ToteShippingSelectDetail,
  type ToteShippingRemoveBagDetail,
} from './elements/shipping-step/shipping-step.js';
export { ToteEstimate, type ToteEstimateChangeDetail } from './elements/estimate/estimate.js';
export {
  TotePayment,
  PaymentInputError,
  createSandboxPaymentAdapter,
  type PaymentAdapter,
} from './elements/payment/payment.js';
export {
  ToteCheckout,
  type ToteCheckoutSubmitDetail,
  type ToteCheckoutCompleteDetail,
  type ToteCheckoutStepDetail,
} from './elements/checkout/checkout.js';
export { ToteOrderStatus } from './elements/order-status/order-status.js';
export { ToteMerchantHealth, type ToteHealthRefreshDetail } from './elements/merchant-health/merchant-health.js';
export { ToteMerchantOnboarding, type ToteOnboardingSaveDetail } from './elements/merchant-onboarding/merchant-onboarding.js';

export { ToteElement } from './elements/internal/tote-element.js';
export * from './headless.js';
