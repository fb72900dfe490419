/**
 * English strings only the variant picker shows: registered by the picker, so
 * they come with its chunk on the first "Choose options", not with every
 * product grid. Other languages translate them in `src/locales/<lang>/picker.ts`.
 */
import { addMessages, plural, type Params } from './localize.js';
import './messages-catalog.js';

export const pickerMessages = {
  stockLeft: (p: Params, l: string) => `${p.count} ${plural(l, Number(p.count), 'item', 'items')} in stock`,
  onlyLeft: (p: Params) => `Only ${p.count} left`,
  salePrice: 'Sale price',
  decreaseQuantity: 'Decrease quantity',
  increaseQuantity: 'Increase quantity',
  notWithChoice: (p: Params) => `Not available with ${p.choice}`,
  valueOutOfStock: 'Out of stock',
  noSkuForChoice: 'This combination is not available. Try another option.',
};

addMessages('en', pickerMessages);
