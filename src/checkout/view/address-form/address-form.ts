/**
 * `tote-checkout/elements/address-form`: registers `<tote-address-form>`. The class
 * alone, which registers nothing, is `address-form.component.ts` (what `tote-checkout` exports).
 */
import { defineElement } from '../../../elements/internal/define.js';
import { ToteAddressForm } from './address-form.component.js';

export * from './address-form.component.js';

defineElement('tote-address-form', ToteAddressForm);
