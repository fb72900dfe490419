/**
 * `tote-checkout/elements/shipping-step`: registers `<tote-shipping-step>`. The class
 * alone, which registers nothing, is `shipping-step.component.ts` (what `tote-checkout` exports).
 */
import { defineElement } from '../../../elements/internal/define.js';
import { ToteShippingStep } from './shipping-step.component.js';

export * from './shipping-step.component.js';

defineElement('tote-shipping-step', ToteShippingStep);
