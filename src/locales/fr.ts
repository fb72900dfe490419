/**
 * French strings of every Tote element (`tote-checkout/locales/fr`): importing
 * this module registers them all up front. Without it, an element rendering in
 * French loads its area's strings when it needs them (`src/i18n/fr/<area>.ts`).
 */
import { catalog } from '../i18n/fr/catalog.js';
import { picker } from '../i18n/fr/picker.js';
import { cart } from '../i18n/fr/cart.js';
import { checkout } from '../i18n/fr/checkout.js';
import { orders } from '../i18n/fr/orders.js';
import { operator } from '../i18n/fr/operator.js';
import { addMessages } from '../i18n/localize.js';

export const fr = { ...catalog, ...picker, ...cart, ...checkout, ...orders, ...operator };

addMessages('fr', fr);
