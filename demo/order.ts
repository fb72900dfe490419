/** The demo's order status page: `order.html?order=<id>&access=<handle>`, live while open. */
import '../src/elements/provider/provider.js';
import '../src/elements/order-status/order-status.js';
import type { ToteOrderStatus } from '../src/elements/order-status/order-status.js';

const params = new URLSearchParams(location.search);
const status = document.querySelector<ToteOrderStatus>('tote-order-status')!;
const id = Number(params.get('order'));
if (Number.isSafeInteger(id) && id > 0) status.orderId = id;
status.access = params.get('access') ?? '';
