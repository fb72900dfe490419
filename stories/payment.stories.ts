import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/checkout/view/payment/payment.js';
import type { PaymentAdapter } from '../src/checkout/view/payment/payment.js';
import { createSandboxPaymentAdapter } from '../src/checkout/view/payment/sandbox-adapter.js';

type Args = { adapter?: PaymentAdapter; error: string };

const meta: Meta<Args> = {
  title: 'Checkout/Payment',
  component: 'tote-payment',
  args: { adapter: createSandboxPaymentAdapter(), error: '' },
  render: ({ adapter, error }) => html`<tote-payment .adapter=${adapter} error=${error}></tote-payment>`,
};
export default meta;
type Story = StoryObj<Args>;

/** The sandbox's test cards, mounted in the light DOM like a real provider's fields. */
export const Default: Story = {};
export const PaymentDeclined: Story = { args: { error: 'Your card was declined. Try another card; your cart is unchanged.' } };
export const NotConfigured: Story = { args: { adapter: undefined } };
