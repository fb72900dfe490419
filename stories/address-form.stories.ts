import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ref } from 'lit/directives/ref.js';
import '../src/checkout/view/address-form/address-form.js';
import type { ToteAddressForm } from '../src/checkout/view/address-form/address-form.js';
import { type AddressDraft, emptyAddress } from '../src/checkout/rules/checkout-address.js';
import { shopperAddress } from './fixtures/checkout.js';

type Args = { value: AddressDraft; billingSameAsShipping: boolean; showErrors: boolean; dir?: 'rtl' | 'ltr' };

const meta: Meta<Args> = {
  title: 'Checkout/AddressForm',
  component: 'tote-address-form',
  args: { value: emptyAddress(), billingSameAsShipping: true, showErrors: false },
  render: ({ value, billingSameAsShipping, showErrors, dir }) =>
    html`<form dir=${dir ?? 'ltr'}>
      <tote-address-form
        .value=${value}
        .billingSameAsShipping=${billingSameAsShipping}
        ${ref((el) => showErrors && el && void (el as ToteAddressForm).updateComplete.then(() => (el as ToteAddressForm).reportValidity()))}
      ></tote-address-form>
    </form>`,
};
export default meta;
type Story = StoryObj<Args>;

export const Default: Story = {};
export const Filled: Story = { args: { value: shopperAddress } };
/** Every problem shown next to its field and announced. */
export const WithErrors: Story = { args: { value: { ...shopperAddress, email: 'ada@', postal_code: 'ABC', city: '' }, showErrors: true } };
export const SeparateBilling: Story = { args: { value: shopperAddress, billingSameAsShipping: false } };
export const Japan: Story = {
  args: { value: { ...shopperAddress, country: 'JP', state: 'Tokyo', city: 'Chiyoda', postal_code: '1000001' }, showErrors: true },
};
export const RightToLeft: Story = { args: { dir: 'rtl' } };
