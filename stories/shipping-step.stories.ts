import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/elements/shipping-step/shipping-step.js';
import { type BagShippingChoice, choicesFromEstimate } from '../src/state/checkout-flow.js';
import { estimateFor, mixedCurrencyLines, threeMerchantLines } from './fixtures/checkout.js';

type Args = { choices: BagShippingChoice[]; selections: Record<string, string>; loading: boolean; error: string };

const names = new Map([...threeMerchantLines, ...mixedCurrencyLines].map((l) => [l.merchant_id, l.merchant_name]));
const choices = (lines = threeMerchantLines, noShipping: number[] = []) => choicesFromEstimate(estimateFor(lines, { noShipping }), names);

const meta: Meta<Args> = {
  title: 'Checkout/ShippingStep',
  component: 'tote-shipping-step',
  args: { choices: choices(), selections: {}, loading: false, error: '' },
  render: ({ choices, selections, loading, error }) =>
    html`<tote-shipping-step .choices=${choices} .selections=${selections} ?loading=${loading} error=${error}></tote-shipping-step>`,
};
export default meta;
type Story = StoryObj<Args>;

export const Default: Story = {};
export const ThreeMerchants: Story = { args: { selections: { '1001': 'exp-1001' } } };
export const MixedCurrencies: Story = { args: { choices: choices(mixedCurrencyLines) } };
/** One shop does not ship to the address: it says so and blocks only itself. */
export const NoShippingForBag: Story = { args: { choices: choices(threeMerchantLines, [1003]), selections: { '1001': 'std-1001', '1004': 'std-1004' } } };
export const Loading: Story = { args: { loading: true } };
export const Error: Story = { args: { error: 'Shipping options could not be loaded.' } };
