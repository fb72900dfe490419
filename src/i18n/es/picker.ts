/** Spanish strings only the variant picker shows. Loaded when the picker renders in Spanish. */
import { plural } from '../format.js';
import type { Translation } from '../keys.js';
import type { pickerMessages } from '../en/picker.js';

export const picker = {
  stockLeft: (p, l) => `${p.count} ${plural(l, Number(p.count), 'artículo', 'artículos')} en stock`,
  onlyLeft: (p) => `Solo quedan ${p.count}`,
  salePrice: 'Precio de oferta',
  decreaseQuantity: 'Reducir la cantidad',
  increaseQuantity: 'Aumentar la cantidad',
  notWithChoice: (p) => `No disponible con ${p.choice}`,
  valueOutOfStock: 'Agotado',
  noSkuForChoice: 'Esta combinación no está disponible. Prueba otra opción.',
} satisfies Translation<typeof pickerMessages>;
