/**
 * `tote-checkout/elements/order-desk`: registers `<tote-order-desk>`. The class alone, which registers
 * nothing, is `order-desk.component.ts` (what `tote-checkout` exports).
 */
import { defineElement } from '../internal/define.js';
import { ToteOrderDesk } from './order-desk.component.js';

export * from './order-desk.component.js';

defineElement('tote-order-desk', ToteOrderDesk);
