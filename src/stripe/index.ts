/**
 * `tote-checkout/stripe`: pay with Stripe (Payment Element, intent-based
 * capture, wallets). Loaded only by shops that use it: the script-tag bundle
 * imports it on demand for `<tote-checkout payment="stripe">`.
 */
export { createStripeAdapter, type StripeAdapterOptions, type StripePaymentAdapter } from './stripe-adapter.js';
export { appearanceFor } from './appearance.js';
export { createStripeAddressAdapter, addressFromStripe, type StripeAddressAdapterOptions } from './address-adapter.js';
