// Written by `npm run docs:events` (scripts/events.ts) from src/events/registry.ts: change the registry, not this file.
import type { EventName } from '@lit/react';
import type { ToteEventMap } from '../events/registry.js';

/** The typed name of a Tote event, for `@lit/react`'s `events` map. */
const on = <K extends keyof ToteEventMap>(name: K) => name as EventName<ToteEventMap[K]>;

/**
 * Each element's React event props: the events it dispatches, the composed ones of the elements it renders,
 * and at `<tote-provider>` every `tote-*` event.
 */
export const eventProps = {
  'tote-address-form': {
    onChange: 'change',
    onInput: 'input',
  },
  'tote-cart': {
    onToteCartOpen: on('tote-cart-open'),
    onToteCartRemove: on('tote-cart-remove'),
    onToteCartQuantity: on('tote-cart-quantity'),
    onToteCartCheckout: on('tote-cart-checkout'),
  },
  'tote-checkout': {
    onToteCartOpen: on('tote-cart-open'),
    onToteCartRemove: on('tote-cart-remove'),
    onToteCartQuantity: on('tote-cart-quantity'),
    onToteCartCheckout: on('tote-cart-checkout'),
    onToteShippingSelect: on('tote-shipping-select'),
    onToteShippingRemoveBag: on('tote-shipping-remove-bag'),
    onToteEstimateChange: on('tote-estimate-change'),
    onToteDiscountApply: on('tote-discount-apply'),
    onToteDiscountRemove: on('tote-discount-remove'),
    onToteCheckoutStep: on('tote-checkout-step'),
    onTotePaymentAuthorized: on('tote-payment-authorized'),
    onToteCheckoutSubmit: on('tote-checkout-submit'),
    onToteCheckoutComplete: on('tote-checkout-complete'),
    onToteCheckoutContinue: on('tote-checkout-continue'),
    onToteOrderCancel: on('tote-order-cancel'),
  },
  'tote-currency-select': {
    onChange: 'change',
  },
  'tote-discount-codes': {
    onToteDiscountApply: on('tote-discount-apply'),
    onToteDiscountRemove: on('tote-discount-remove'),
  },
  'tote-estimate': {
    onToteEstimateChange: on('tote-estimate-change'),
  },
  'tote-merchant-health': {
    onToteHealthRefresh: on('tote-health-refresh'),
  },
  'tote-merchant-onboarding': {
    onToteOnboardingSave: on('tote-onboarding-save'),
  },
  'tote-offer-card': {
    onToteCartAdd: on('tote-cart-add'),
    onToteSkuSelect: on('tote-sku-select'),
    onToteOfferView: on('tote-offer-view'),
  },
  'tote-offer-grid': {
    onToteCartAdd: on('tote-cart-add'),
    onToteSkuSelect: on('tote-sku-select'),
    onToteOfferView: on('tote-offer-view'),
    onToteOfferListView: on('tote-offer-list-view'),
  },
  'tote-order-changes': {
    onToteOrderCancel: on('tote-order-cancel'),
  },
  'tote-order-lookup': {
    onToteOrderFound: on('tote-order-found'),
    onToteOrderCancel: on('tote-order-cancel'),
  },
  'tote-order-status': {
    onToteOrderCancel: on('tote-order-cancel'),
  },
  'tote-payment': {
    onTotePaymentAuthorized: on('tote-payment-authorized'),
  },
  'tote-provider': {
    onToteCartAdd: on('tote-cart-add'),
    onToteSkuSelect: on('tote-sku-select'),
    onToteCartOpen: on('tote-cart-open'),
    onToteCartRemove: on('tote-cart-remove'),
    onToteCartQuantity: on('tote-cart-quantity'),
    onToteCartCheckout: on('tote-cart-checkout'),
    onToteOfferView: on('tote-offer-view'),
    onToteOfferListView: on('tote-offer-list-view'),
    onToteCheckoutStart: on('tote-checkout-start'),
    onToteShippingSelect: on('tote-shipping-select'),
    onToteShippingRemoveBag: on('tote-shipping-remove-bag'),
    onToteEstimateChange: on('tote-estimate-change'),
    onToteDiscountApply: on('tote-discount-apply'),
    onToteDiscountRemove: on('tote-discount-remove'),
    onToteCheckoutStep: on('tote-checkout-step'),
    onTotePaymentAuthorized: on('tote-payment-authorized'),
    onToteCheckoutSubmit: on('tote-checkout-submit'),
    onToteCheckoutComplete: on('tote-checkout-complete'),
    onToteCheckoutContinue: on('tote-checkout-continue'),
    onToteOrderFound: on('tote-order-found'),
    onToteOrderCancel: on('tote-order-cancel'),
    onToteHealthRefresh: on('tote-health-refresh'),
    onToteOnboardingSave: on('tote-onboarding-save'),
  },
  'tote-shipping-step': {
    onToteShippingSelect: on('tote-shipping-select'),
    onToteShippingRemoveBag: on('tote-shipping-remove-bag'),
  },
  'tote-variant-picker': {
    onToteCartAdd: on('tote-cart-add'),
    onToteSkuSelect: on('tote-sku-select'),
    onToteOfferView: on('tote-offer-view'),
  },
};
