import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/elements/order-desk/order-desk.js';
import type { DeskHistoryResponse, DeskOrder } from '../src/contract/after-order.js';
import type { DeskEvent } from '../src/contract/webhook-events.js';

type Args = { token?: string; orders: DeskOrder[]; events: DeskEvent[]; history: DeskHistoryResponse['bags']; refuse?: boolean };

type DeskBag = DeskOrder['bags'][number];
const bag = (id: number, shop: string, status: string, extra: Partial<DeskBag> = {}): DeskBag => ({
  id,
  merchant_id: 1000 + (id % 10),
  merchant_name: shop,
  status,
  financial_status: status === 'REJECTED' ? 'VOIDED' : 'PAID',
  fulfillment_status: 'PROCESSING',
  total: 6228,
  currency: 'USD',
  remorse_period_ends: null,
  date_submitted: '2026-06-01T12:00:00Z',
  date_last_modified: '2026-06-01T12:00:00Z',
  items: [{ order_sku_id: id * 10, name: 'Coastal Rain Parka — XS / Plum', quantity: 1, status: 'PROCESSING' }],
  tracking: [],
  attention: null,
  errors: [],
  ...extra,
});
const order = (id: number, bags: DeskBag[]): DeskOrder => ({
  id,
  app_order_id: `tote-${id}`,
  status: 'PROCESSING',
  date_submitted: '2026-06-01T12:00:00Z',
  date_last_modified: '2026-06-01T12:00:00Z',
  needs_attention: bags.some((b) => b.attention),
  bags,
});
const ORDERS = [
  order(50002, [bag(60003, 'Pebble Works', 'REJECTED', { attention: 'rejected', errors: [{ type: 'EXTERNAL_SUBMIT_CART' }] }), bag(60004, 'Aurora Outfitters', 'ACCEPTED')]),
  order(50003, [bag(60005, 'Kumo Goods', 'SUBMITTED', { attention: 'stuck' })]),
  order(50001, [bag(60001, 'Aurora Outfitters', 'ACCEPTED', { fulfillment_status: 'SHIPPED', tracking: [{ carrier: 'USPS', tracking_number: 'SBX00060001', status: 'SHIPPED' }] }), bag(60002, 'Kumo Goods', 'CANCELED')]),
];
const event = (id: number, status: DeskEvent['status'], type: string, code: number): DeskEvent => ({
  id,
  webhook_id: 1,
  event_type: type,
  entity_id: 50001,
  status,
  status_code: code,
  attempts: status === 'FAILED' ? 5 : 1,
  date_created: '2026-06-01T12:00:00Z',
  date_last_modified: '2026-06-01T12:00:00Z',
  date_next_attempt: null,
});
const EVENTS = [event(12, 'FAILED', 'ORDER_SHIPPED', 503), event(11, 'SUCCEEDED', 'ORDER_ACCEPTED', 200), event(10, 'SUCCEEDED', 'ORDER_COMPLETED', 200)];

const received = (event_id: string, topic: string, status: string, fulfillment_status: string, received_at: string) => ({
  event_id,
  topic,
  status,
  financial_status: 'PAID',
  fulfillment_status,
  received_at,
});
/** What the BFF received for order 50001: its first bag shipped; nothing yet for the cancelled one. */
const HISTORY: DeskHistoryResponse['bags'] = [
  {
    bag_id: 60001,
    history: [
      received('evt-3', 'ORDER_SHIPPED', 'ACCEPTED', 'SHIPPED', '2026-06-02T09:14:03Z'),
      received('evt-2', 'ORDER_ACCEPTED', 'ACCEPTED', 'PROCESSING', '2026-06-01T12:03:41Z'),
      received('evt-1', 'ORDER_UPDATED', 'SUBMITTED', 'PROCESSING', '2026-06-01T12:00:05Z'),
    ],
  },
];

/** Opens a bag's history once the desk shows it, as an operator pressing "Events received". */
async function openHistory(root: Element, bagId: number) {
  const el = root.querySelector('tote-order-desk')!;
  const button = () => el.shadowRoot?.querySelector<HTMLButtonElement>(`[data-bag="${bagId}"] [part="history-button"]`);
  for (let i = 0; i < 200 && !button(); i++) await new Promise((r) => setTimeout(r, 10));
  button()?.click();
}

/** A BFF answering the desk's routes with these orders and events (or refusing the token). */
const bff = ({ orders, events, history, refuse }: Args) =>
  (async (input: RequestInfo | URL) => {
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (refuse) return json(401, { error: { code: 'unauthorized', message: 'x' } });
    const path = String(input);
    if (path.endsWith('/history')) return json(200, { order_id: Number(/orders\/(\d+)\//.exec(path)?.[1]), bags: history });
    return path.endsWith('/webhooks') ? json(200, { events }) : json(200, { orders });
  }) as typeof fetch;

const meta: Meta<Args> = {
  title: 'Operator/OrderDesk',
  component: 'tote-order-desk',
  args: { token: 'story-token', orders: ORDERS, events: EVENTS, history: HISTORY },
  render: (args) => html`<tote-order-desk endpoint="/api" token=${args.token ?? ''} .fetch=${bff(args)}></tote-order-desk>`,
};
export default meta;
type Story = StoryObj<Args>;

/** Orders needing attention (a rejected bag, a bag stuck in submitted) first; failed webhook deliveries first. */
export const NeedsAttention: Story = {};
export const NoToken: Story = { args: { token: undefined } };
export const TokenRejected: Story = { args: { refuse: true } };
export const NothingFound: Story = { args: { orders: [], events: [] } };
/** A bag's history open: the events the BFF received for it, newest first. */
export const BagHistory: Story = { play: ({ canvasElement }) => openHistory(canvasElement, 60001) };
/** A bag the BFF has received no event for yet. */
export const NoHistoryYet: Story = { play: ({ canvasElement }) => openHistory(canvasElement, 60002) };
