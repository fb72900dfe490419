/**
 * English strings only the variant picker shows: registered by the picker, so
 * they come with its chunk on the first "Choose options", not with every
 * product grid. Other languages translate them in `src/i18n/<lang>/picker.ts`.
 */
import { plural, type Params } from '../format.js';
import { register } from '../registry.js';
import './catalog.js';

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

register('en', pickerMessages);
