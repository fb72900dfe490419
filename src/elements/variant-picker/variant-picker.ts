/**
 * `tote-checkout/elements/variant-picker`: registers `<tote-variant-picker>`. The class
 * alone, which registers nothing, is `variant-picker.component.ts` (what `tote-checkout` exports).
 */
import { defineElement } from '../internal/define.js';
import { ToteVariantPicker } from './variant-picker.component.js';

export * from './variant-picker.component.js';
export { pickerDialogStyles } from './picker-dialog.styles.js';

defineElement('tote-variant-picker', ToteVariantPicker);
