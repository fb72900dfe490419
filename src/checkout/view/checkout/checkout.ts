/**
 * `tote-checkout/elements/checkout`: registers `<tote-checkout>` and the
 * elements it renders (address form, cart, discount codes, estimate, payment, shipping step).
 * The class alone, which registers nothing, is `checkout.component.ts` (what
 * `tote-checkout` exports).
 */
import '../address-form/address-form.js';
import '../../../elements/cart/cart.js';
import '../discount-codes/discount-codes.js';
import '../estimate/estimate.js';
import '../payment/payment.js';
import '../shipping-step/shipping-step.js';
import { defineElement } from '../../../elements/internal/define.js';
import { ToteCheckout } from './checkout.component.js';
import { orderPage } from './confirmation.js';

export * from './checkout.component.js';

orderPage.load = () => import('../../../elements/order-status/order-status.js');
defineElement('tote-checkout', ToteCheckout);
