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
