/** Registers the English strings of `messages-orders.ts` (apart, so that localize.ts can name their keys without a circle). */
import { addMessages } from './localize.js';
import { orderMessages } from './messages-orders.js';

addMessages('en', orderMessages);
