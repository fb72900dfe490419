/** French strings only the variant picker shows. Loaded when the picker renders in French. */
import { plural } from '../format.js';
import type { Translation } from '../keys.js';
import type { pickerMessages } from '../en/picker.js';

export const picker = {
  stockLeft: (p, l) => `${p.count} ${plural(l, Number(p.count), 'article', 'articles')} en stock`,
  onlyLeft: (p) => `Plus que ${p.count} disponible(s)`,
  salePrice: 'Prix promo',
  decreaseQuantity: 'Diminuer la quantité',
  increaseQuantity: 'Augmenter la quantité',
  notWithChoice: (p) => `Indisponible avec ${p.choice}`,
  valueOutOfStock: 'En rupture de stock',
  noSkuForChoice: 'Cette combinaison n’est pas disponible. Essayez une autre option.',
} satisfies Translation<typeof pickerMessages>;
