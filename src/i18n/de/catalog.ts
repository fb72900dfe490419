/**
 * German strings of the catalogue elements (provider, offer grid and card, variant picker). Loaded when such an element renders in
 * German (`loadMessages` registers them), or up front by `tote-checkout/locales/de`.
 * Data: it imports the English module's keys as a type and `plural`, which every page already has.
 */
import { plural } from '../format.js';
import type { Translation } from '../keys.js';
import type { catalogMessages } from '../en/catalog.js';


const artikel = (l: string, n: unknown) => `${n} ${plural(l, Number(n), 'Artikel', 'Artikel')}`;

export const catalog = {
  about: 'Etwa',
  convertedFrom: (p) => `umgerechnet von ${p.price}; der genaue Betrag steht an der Kasse`,
  currencyLabel: 'Währung',
  // catalog
  addToCart: 'In den Warenkorb',
  chooseOptions: 'Optionen wählen',
  chooseOptionsFor: (p) => `Optionen für ${p.name} wählen`,
  close: 'Schließen',
  outOfStock: 'Ausverkauft',
  unavailable: 'Nicht verfügbar',
  inStock: 'Auf Lager',
  priceRange: (p) => `${p.min} – ${p.max}`,
  regularPrice: 'Regulärer Preis',
  sale: 'Angebot',
  thisShop: 'Dieser Shop',
  noImage: 'Kein Bild',
  tags: 'Schlagwörter',
  loading: 'Produkte werden geladen …',
  loadingMore: 'Weitere Produkte werden geladen …',
  empty: 'Noch keine Produkte vorhanden.',
  emptyHint: 'Schauen Sie bald wieder vorbei: Händler fügen ständig neue Produkte hinzu.',
  loadError: 'Die Produkte konnten nicht geladen werden.',
  offerLoadError: 'Dieses Produkt konnte nicht geladen werden.',
  offerNotFound: 'Dieses Produkt ist nicht mehr verfügbar.',
  retry: 'Erneut versuchen',
  rateLimited: (p) => `${p.merchant} ist ausgelastet, neuer Versuch in ${p.seconds} s`,
  retryingNow: (p) => `${p.merchant} ist ausgelastet, neuer Versuch läuft …`,
  loadMore: 'Mehr laden',
  endOfList: 'Sie haben alle Produkte gesehen.',
  products: 'Produkte',
  quantity: 'Menge',
  addedToCart: (p) => `${p.name} wurde in den Warenkorb gelegt`,
  cartLabel: (p, l) => `Warenkorb, ${artikel(l, p.count)}`,
} satisfies Translation<typeof catalogMessages>;
