/**
 * `tote-checkout/elements/payment`: registers `<tote-payment>`. The class
 * alone, which registers nothing, is `payment.component.ts` (what `tote-checkout` exports).
 */
import { defineElement } from '../../../elements/internal/define.js';
import { TotePayment } from './payment.component.js';

export * from './payment.component.js';

defineElement('tote-payment', TotePayment);
