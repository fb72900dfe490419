/**
 * An `AddressAdapter` on Stripe's Address Element (docs.stripe.com/elements/address-element):
 * `elements.create('address', { mode: 'shipping' })`, mounted into the light-DOM container Tote gives
 * it, its `change` event's value mapped into Tote's address fields. Stripe's element brings its own
 * country list, formats and address autocomplete; Tote's BFF still checks the address on every quote.
 */
import type { Appearance, Stripe, StripeAddressElement, StripeAddressElementChangeEvent, StripeElementLocale } from '@stripe/stripe-js';
import type { AddressAdapter } from '../checkout/controller/address-adapter.js';
import type { AddressDraft } from '../checkout/rules/checkout-address.js';
import { loadStripe } from './load-stripe.js';

export interface StripeAddressAdapterOptions {
  /** The publishable key (`pk_…`) of the Stripe account; or pass `stripe`. */
  publishableKey?: string;
  /** A page's own Stripe.js instance (or the promise `loadStripe` gave it). */
  stripe?: Stripe | PromiseLike<Stripe | null>;
  locale?: StripeElementLocale;
  appearance?: Appearance;
}

/** The Address Element's value (its `change` event's `value`) as Tote's fields. */
export function addressFromStripe(value: StripeAddressElementChangeEvent['value']): Partial<AddressDraft> {
  const a = value.address;
  const [first = '', ...rest] = value.name.trim().split(/\s+/);
  return {
    first_name: value.firstName ?? first,
    last_name: value.lastName ?? rest.join(' '),
    address_1: a.line1,
    address_2: a.line2 ?? '',
    city: a.city,
    state: a.state,
    postal_code: a.postal_code,
    country: a.country,
    ...(value.phone !== undefined ? { phone: value.phone } : {}),
  };
}

export function createStripeAddressAdapter(options: StripeAddressAdapterOptions): AddressAdapter {
  let element: StripeAddressElement | undefined;
  return {
    async mount(container, initial, onChange) {
      const stripe = options.stripe ? await options.stripe : await loadStripe(options.publishableKey ?? '');
      if (!stripe) throw new Error('Stripe.js is not available');
      element?.destroy();
      const elements = stripe.elements({ ...(options.locale ? { locale: options.locale } : {}), ...(options.appearance ? { appearance: options.appearance } : {}) });
      element = elements.create('address', {
        mode: 'shipping',
        display: { name: 'split' },
        fields: { phone: 'always' },
        defaultValues: {
          firstName: initial.first_name || null,
          lastName: initial.last_name || null,
          phone: initial.phone || null,
          address: {
            line1: initial.address_1 || null,
            line2: initial.address_2 || null,
            city: initial.city || null,
            state: initial.state || null,
            postal_code: initial.postal_code || null,
            country: initial.country,
          },
        },
      });
      element.on('change', (e) => onChange({ address: addressFromStripe(e.value), complete: e.complete }));
      const target = document.createElement('div');
      container.replaceChildren(target);
      element.mount(target);
    },
    unmount() {
      element?.destroy();
      element = undefined;
    },
  };
}
