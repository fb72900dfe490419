/**
 * German strings only the variant picker shows. Loaded when the picker renders in German (`loadMessages`
 * registers them), or up front by `tote-checkout/locales/de`. Data only, importing nothing.
 */
import { plural } from '../format.js';
import type { Translation } from '../keys.js';
import type { pickerMessages } from '../en/picker.js';

const artikel = (l: string, n: unknown) => `${n} ${plural(l, Number(n), 'Artikel', 'Artikel')}`;

export const picker = {
  stockLeft: (p, l) => `${artikel(l, p.count)} auf Lager`,
  onlyLeft: (p) => `Nur noch ${p.count} verfügbar`,
  salePrice: 'Angebotspreis',
  decreaseQuantity: 'Menge verringern',
  increaseQuantity: 'Menge erhöhen',
  notWithChoice: (p) => `Nicht verfügbar mit ${p.choice}`,
  valueOutOfStock: 'Ausverkauft',
  noSkuForChoice: 'Diese Kombination ist nicht verfügbar. Wählen Sie eine andere Option.',
} satisfies Translation<typeof pickerMessages>;
