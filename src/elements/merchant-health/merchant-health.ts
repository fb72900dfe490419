/**
 * `tote-checkout/elements/merchant-health`: registers `<tote-merchant-health>`. The class
 * alone, which registers nothing, is `merchant-health.component.ts` (what `tote-checkout` exports).
 */
import { defineElement } from '../internal/define.js';
import { ToteMerchantHealth } from './merchant-health.component.js';

export * from './merchant-health.component.js';

defineElement('tote-merchant-health', ToteMerchantHealth);
