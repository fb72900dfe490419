/**
 * `tote-checkout/elements/order-lookup`: registers `<tote-order-lookup>`. The class alone, which registers
 * nothing, is `order-lookup.component.ts` (what `tote-checkout` exports).
 */
import { defineElement } from '../internal/define.js';
import { ToteOrderLookup } from './order-lookup.component.js';

export * from './order-lookup.component.js';

ToteOrderLookup.loadOrderPage = () => import('../order-status/order-status.js');
defineElement('tote-order-lookup', ToteOrderLookup);
