/**
 * English strings of the shopper's pages after the order (order lookup; items, refunds and cancelling on
 * the order page), registered when one of them loads, beside the checkout's.
 * Other languages translate them in `src/i18n/<lang>/orders.ts`.
 */
import type { Params } from '../format.js';
import { register } from '../registry.js';

export const orderMessages = {
  // order status (the live state of each bag)
  orderNumber: (p: Params) => `Order ${p.id}`,
  orderLoading: 'Loading your order…',
  orderError: 'The order could not be loaded.',
  reconnecting: 'Live updates paused, reconnecting…',
  live: 'Live updates on',
  bagStatus: 'Status',
  financialStatus: 'Payment',
  fulfillmentStatus: 'Delivery',
  tracking: (p: Params) => `Track package ${p.number}`,
  trackingNumber: (p: Params) => `Tracking number ${p.number}`,
  statusPending: 'Pending',
  // bag, financial and fulfillment statuses (unknown ones are shown as the service spells them)
  statusInProgress: 'In progress',
  statusSubmitted: 'Submitted',
  statusAccepted: 'Accepted',
  statusRejected: 'Rejected',
  statusCompleted: 'Completed',
  statusCanceled: 'Canceled',
  statusRefunded: 'Refunded',
  statusPartiallyRefunded: 'Partially refunded',
  statusBackordered: 'Backordered',
  statusUnpaid: 'Unpaid',
  statusAuthorized: 'Authorized',
  statusPaid: 'Paid',
  statusVoided: 'Voided',
  statusPartiallyPaid: 'Partially paid',
  statusProcessing: 'Processing',
  statusShipped: 'Shipped',
  statusPartiallyShipped: 'Partially shipped',
  statusDelivered: 'Delivered',
  // finding an order again; items, refunds and cancelling
  lookupHeading: 'Find your order',
  lookupNumber: 'Order number',
  lookupEmail: 'Email used for the order',
  lookupSubmit: 'Find order',
  lookupSearching: 'Looking for your order…',
  lookupNoMatch: 'No order matches that number and email. Check both and try again.',
  lookupTooMany: (p: Params) => `Too many tries. Try again in ${p.seconds} s.`,
  lookupFailed: 'The order could not be looked up. Try again.',
  orderItems: 'Items',
  itemLine: (p: Params) => `${p.name} × ${p.quantity}`,
  refundsHeading: 'Refunds',
  refundLine: (p: Params) => `${p.amount} refunded`,
  refundItem: (p: Params) => `${p.name} × ${p.quantity}`,
  cancelOrder: 'Cancel this order',
  cancelBag: (p: Params) => `Cancel items from ${p.shop}`,
  cancelUntil: (p: Params) => `You can cancel until ${p.time}.`,
  cancelClosed: (p: Params) => `The time to cancel ended ${p.time}.`,
  cancelShipped: 'Shipped: it can no longer be cancelled.',
  cancelOver: 'This can no longer be cancelled.',
  cancelConfirmOrder: 'Cancel the whole order?',
  cancelConfirmBag: (p: Params) => `Cancel the items from ${p.shop}?`,
  cancelReason: 'Why are you cancelling? (optional)',
  cancelConfirm: 'Yes, cancel',
  cancelKeep: 'Keep it',
  cancelSending: 'Cancelling…',
  cancelDone: 'Cancelled. You will not be charged for these items.',
  cancelRefusedWindow: 'The time to cancel has ended.',
  cancelRefused: 'This can no longer be cancelled.',
  cancelFailed: 'The cancel did not go through. Try again.',
};

register('en', orderMessages);
