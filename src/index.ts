/**
 * `tote-checkout`: the npm entry. Only re-exports; nothing of its own runs.
 * The element classes come from their `*.component.js` modules, which
 * register no tag: importing `ToteCart` from here costs the cart's class and
 * defines nothing. To register tags import `tote-checkout/elements/<name>`
 * (one element and what it renders) or `tote-checkout/define` (every tag);
 * for the store and client alone, `tote-checkout/headless`.
 */
export { ToteProvider, type AddToCartInput } from './elements/provider/provider.component.js';
export { ToteOfferGrid } from './elements/offer-grid/offer-grid.component.js';
export { ToteOfferCard } from './elements/offer-card/offer-card.component.js';
export { ToteVariantPicker } from './elements/variant-picker/variant-picker.component.js';
export { ToteCart } from './elements/cart/cart.component.js';
export { ToteAddressForm } from './checkout/view/address-form/address-form.component.js';
export { ToteShippingStep } from './checkout/view/shipping-step/shipping-step.component.js';
export { ToteEstimate } from './checkout/view/estimate/estimate.component.js';
export { ToteDiscountCodes } from './checkout/view/discount-codes/discount-codes.component.js';
export {
  TotePayment,
  PaymentInputError,
  type PaymentAdapter,
} from './checkout/view/payment/payment.component.js';
export { createSandboxPaymentAdapter } from './checkout/view/payment/sandbox-adapter.js';
export { ToteCheckout } from './checkout/view/checkout/checkout.component.js';
export { ToteOrderStatus } from './elements/order-status/order-status.component.js';
export { ToteOrderChanges } from './elements/order-changes/order-changes.component.js';
export { ToteOrderLookup } from './elements/order-lookup/order-lookup.component.js';
export { ToteCurrencySelect } from './elements/currency-select/currency-select.component.js';
export { ToteMerchantHealth } from './elements/merchant-health/merchant-health.component.js';
export { ToteOrderDesk } from './elements/order-desk/order-desk.component.js';
export { ToteMerchantOnboarding } from './elements/merchant-onboarding/merchant-onboarding.component.js';

export { ToteElement } from './elements/internal/tote-element.js';
/** Every event's name and `detail` type, from the one registry (docs/events.md). */
export type {
  ToteEventName,
  ToteEventMap,
  ToteEventDetail,
  ToteCartAddDetail,
  ToteSkuSelectDetail,
  ToteCartOpenDetail,
  ToteCartRemoveDetail,
  ToteCartQuantityDetail,
  ToteCartCheckoutDetail,
  ToteOfferViewDetail,
  ToteOfferListViewDetail,
  ToteHostRequestDetail,
  ToteShippingSelectDetail,
  ToteShippingRemoveBagDetail,
  ToteEstimateChangeDetail,
  ToteDiscountApplyDetail,
  ToteDiscountRemoveDetail,
  ToteCheckoutStepDetail,
  TotePaymentAuthorizedDetail,
  ToteCheckoutSubmitDetail,
  ToteCheckoutCompleteDetail,
  ToteCheckoutContinueDetail,
  ToteOrderFoundDetail,
  ToteOrderCancelDetail,
  ToteHealthRefreshDetail,
  ToteOnboardingSaveDetail,
} from './events/registry.js';
export * from './headless.js';
