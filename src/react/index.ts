'use client';
/**
 * `tote-checkout/react`: React components for every Tote element, made with
 * `@lit/react`. Properties are set as properties (rich data works), and each
 * `tote-*` event has an `onTote…` prop typed with its detail. Reach the
 * element's methods (`addToCart`, `openCart`, `startCheckout` on
 * `ToteProvider`) through a `ref`. Importing this module registers the
 * elements it wraps; in Node (server rendering) it touches no DOM.
 *
 * `'use client'` above: the wrappers use React's client hooks (`useRef`,
 * `useLayoutEffect`), which React Server Components do not have. With it, a
 * Next.js App Router server component may import and render them directly:
 * the framework renders them on the client side of the boundary.
 */
import * as React from 'react';
import { createComponent, type EventName } from '@lit/react';
import { ToteProvider as ProviderElement } from '../elements/provider/provider.js';
import { ToteOfferGrid as OfferGridElement } from '../elements/offer-grid/offer-grid.js';
import { ToteOfferCard as OfferCardElement } from '../elements/offer-card/offer-card.js';
import { ToteVariantPicker as VariantPickerElement } from '../elements/variant-picker/variant-picker.js';
import { ToteCart as CartElement } from '../elements/cart/cart.js';
import { ToteAddressForm as AddressFormElement } from '../checkout/view/address-form/address-form.js';
import { ToteShippingStep as ShippingStepElement } from '../checkout/view/shipping-step/shipping-step.js';
import { ToteEstimate as EstimateElement } from '../checkout/view/estimate/estimate.js';
import { TotePayment as PaymentElement } from '../checkout/view/payment/payment.js';
import { ToteCheckout as CheckoutElement } from '../checkout/view/checkout/checkout.js';
import { ToteOrderStatus as OrderStatusElement } from '../elements/order-status/order-status.js';
import { ToteOrderLookup as OrderLookupElement } from '../elements/order-lookup/order-lookup.js';
import type {} from '../elements/order-changes/order-changes.component.js';
import { ToteOrderDesk as OrderDeskElement } from '../elements/order-desk/order-desk.js';
import { ToteMerchantHealth as MerchantHealthElement } from '../elements/merchant-health/merchant-health.js';
import { ToteMerchantOnboarding as MerchantOnboardingElement } from '../elements/merchant-onboarding/merchant-onboarding.js';

/** The typed event name of a `tote-*` event, for `@lit/react`'s `events` map. */
const on = <K extends keyof GlobalEventHandlersEventMap>(name: K) => name as EventName<GlobalEventHandlersEventMap[K]>;

const cartAdd = { onToteCartAdd: on('tote-cart-add'), onToteSkuSelect: on('tote-sku-select'), onToteOfferView: on('tote-offer-view') };

/** `<tote-provider>`: give it `endpoint` (and `locale`); use a ref for `addToCart`, `openCart`, `startCheckout`. */
export const ToteProvider = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-provider',
  elementClass: ProviderElement,
  events: { ...cartAdd, onToteCartOpen: on('tote-cart-open'), onToteCheckoutStart: on('tote-checkout-start') },
  displayName: 'ToteProvider',
});

export const ToteOfferGrid = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-offer-grid',
  elementClass: OfferGridElement,
  events: { ...cartAdd, onToteOfferListView: on('tote-offer-list-view') },
  displayName: 'ToteOfferGrid',
});

export const ToteOfferCard = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-offer-card',
  elementClass: OfferCardElement,
  events: cartAdd,
  displayName: 'ToteOfferCard',
});

export const ToteVariantPicker = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-variant-picker',
  elementClass: VariantPickerElement,
  events: cartAdd,
  displayName: 'ToteVariantPicker',
});

export const ToteCart = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-cart',
  elementClass: CartElement,
  events: {
    onToteCartCheckout: on('tote-cart-checkout'),
    onToteCartRemove: on('tote-cart-remove'),
    onToteCartQuantity: on('tote-cart-quantity'),
    onToteCartOpen: on('tote-cart-open'),
  },
  displayName: 'ToteCart',
});

export const ToteAddressForm = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-address-form',
  elementClass: AddressFormElement,
  events: { onChange: 'change', onInput: 'input' },
  displayName: 'ToteAddressForm',
});

export const ToteShippingStep = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-shipping-step',
  elementClass: ShippingStepElement,
  events: { onToteShippingSelect: on('tote-shipping-select'), onToteShippingRemoveBag: on('tote-shipping-remove-bag') },
  displayName: 'ToteShippingStep',
});

export const ToteEstimate = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-estimate',
  elementClass: EstimateElement,
  events: { onToteEstimateChange: on('tote-estimate-change') },
  displayName: 'ToteEstimate',
});

export const TotePayment = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-payment',
  elementClass: PaymentElement,
  displayName: 'TotePayment',
});

export const ToteCheckout = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-checkout',
  elementClass: CheckoutElement,
  events: {
    onToteCheckoutSubmit: on('tote-checkout-submit'),
    onToteCheckoutComplete: on('tote-checkout-complete'),
    onToteCheckoutStep: on('tote-checkout-step'),
    onToteCheckoutContinue: on('tote-checkout-continue'),
  },
  displayName: 'ToteCheckout',
});

export const ToteOrderStatus = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-order-status',
  elementClass: OrderStatusElement,
  events: { onToteOrderCancel: on('tote-order-cancel') },
  displayName: 'ToteOrderStatus',
});

/** `<tote-order-lookup>`: order number and email → the order page (`onToteOrderFound` to navigate instead). */
export const ToteOrderLookup = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-order-lookup',
  elementClass: OrderLookupElement,
  events: { onToteOrderFound: on('tote-order-found'), onToteOrderCancel: on('tote-order-cancel') },
  displayName: 'ToteOrderLookup',
});

export const ToteMerchantHealth = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-merchant-health',
  elementClass: MerchantHealthElement,
  events: { onToteHealthRefresh: on('tote-health-refresh') },
  displayName: 'ToteMerchantHealth',
});

export const ToteMerchantOnboarding = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-merchant-onboarding',
  elementClass: MerchantOnboardingElement,
  events: { onToteOnboardingSave: on('tote-onboarding-save') },
  displayName: 'ToteMerchantOnboarding',
});

/** `<tote-order-desk>`: the operator's orders; give it the operator `token`. */
export const ToteOrderDesk = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-order-desk',
  elementClass: OrderDeskElement,
  displayName: 'ToteOrderDesk',
});

/** The element behind each wrapper, for refs: `useRef<ToteProviderElement>(null)`. */
export type {
  ProviderElement as ToteProviderElement,
  OfferGridElement as ToteOfferGridElement,
  OfferCardElement as ToteOfferCardElement,
  VariantPickerElement as ToteVariantPickerElement,
  CartElement as ToteCartElement,
  AddressFormElement as ToteAddressFormElement,
  ShippingStepElement as ToteShippingStepElement,
  EstimateElement as ToteEstimateElement,
  PaymentElement as TotePaymentElement,
  CheckoutElement as ToteCheckoutElement,
  OrderStatusElement as ToteOrderStatusElement,
  OrderLookupElement as ToteOrderLookupElement,
  MerchantHealthElement as ToteMerchantHealthElement,
  MerchantOnboardingElement as ToteMerchantOnboardingElement,
  OrderDeskElement as ToteOrderDeskElement,
};
