/** Registers the English strings of `messages-desk.ts` (apart, so that localize.ts can name their keys without a circle). */
import { addMessages } from './localize.js';
import './messages-operator.js';
import { deskMessages } from './messages-desk.js';

addMessages('en', deskMessages);
