/**
 * `tote-checkout`: the npm entry. Only re-exports, so a bundler that honours
 * `sideEffects` pulls in just what is used (importing `CartStore` costs no
 * element). Each element module registers its own tag when it is evaluated;
 * to register every tag at once import `tote-checkout/define`.
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

export type { ToteCartAddDetail, ToteSkuSelectDetail, ToteHostRequestDetail } from './elements/internal/events.js';
export { ToteElement } from './elements/internal/tote-element.js';
export { addMessages, msg, localeDirection, type MessageKey } from './elements/internal/localize.js';

export {
  createApiClient,
  ApiRequestError,
  isAbortError,
  type ToteApi,
  type ApiClientOptions,
  type CallOptions,
  type OffersQuery,
} from './state/api-client.js';
export {
  CartStore,
  cartStorageKey,
  isBuyable,
  type CartLine,
  type CartLineInput,
  type CartBag,
  type LineIssue,
  type CartStoreOptions,
} from './state/cart-store.js';
export { apiContext, cartContext, localeContext, hostContext, currencyContext } from './state/context.js';
export { createOperatorClient, type OperatorApi, type OperatorClientOptions } from './state/operator-client.js';
export { formatMoney, parseMoney, sumByCurrency, addMoney, type Money } from './contract/money.js';
