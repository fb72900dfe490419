/**
 * German strings of every Tote element (`tote-checkout/locales/de`): importing
 * this module registers them all up front. Without it, an element rendering in
 * German loads its area's strings when it needs them (`src/i18n/de/<area>.ts`).
 */
import { catalog } from '../i18n/de/catalog.js';
import { picker } from '../i18n/de/picker.js';
import { cart } from '../i18n/de/cart.js';
import { checkout } from '../i18n/de/checkout.js';
import { orders } from '../i18n/de/orders.js';
import { operator } from '../i18n/de/operator.js';
import { addMessages } from '../i18n/localize.js';

export const de = { ...catalog, ...picker, ...cart, ...checkout, ...orders, ...operator };

addMessages('de', de);
