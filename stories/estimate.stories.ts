import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/checkout/view/estimate/estimate.js';
import type { QuoteResponse } from '../src/contract/checkout-api.js';
import { createApiClient } from '../src/state/api-client.js';
import type { CartLine } from '../src/state/cart-store.js';
import { mixedCurrencyLines, quoteFor, shopperAddress, threeMerchantLines } from './fixtures/checkout.js';
import { createFakeBff } from './fixtures/checkout-bff.js';

type Args = { lines: CartLine[]; quote?: QuoteResponse; busy?: Map<number, number>; fetch?: 'slow' | 'fail' };

const slowApi = (fail: boolean) => {
  const bff = createFakeBff({ catalog: threeMerchantLines, delayMs: 60_000 });
  return createApiClient({
    endpoint: '/api',
    fetch: fail ? (async () => new Response('{"error":{"code":"upstream_error","message":"x"}}', { status: 502 })) as typeof fetch : bff.fetch,
  });
};
const addressed = { addressed: true, customer: true };

const meta: Meta<Args> = {
  title: 'Checkout/Estimate',
  component: 'tote-estimate',
  args: { lines: threeMerchantLines, quote: quoteFor(threeMerchantLines, { ...addressed, picks: { 1001: 'exp-1001' } }) },
  render: ({ lines, quote, busy, fetch }) =>
    fetch
      ? html`<tote-estimate .api=${slowApi(fetch === 'fail')} .lines=${lines} .address=${shopperAddress}></tote-estimate>`
      : html`<tote-estimate .lines=${lines} .quote=${quote} .busy=${busy ?? new Map()}></tote-estimate>`,
};
export default meta;
type Story = StoryObj<Args>;

export const Default: Story = {};
export const ThreeMerchants: Story = {};
/** Before an address: no shipping price until a method is chosen. */
export const BeforeAddress: Story = { args: { quote: quoteFor(threeMerchantLines) } };
/** Dollars and yen: one total, in the currency paid in. */
export const MixedCurrencies: Story = { args: { lines: mixedCurrencyLines, quote: quoteFor(mixedCurrencyLines, { ...addressed, currency: 'USD' }) } };
export const NoShippingForBag: Story = { args: { quote: quoteFor(threeMerchantLines, { ...addressed, noShipping: [1003] }) } };
/** A shop rate limiting its platform: busy, asked again by itself. */
export const RateLimited: Story = {
  args: { quote: quoteFor(threeMerchantLines, { ...addressed, busy: [1003] }), busy: new Map([[1003, Date.now() + 60_000]]) },
};
export const Loading: Story = { args: { fetch: 'slow' } };
export const Error: Story = { args: { fetch: 'fail' } };
/** A discount code one shop took: its line off that shop's subtotal and off the order's. */
export const Discounted: Story = {
  args: { quote: quoteFor(threeMerchantLines, { ...addressed, discounts: { 1003: { code: 'LUMIERE15', percent: 15 } } }) },
};
/** A shop that sells VAT-inclusive beside tax-exclusive ones: "incl. VAT £…" instead of a tax line added on top. */
export const VatIncluded: Story = { args: { quote: quoteFor(threeMerchantLines, { ...addressed, vatIncluded: [1004] }) } };
