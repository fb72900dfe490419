/** Italian strings of the catalogue elements (provider, offer grid and card). Loaded when such an element renders in Italian. */
import { plural } from '../format.js';
import type { Translation } from '../keys.js';
import type { catalogMessages } from '../en/catalog.js';

const articoli = (l: string, n: unknown) => `${n} ${plural(l, Number(n), 'articolo', 'articoli')}`;

export const catalog = {
  about: 'Circa',
  convertedFrom: (p) => `convertito da ${p.price}; al pagamento vedi l’importo esatto`,
  currencyLabel: 'Valuta',
  addToCart: 'Aggiungi al carrello',
  chooseOptions: 'Scegli le opzioni',
  chooseOptionsFor: (p) => `Scegli le opzioni per ${p.name}`,
  close: 'Chiudi',
  outOfStock: 'Esaurito',
  unavailable: 'Non disponibile',
  inStock: 'Disponibile',
  priceRange: (p) => `${p.min} – ${p.max}`,
  regularPrice: 'Prezzo di listino',
  sale: 'Offerta',
  thisShop: 'Questo negozio',
  noImage: 'Nessuna immagine',
  tags: 'Tag',
  loading: 'Caricamento dei prodotti…',
  loadingMore: 'Caricamento di altri prodotti…',
  empty: 'Ancora nessun prodotto da mostrare.',
  emptyHint: 'Torna presto: i venditori aggiungono sempre nuovi prodotti.',
  loadError: 'Impossibile caricare i prodotti.',
  offerLoadError: 'Impossibile caricare questo prodotto.',
  offerNotFound: 'Questo prodotto non è più disponibile.',
  retry: 'Riprova',
  rateLimited: (p) => `${p.merchant} è occupato, nuovo tentativo tra ${p.seconds} s`,
  retryingNow: (p) => `${p.merchant} è occupato, nuovo tentativo…`,
  loadMore: 'Carica altri',
  endOfList: 'Hai visto tutti i prodotti.',
  products: 'Prodotti',
  quantity: 'Quantità',
  addedToCart: (p) => `${p.name} aggiunto al carrello`,
  cartLabel: (p, l) => `Carrello, ${articoli(l, p.count)}`,
} satisfies Translation<typeof catalogMessages>;
