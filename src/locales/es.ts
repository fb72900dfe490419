/**
 * Spanish strings of every Tote element (`tote-checkout/locales/es`): importing
 * this module registers them all up front. Without it, an element rendering in
 * Spanish loads its area's strings when it needs them (`src/i18n/es/<area>.ts`).
 */
import { catalog } from '../i18n/es/catalog.js';
import { picker } from '../i18n/es/picker.js';
import { cart } from '../i18n/es/cart.js';
import { checkout } from '../i18n/es/checkout.js';
import { orders } from '../i18n/es/orders.js';
import { operator } from '../i18n/es/operator.js';
import { addMessages } from '../i18n/localize.js';

export const es = { ...catalog, ...picker, ...cart, ...checkout, ...orders, ...operator };

addMessages('es', es);
