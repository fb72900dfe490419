/**
 * `tote-checkout/elements/discount-codes`: registers `<tote-discount-codes>`. The class
 * alone, which registers nothing, is `discount-codes.component.ts`.
 */
import { defineElement } from '../../../elements/internal/define.js';
import { ToteDiscountCodes } from './discount-codes.component.js';

export * from './discount-codes.component.js';

defineElement('tote-discount-codes', ToteDiscountCodes);
