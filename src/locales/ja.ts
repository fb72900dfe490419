/**
 * Japanese strings of every Tote element (`tote-checkout/locales/ja`): importing
 * this module registers them all up front. Without it, an element rendering in
 * Japanese loads its area's strings when it needs them (`src/i18n/ja/<area>.ts`).
 */
import { catalog } from '../i18n/ja/catalog.js';
import { picker } from '../i18n/ja/picker.js';
import { cart } from '../i18n/ja/cart.js';
import { checkout } from '../i18n/ja/checkout.js';
import { orders } from '../i18n/ja/orders.js';
import { operator } from '../i18n/ja/operator.js';
import { addMessages } from '../i18n/localize.js';

export const ja = { ...catalog, ...picker, ...cart, ...checkout, ...orders, ...operator };

addMessages('ja', ja);
