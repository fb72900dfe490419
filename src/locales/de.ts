/**
 * German strings of every Tote element (`tote-checkout/locales/de`):
 * importing this module registers them all up front, as the one-file script
 * tag bundle does. Without it, an element rendering in German loads its
 * area's strings when it needs them (`src/locales/de/<area>.ts`). A key
 * missing here falls back to English, and `test/ship/locales.test.ts` lists
 * any gap.
 */
import { deCatalog } from './de/catalog.js';
import { deCart } from './de/cart.js';
import { deCheckout } from './de/checkout.js';
import { deOrders } from './de/orders.js';
import { deOperator } from './de/operator.js';
import { dePicker } from './de/picker.js';

import { addMessages } from '../elements/internal/localize.js';

export const de = { ...deCatalog, ...dePicker, ...deCart, ...deCheckout, ...deOrders, ...deOperator };

addMessages('de', de);
