/** Italian strings only the variant picker shows. Loaded when the picker renders in Italian. */
import { plural } from '../format.js';
import type { Translation } from '../keys.js';
import type { pickerMessages } from '../en/picker.js';

export const picker = {
  stockLeft: (p, l) => `${p.count} ${plural(l, Number(p.count), 'articolo disponibile', 'articoli disponibili')}`,
  onlyLeft: (p) => `Solo ${p.count} rimasti`,
  salePrice: 'Prezzo in offerta',
  decreaseQuantity: 'Diminuisci la quantità',
  increaseQuantity: 'Aumenta la quantità',
  notWithChoice: (p) => `Non disponibile con ${p.choice}`,
  valueOutOfStock: 'Esaurito',
  noSkuForChoice: 'Questa combinazione non è disponibile. Prova un’altra opzione.',
} satisfies Translation<typeof pickerMessages>;
