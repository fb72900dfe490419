/**
 * English strings of the operator's order desk (`<tote-order-desk>`), registered when it
 * loads; it also uses the operator area's shared strings (token, errors). Other languages translate them with the operator area's (`src/i18n/<lang>/operator.ts`).
 */
import type { Params } from '../format.js';
import { register } from '../registry.js';
import './operator.js';

export const deskMessages = {
  deskTitle: 'Orders',
  deskSearch: 'Order number, app order ID or shopper email',
  deskSearchButton: 'Search',
  deskShowAll: 'Latest orders',
  deskLoading: 'Loading orders…',
  deskEmpty: 'No order matches.',
  deskOrder: (p: Params) => `Order ${p.id}`,
  deskAppOrderId: (p: Params) => `App order ID ${p.id}`,
  deskNeedsAttention: 'Needs attention',
  deskAttentionRejected: 'Rejected by the shop',
  deskAttentionFailed: 'The shop\u2019s platform reported an error',
  deskAttentionStuck: 'Still submitted: the shop never answered',
  deskShop: 'Shop',
  deskState: 'State',
  deskPayment: 'Payment',
  deskDelivery: 'Delivery',
  deskTotal: 'Total',
  deskTracking: (p: Params) => `Tracking ${p.number}`,
  deskCancelBag: (p: Params) => `Cancel bag from ${p.shop}`,
  deskCancelReason: 'Reason (required)',
  deskRestock: 'Put the items back in stock',
  deskNotify: 'Tell the shopper',
  deskCancelConfirm: 'Cancel this bag',
  deskCancelKeep: 'Keep it',
  deskCancelSending: 'Cancelling…',
  deskCancelled: (p: Params) => `Bag ${p.bag} of order ${p.order} cancelled.`,
  deskWebhooksTitle: 'Webhook deliveries',
  deskWebhooksNone: 'No webhook deliveries yet.',
  deskWebhookLine: (p: Params) => `${p.type} · order ${p.entity} · ${p.attempts} attempt(s)${p.code ? ` · HTTP ${p.code}` : ''}`,
  deskWebhookStatus: (p: Params) => String(p.status).toLowerCase().replace('_', ' '),
  deskRedeliver: 'Redeliver',
  deskRedelivered: (p: Params) => `Event ${p.id} sent again as event ${p.copy}.`,
  deskWebhooksReload: 'Reload deliveries',
  deskHistory: 'Events received',
  deskHistoryLoading: 'Loading events…',
  deskHistoryLabel: (p: Params) => `Events received for bag ${p.bag}, newest first`,
  deskHistoryNone: 'No events received for this bag yet.',
  deskCancelRefused: 'The service refused: the bag shipped, is over, or is past its remorse window.',
};

register('en', deskMessages);
