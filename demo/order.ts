/**
 * The demo's order page: `order.html?order=<id>&access=<handle>`, live while open; without them, the
 * order lookup (number and email → the same page, issue 28).
 */
import '../src/elements/provider/provider.js';
import '../src/elements/order-status/order-status.js';
import type { ToteOrderStatus } from '../src/elements/order-status/order-status.js';

const params = new URLSearchParams(location.search);
const status = document.querySelector<ToteOrderStatus>('tote-order-status')!;
const id = Number(params.get('order'));
if (Number.isSafeInteger(id) && id > 0) {
  status.orderId = id;
  status.access = params.get('access') ?? '';
} else {
  void import('../src/elements/order-lookup/order-lookup.js');
  status.replaceWith(document.createElement('tote-order-lookup'));
}
