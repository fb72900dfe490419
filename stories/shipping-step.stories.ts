import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/checkout/view/shipping-step/shipping-step.js';
import type { QuoteResponse } from '../src/contract/checkout-api.js';
import { mixedCurrencyLines, quoteFor, threeMerchantLines } from './fixtures/checkout.js';

type Args = { quote: QuoteResponse; busy: ReadonlyMap<number, number>; selections: Record<string, string>; loading: boolean; error: string };

const quote = (lines = threeMerchantLines, opts: { noShipping?: number[]; busy?: number[] } = {}) => quoteFor(lines, { addressed: true, ...opts });
const busy = (...merchants: number[]) => new Map(merchants.map((m) => [m, Date.now() + 60_000]));

const meta: Meta<Args> = {
  title: 'Checkout/ShippingStep',
  component: 'tote-shipping-step',
  args: { quote: quote(), busy: busy(), selections: { '1001': 'std-1001', '1003': 'std-1003', '1004': 'std-1004' }, loading: false, error: '' },
  render: ({ quote, busy, selections, loading, error }) =>
    html`<tote-shipping-step .bags=${quote.bags} currency=${quote.currency} .busy=${busy} .selections=${selections} ?loading=${loading} error=${error}></tote-shipping-step>`,
};
export default meta;
type Story = StoryObj<Args>;

export const Default: Story = {};
export const ThreeMerchants: Story = { args: { selections: { '1001': 'exp-1001', '1003': 'std-1003', '1004': 'std-1004' } } };
export const MixedCurrencies: Story = { args: { quote: quote(mixedCurrencyLines), selections: {} } };
/** One shop does not ship to the address: it says so and blocks only itself. */
export const NoShippingForBag: Story = { args: { quote: quote(threeMerchantLines, { noShipping: [1003] }) } };
/** One shop is rate limited: busy, with a countdown, asked again by itself. */
export const RateLimited: Story = { args: { quote: quote(threeMerchantLines, { busy: [1003] }), busy: busy(1003) } };
export const Loading: Story = { args: { loading: true, quote: { ...quote(), bags: [] } } };
export const Error: Story = { args: { error: 'Shipping options could not be loaded.' } };
