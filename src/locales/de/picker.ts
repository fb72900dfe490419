/**
 * German strings only the variant picker shows. Loaded when the picker renders in German (`loadMessages`
 * registers them), or up front by `tote-checkout/locales/de`. Data only, importing nothing.
 */
import type { Message } from '../../elements/internal/localize.js';
import type { pickerMessages } from '../../elements/internal/messages-picker.js';

const plural = (locale: string, n: number, one: string, other: string) =>
  new Intl.PluralRules(locale).select(n) === 'one' ? one : other;
const artikel = (l: string, n: unknown) => `${n} ${plural(l, Number(n), 'Artikel', 'Artikel')}`;

export const dePicker = {
  stockLeft: (p, l) => `${artikel(l, p.count)} auf Lager`,
  onlyLeft: (p) => `Nur noch ${p.count} verfügbar`,
  salePrice: 'Angebotspreis',
  decreaseQuantity: 'Menge verringern',
  increaseQuantity: 'Menge erhöhen',
  notWithChoice: (p) => `Nicht verfügbar mit ${p.choice}`,
  valueOutOfStock: 'Ausverkauft',
  noSkuForChoice: 'Diese Kombination ist nicht verfügbar. Wählen Sie eine andere Option.',
} satisfies Partial<Record<keyof typeof pickerMessages, Message>>;
