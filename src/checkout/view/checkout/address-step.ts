/**
 * The checkout's address step: `<tote-address-form>` fed from and writing to the checkout's state, the BFF's
 * refusals shown on their fields, and an address adapter (autocomplete, e.g. Stripe's Address Element) mounted
 * into the checkout's light-DOM container: the one the payment adapter uses on the payment step, slotted here.
 */
import { html } from 'lit';
import type { AddressAdapter } from '../../controller/address-adapter.js';
import type { CheckoutController } from '../../controller/checkout-controller.js';
import type { ToteAddressForm } from '../address-form/address-form.js';

/** The form's values into the checkout's state. */
export function storeAddress(flow: CheckoutController, form: ToteAddressForm | null): void {
  if (form) flow.updateAddress({ shipping: form.value, billing: form.billing, billingSameAsShipping: form.billingSameAsShipping });
}

export function renderAddressForm(flow: CheckoutController, o: { adapter?: AddressAdapter; container?: HTMLElement; onChange: (e: Event) => void }) {
  const s = flow.state;
  return html`<tote-address-form
    .value=${s.shipping}
    .billing=${s.billing}
    .billingSameAsShipping=${s.billingSameAsShipping}
    .errors=${flow.addressErrors}
    .adapter=${o.adapter}
    .container=${o.container}
    @change=${o.onChange}
    @input=${o.onChange}
    ><slot name="payment" slot="address"></slot
  ></tote-address-form>`;
}
