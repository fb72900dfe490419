import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/elements/order-status/order-status.js';
import type { Order } from '../src/contract/order.js';
import { createApiClient } from '../src/state/api-client.js';
import { orderFor, threeMerchantLines } from './fixtures/checkout.js';

type Args = { order?: Order; state?: 'loading' | 'error' };

const selections = { '1001': 'std-1001', '1003': 'exp-1003', '1004': 'std-1004' };
const pendingApi = (fail: boolean) =>
  createApiClient({
    endpoint: '/api',
    fetch: (fail
      ? async () => new Response('{"error":{"code":"not_found","message":"x"}}', { status: 404 })
      : () => new Promise<Response>(() => undefined)) as typeof fetch,
    EventSource: undefined,
  });

const meta: Meta<Args> = {
  title: 'Checkout/OrderStatus',
  component: 'tote-order-status',
  args: { order: orderFor(threeMerchantLines, { status: 'ACCEPTED', selections, id: 4101 }) },
  render: ({ order, state }) =>
    state
      ? html`<tote-order-status .api=${pendingApi(state === 'error')} order-id="4101" access="story" no-live></tote-order-status>`
      : html`<tote-order-status .order=${order}></tote-order-status>`,
};
export default meta;
type Story = StoryObj<Args>;

export const Default: Story = {};
/** Every bag delivered, with tracking links. */
export const Completed: Story = { args: { order: orderFor(threeMerchantLines, { status: 'COMPLETED', selections, id: 4102 }) } };
export const BagRejected: Story = { args: { order: orderFor(threeMerchantLines, { status: 'ACCEPTED', rejected: [1003], selections, id: 4103 }) } };
export const Loading: Story = { args: { state: 'loading' } };
export const Error: Story = { args: { state: 'error' } };

const detailed = (status: string, extra: Partial<Order['bags'][number]> = {}) => {
  const order = orderFor(threeMerchantLines, { status, selections, id: 4104 });
  Object.assign(order, {
    date_submitted: '2026-11-26T12:00:00Z',
    shipping_address: { first_name: 'Ada', last_name: 'Lovelace', address_1: '12 Analytical Row', city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' },
    payment_method: { brand: 'visa', last4: '4242' },
    sub_total: order.bags.reduce((n, b) => n + (b.sub_total ?? 0), 0),
    total: order.bags.reduce((n, b) => n + (b.total ?? 0), 0),
  });
  for (const bag of order.bags) if (bag.shipping_method) Object.assign(bag.shipping_method, { min_days: 3, max_days: 6 });
  Object.assign(order.bags[0]!, extra);
  return order;
};

/** Everything a shopper trusts: items, variant values, method and delivery, a discount, VAT included, the address and the card. */
export const WithDetails: Story = {
  args: { order: detailed('ACCEPTED', { discounts: [{ code: 'WELCOME10', amount: 1290, status: 'APPLIED' }], taxes_included: true } as never) },
};

/** Shipped: tracking below, and the delivery estimate still shown. */
export const Shipped: Story = { args: { order: detailed('ACCEPTED', { fulfillment_status: 'SHIPPED' }) } };

/** Refunded by the shop: the shopper's word and when the money comes back. */
export const Refunded: Story = { args: { order: detailed('REFUNDED', { financial_status: 'REFUNDED' }) } };
