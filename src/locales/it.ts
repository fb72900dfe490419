/**
 * Italian strings of every Tote element (`tote-checkout/locales/it`): importing
 * this module registers them all up front. Without it, an element rendering in
 * Italian loads its area's strings when it needs them (`src/i18n/it/<area>.ts`).
 */
import { catalog } from '../i18n/it/catalog.js';
import { picker } from '../i18n/it/picker.js';
import { cart } from '../i18n/it/cart.js';
import { checkout } from '../i18n/it/checkout.js';
import { orders } from '../i18n/it/orders.js';
import { operator } from '../i18n/it/operator.js';
import { addMessages } from '../i18n/localize.js';

export const it = { ...catalog, ...picker, ...cart, ...checkout, ...orders, ...operator };

addMessages('it', it);
