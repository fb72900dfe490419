/**
 * `tote-checkout/elements/cart`: registers `<tote-cart>`. The class
 * alone, which registers nothing, is `cart.component.ts` (what `tote-checkout` exports).
 */
import { defineElement } from '../internal/define.js';
import { ToteCart } from './cart.component.js';

export * from './cart.component.js';

defineElement('tote-cart', ToteCart);
