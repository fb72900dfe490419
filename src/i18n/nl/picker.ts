/** Dutch strings only the variant picker shows. Loaded when the picker renders in Dutch. */
import { plural } from '../format.js';
import type { Translation } from '../keys.js';
import type { pickerMessages } from '../en/picker.js';

export const picker = {
  stockLeft: (p, l) => `${p.count} ${plural(l, Number(p.count), 'artikel', 'artikelen')} op voorraad`,
  onlyLeft: (p) => `Nog maar ${p.count} over`,
  salePrice: 'Aanbiedingsprijs',
  decreaseQuantity: 'Aantal verlagen',
  increaseQuantity: 'Aantal verhogen',
  notWithChoice: (p) => `Niet beschikbaar met ${p.choice}`,
  valueOutOfStock: 'Uitverkocht',
  noSkuForChoice: 'Deze combinatie is niet beschikbaar. Probeer een andere optie.',
} satisfies Translation<typeof pickerMessages>;
