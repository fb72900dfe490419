/**
 * `tote-checkout/elements/order-status`: registers `<tote-order-status>`. The class
 * alone, which registers nothing, is `order-status.component.ts` (what `tote-checkout` exports).
 */
import { defineElement } from '../internal/define.js';
import { ToteOrderStatus } from './order-status.component.js';

export * from './order-status.component.js';

ToteOrderStatus.loadChanges = () => import('../order-changes/order-changes.js');
defineElement('tote-order-status', ToteOrderStatus);
