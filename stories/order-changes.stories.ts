import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/elements/order-changes/order-changes.js';
import type { Target } from '../src/elements/order-changes/order-changes.js';
import type { ShopperRefund } from '../src/contract/after-order.js';
import type { ShopperOrder as Order } from '../src/contract/shopper-order.js';
import { orderFor, threeMerchantLines } from './fixtures/checkout.js';

type Args = { order: Order; refunds?: ShopperRefund[]; confirming?: Target };

const HOUR = 60 * 60_000;
const selections = { '1001': 'std-1001', '1003': 'exp-1003', '1004': 'std-1004' };

/** A placed order whose remorse window ends `inMs` from now; `edit` changes its bags. */
function placed(id: number, inMs: number, edit: (bag: Order['bags'][number], i: number) => Partial<Order['bags'][number]> = () => ({})): Order {
  const order = orderFor(threeMerchantLines, { status: 'ACCEPTED', selections, id });
  const ends = new Date(Date.now() + inMs).toISOString();
  return { ...order, bags: order.bags.map((b, i) => ({ ...b, remorse_period_ends: ends, ...edit(b, i) })) };
}

const refunded = placed(4205, HOUR, (b, i) => (i === 1 ? { financial_status: 'PARTIALLY_REFUNDED' } : {}));
const refundOf = (order: Order, amount: number): ShopperRefund[] => {
  const bag = order.bags[1]!;
  return [{ id: 1, bag_id: bag.id, amount, currency: bag.currency ?? 'USD', status: 'COMPLETED', date_created: null, items: [{ order_sku_id: bag.skus[0]!.id, quantity: 1 }] }];
};

const meta: Meta<Args> = {
  title: 'Orders/OrderChanges',
  component: 'tote-order-changes',
  args: { order: placed(4201, HOUR) },
  render: ({ order, refunds, confirming }) =>
    html`<tote-order-changes .order=${order} .refunds=${refunds ?? []} .confirming=${confirming}></tote-order-changes>`,
};
export default meta;
type Story = StoryObj<Args>;

/** Inside the remorse window: "Cancel items from <shop>" per bag and "Cancel this order". */
export const WindowOpen: Story = {};
/** The confirm step of one shop's cancel, with the reason. */
export const ConfirmBag: Story = { args: { order: placed(4202, HOUR), confirming: placed(4202, HOUR).bags[1]!.id } };
/** The confirm step of the whole order. */
export const ConfirmOrder: Story = { args: { confirming: 'order' } };
/** After the window: why it is no longer possible. */
export const WindowClosed: Story = { args: { order: placed(4203, -HOUR) } };
/** One bag shipped: it cannot be cancelled; the others still can, one by one. */
export const OneShipped: Story = { args: { order: placed(4204, HOUR, (_b, i) => (i === 0 ? { fulfillment_status: 'SHIPPED' } : {})) } };
/** A partial refund with its amount and item. */
export const PartialRefund: Story = { args: { order: refunded, refunds: refundOf(refunded, 150) } };
/** One shop's items cancelled, the others going on. */
export const BagCancelled: Story = {
  args: { order: placed(4206, HOUR, (_b, i) => (i === 2 ? { status: 'CANCELED', bag_status: 'CANCELED', financial_status: 'VOIDED' } : {})) },
};
