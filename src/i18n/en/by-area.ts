/**
 * Every English string, by the area it loads in (the desk's load with the operator area): what a translation has to
 * cover, for the translator's export (`tote i18n`) and the every-language test. Not imported by elements (they
 * import their own area), so no bundle carries all of English.
 */
import { catalogMessages } from './catalog.js';
import { pickerMessages } from './picker.js';
import { cartMessages } from './cart.js';
import { checkoutMessages } from './checkout.js';
import { testCardMessages } from './test-cards.js';
import { orderMessages } from './orders.js';
import { operatorMessages } from './operator.js';
import { deskMessages } from './desk.js';

export const englishByArea = {
  catalog: catalogMessages,
  picker: pickerMessages,
  cart: cartMessages,
  // The sandbox's test cards show in the checkout, and translations carry them there.
  checkout: { ...checkoutMessages, ...testCardMessages },
  orders: orderMessages,
  operator: { ...operatorMessages, ...deskMessages },
};
