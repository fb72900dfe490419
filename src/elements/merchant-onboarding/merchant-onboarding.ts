/**
 * `tote-checkout/elements/merchant-onboarding`: registers `<tote-merchant-onboarding>`. The class
 * alone, which registers nothing, is `merchant-onboarding.component.ts` (what `tote-checkout` exports).
 */
import { defineElement } from '../internal/define.js';
import { ToteMerchantOnboarding } from './merchant-onboarding.component.js';

export * from './merchant-onboarding.component.js';

defineElement('tote-merchant-onboarding', ToteMerchantOnboarding);
