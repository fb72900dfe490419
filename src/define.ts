/**
 * `tote-checkout/define` and the script-tag bundle `dist/tote.js`: registers
 * every `tote-*` element and ships the German strings (other languages load lazily, as in the split bundle). Each element module
 * registers itself through `defineElement`, which keeps the first definition
 * when a second copy of Tote on the page runs this again.
 */
import './locales/de.js';
import './elements/provider/provider.js';
import './elements/offer-grid/offer-grid.js';
import './elements/offer-card/offer-card.js';
import './elements/variant-picker/variant-picker.js';
import './elements/cart/cart.js';
import './checkout/view/address-form/address-form.js';
import './checkout/view/shipping-step/shipping-step.js';
import './checkout/view/estimate/estimate.js';
import './checkout/view/discount-codes/discount-codes.js';
import './checkout/view/payment/payment.js';
import './checkout/view/checkout/checkout.js';
import './elements/order-status/order-status.js';
import './elements/order-changes/order-changes.js';
import './elements/order-lookup/order-lookup.js';
import './elements/currency-select/currency-select.js';
import './elements/merchant-health/merchant-health.js';
import './elements/merchant-onboarding/merchant-onboarding.js';
import './elements/order-desk/order-desk.js';

export * from './index.js';
