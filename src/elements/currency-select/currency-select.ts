/**
 * `tote-checkout/elements/currency-select`: registers `<tote-currency-select>`. The class alone, which registers
 * nothing, is `currency-select.component.ts` (what `tote-checkout` exports).
 */
import { defineElement } from '../internal/define.js';
import { ToteCurrencySelect } from './currency-select.component.js';

export * from './currency-select.component.js';

defineElement('tote-currency-select', ToteCurrencySelect);
