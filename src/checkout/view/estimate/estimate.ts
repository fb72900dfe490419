/**
 * `tote-checkout/elements/estimate`: registers `<tote-estimate>`. The class
 * alone, which registers nothing, is `estimate.component.ts` (what `tote-checkout` exports).
 */
import { defineElement } from '../../../elements/internal/define.js';
import { ToteEstimate } from './estimate.component.js';

export * from './estimate.component.js';

defineElement('tote-estimate', ToteEstimate);
