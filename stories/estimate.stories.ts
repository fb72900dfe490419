import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/elements/estimate/estimate.js';
import type { EstimateResponse } from '../src/contract/estimate.js';
import type { Order } from '../src/contract/order.js';
import { createApiClient } from '../src/state/api-client.js';
import type { CartLine } from '../src/state/cart-store.js';
import { estimateFor, mixedCurrencyLines, orderFor, shopperAddress, threeMerchantLines } from './fixtures/checkout.js';
import { createFakeBff } from './fixtures/checkout-bff.js';

type Args = { lines: CartLine[]; estimate?: EstimateResponse; cart?: Order; selections: Record<string, string>; fetch?: 'slow' | 'fail' };

const slowApi = (fail: boolean) => {
  const bff = createFakeBff({ catalog: threeMerchantLines, delayMs: 60_000 });
  return createApiClient({
    endpoint: '/api',
    fetch: fail ? (async () => new Response('{"error":{"code":"upstream_error","message":"x"}}', { status: 502 })) as typeof fetch : bff.fetch,
  });
};

const meta: Meta<Args> = {
  title: 'Checkout/Estimate',
  component: 'tote-estimate',
  args: { lines: threeMerchantLines, estimate: estimateFor(threeMerchantLines), selections: { '1001': 'exp-1001' } },
  render: ({ lines, estimate, cart, selections, fetch }) =>
    fetch
      ? html`<tote-estimate .api=${slowApi(fetch === 'fail')} .lines=${lines} .address=${shopperAddress}></tote-estimate>`
      : html`<tote-estimate .lines=${lines} .estimate=${estimate} .cart=${cart} .selections=${selections}></tote-estimate>`,
};
export default meta;
type Story = StoryObj<Args>;

export const Default: Story = {};
export const ThreeMerchants: Story = {};
/** Totals per currency: dollars and yen stay apart. */
export const MixedCurrencies: Story = { args: { lines: mixedCurrencyLines, estimate: estimateFor(mixedCurrencyLines), selections: {} } };
export const NoShippingForBag: Story = { args: { estimate: estimateFor(threeMerchantLines, { noShipping: [1003] }) } };
/** A placed order whose middle bag the shop rejected: shown on that bag, left out of the total. */
export const BagRejected: Story = {
  args: { estimate: undefined, cart: orderFor(threeMerchantLines, { status: 'ACCEPTED', rejected: [1003], selections: { '1001': 'std-1001', '1003': 'std-1003', '1004': 'std-1004' } }) },
};
export const Loading: Story = { args: { fetch: 'slow' } };
export const Error: Story = { args: { fetch: 'fail' } };
