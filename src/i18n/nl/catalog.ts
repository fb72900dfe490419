/** Dutch strings of the catalogue elements (provider, offer grid and card). Loaded when such an element renders in Dutch. */
import { plural } from '../format.js';
import type { Translation } from '../keys.js';
import type { catalogMessages } from '../en/catalog.js';

const artikelen = (l: string, n: unknown) => `${n} ${plural(l, Number(n), 'artikel', 'artikelen')}`;

export const catalog = {
  about: 'Ongeveer',
  convertedFrom: (p) => `omgerekend van ${p.price}; bij het afrekenen ziet u het exacte bedrag`,
  currencyLabel: 'Valuta',
  addToCart: 'In winkelwagen',
  chooseOptions: 'Opties kiezen',
  chooseOptionsFor: (p) => `Opties kiezen voor ${p.name}`,
  close: 'Sluiten',
  outOfStock: 'Uitverkocht',
  unavailable: 'Niet beschikbaar',
  inStock: 'Op voorraad',
  priceRange: (p) => `${p.min} – ${p.max}`,
  regularPrice: 'Normale prijs',
  sale: 'Aanbieding',
  thisShop: 'Deze winkel',
  noImage: 'Geen afbeelding',
  tags: 'Labels',
  loading: 'Producten laden…',
  loadingMore: 'Meer producten laden…',
  empty: 'Nog geen producten om te tonen.',
  emptyHint: 'Kom snel terug: verkopers voegen steeds nieuwe producten toe.',
  loadError: 'De producten konden niet worden geladen.',
  offerLoadError: 'Dit product kon niet worden geladen.',
  offerNotFound: 'Dit product is niet meer beschikbaar.',
  retry: 'Opnieuw proberen',
  rateLimited: (p) => `${p.merchant} is druk, nieuwe poging over ${p.seconds} s`,
  retryingNow: (p) => `${p.merchant} is druk, nieuwe poging…`,
  loadMore: 'Meer laden',
  endOfList: 'Je hebt alle producten gezien.',
  products: 'Producten',
  quantity: 'Aantal',
  addedToCart: (p) => `${p.name} is aan de winkelwagen toegevoegd`,
  cartLabel: (p, l) => `Winkelwagen, ${artikelen(l, p.count)}`,
} satisfies Translation<typeof catalogMessages>;
