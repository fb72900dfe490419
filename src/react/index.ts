'use client';
/**
 * `tote-checkout/react`: React components for every Tote element, made with
 * `@lit/react`. Properties are set as properties (rich data works), and each
 * `tote-*` event has an `onTote…` prop typed with its detail (src/react/event-props.ts,
 * written from the events registry: an element's own events and those of the
 * elements it renders; every event on `ToteProvider`). Reach the
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
import { createComponent } from '@lit/react';
import { eventProps } from './event-props.js';
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
import { ToteOrderChanges as OrderChangesElement } from '../elements/order-changes/order-changes.js';
import { ToteDiscountCodes as DiscountCodesElement } from '../checkout/view/discount-codes/discount-codes.js';
import { ToteCurrencySelect as CurrencySelectElement } from '../elements/currency-select/currency-select.js';
import { ToteOrderDesk as OrderDeskElement } from '../elements/order-desk/order-desk.js';
import { ToteMerchantHealth as MerchantHealthElement } from '../elements/merchant-health/merchant-health.js';
import { ToteMerchantOnboarding as MerchantOnboardingElement } from '../elements/merchant-onboarding/merchant-onboarding.js';

/** `<tote-provider>`: give it `endpoint` (and `locale`); use a ref for `addToCart`, `openCart`, `startCheckout`. */
export const ToteProvider = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-provider',
  elementClass: ProviderElement,
  events: eventProps['tote-provider'],
  displayName: 'ToteProvider',
});

export const ToteOfferGrid = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-offer-grid',
  elementClass: OfferGridElement,
  events: eventProps['tote-offer-grid'],
  displayName: 'ToteOfferGrid',
});

export const ToteOfferCard = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-offer-card',
  elementClass: OfferCardElement,
  events: eventProps['tote-offer-card'],
  displayName: 'ToteOfferCard',
});

export const ToteVariantPicker = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-variant-picker',
  elementClass: VariantPickerElement,
  events: eventProps['tote-variant-picker'],
  displayName: 'ToteVariantPicker',
});

export const ToteCart = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-cart',
  elementClass: CartElement,
  events: eventProps['tote-cart'],
  displayName: 'ToteCart',
});

export const ToteAddressForm = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-address-form',
  elementClass: AddressFormElement,
  events: eventProps['tote-address-form'],
  displayName: 'ToteAddressForm',
});

export const ToteShippingStep = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-shipping-step',
  elementClass: ShippingStepElement,
  events: eventProps['tote-shipping-step'],
  displayName: 'ToteShippingStep',
});

export const ToteEstimate = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-estimate',
  elementClass: EstimateElement,
  events: eventProps['tote-estimate'],
  displayName: 'ToteEstimate',
});

/** `<tote-discount-codes>`: the codes field on its own (`<tote-checkout>` renders one). */
export const ToteDiscountCodes = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-discount-codes',
  elementClass: DiscountCodesElement,
  events: eventProps['tote-discount-codes'],
  displayName: 'ToteDiscountCodes',
});

export const TotePayment = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-payment',
  elementClass: PaymentElement,
  events: eventProps['tote-payment'],
  displayName: 'TotePayment',
});

export const ToteCheckout = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-checkout',
  elementClass: CheckoutElement,
  events: eventProps['tote-checkout'],
  displayName: 'ToteCheckout',
});

export const ToteOrderStatus = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-order-status',
  elementClass: OrderStatusElement,
  events: eventProps['tote-order-status'],
  displayName: 'ToteOrderStatus',
});

/** `<tote-order-changes>`: an order's cancel and refunds on their own (`<tote-order-status>` renders one). */
export const ToteOrderChanges = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-order-changes',
  elementClass: OrderChangesElement,
  events: eventProps['tote-order-changes'],
  displayName: 'ToteOrderChanges',
});

/** `<tote-order-lookup>`: order number and email → the order page (`onToteOrderFound` to navigate instead). */
export const ToteOrderLookup = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-order-lookup',
  elementClass: OrderLookupElement,
  events: eventProps['tote-order-lookup'],
  displayName: 'ToteOrderLookup',
});

/** `<tote-currency-select>`: the shopper's display currency; `onChange` when it changes. */
export const ToteCurrencySelect = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-currency-select',
  elementClass: CurrencySelectElement,
  events: eventProps['tote-currency-select'],
  displayName: 'ToteCurrencySelect',
});

export const ToteMerchantHealth = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-merchant-health',
  elementClass: MerchantHealthElement,
  events: eventProps['tote-merchant-health'],
  displayName: 'ToteMerchantHealth',
});

export const ToteMerchantOnboarding = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'tote-merchant-onboarding',
  elementClass: MerchantOnboardingElement,
  events: eventProps['tote-merchant-onboarding'],
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
  DiscountCodesElement as ToteDiscountCodesElement,
  PaymentElement as TotePaymentElement,
  CheckoutElement as ToteCheckoutElement,
  OrderStatusElement as ToteOrderStatusElement,
  OrderChangesElement as ToteOrderChangesElement,
  OrderLookupElement as ToteOrderLookupElement,
  CurrencySelectElement as ToteCurrencySelectElement,
  MerchantHealthElement as ToteMerchantHealthElement,
  MerchantOnboardingElement as ToteMerchantOnboardingElement,
  OrderDeskElement as ToteOrderDeskElement,
};
