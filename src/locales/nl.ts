/**
 * Dutch strings of every Tote element (`tote-checkout/locales/nl`): importing
 * this module registers them all up front. Without it, an element rendering in
 * Dutch loads its area's strings when it needs them (`src/i18n/nl/<area>.ts`).
 */
import { catalog } from '../i18n/nl/catalog.js';
import { picker } from '../i18n/nl/picker.js';
import { cart } from '../i18n/nl/cart.js';
import { checkout } from '../i18n/nl/checkout.js';
import { orders } from '../i18n/nl/orders.js';
import { operator } from '../i18n/nl/operator.js';
import { addMessages } from '../i18n/localize.js';

export const nl = { ...catalog, ...picker, ...cart, ...checkout, ...orders, ...operator };

addMessages('nl', nl);
