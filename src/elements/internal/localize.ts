/**
 * Every user-visible string of Tote goes through `msg()`, so a locale can be
 * added by registering a catalogue, without touching the elements. English is
 * the source and the fallback for any key a translation lacks.
 */
import { checkoutMessages } from './messages-checkout.js';
import { operatorMessages } from './messages-operator.js';

type Params = Record<string, string | number>;
type Message = string | ((p: Params, locale: string) => string);

const plural = (locale: string, n: number, one: string, other: string) =>
  new Intl.PluralRules(locale).select(n) === 'one' ? one : other;

const en = {
  addToCart: 'Add to cart',
  chooseOptions: 'Choose options',
  chooseOptionsFor: (p: Params) => `Choose options for ${p.name}`,
  close: 'Close',
  outOfStock: 'Out of stock',
  unavailable: 'Unavailable',
  inStock: 'In stock',
  stockLeft: (p: Params, l: string) => `${p.count} ${plural(l, Number(p.count), 'item', 'items')} in stock`,
  onlyLeft: (p: Params) => `Only ${p.count} left`,
  priceRange: (p: Params) => `${p.min} – ${p.max}`,
  priceFrom: (p: Params) => `From ${p.min}`,
  salePrice: 'Sale price',
  regularPrice: 'Regular price',
  sale: 'Sale',
  soldBy: (p: Params) => `Sold by ${p.merchant}`,
  thisShop: 'This shop',
  noImage: 'No image',
  tags: 'Tags',
  loading: 'Loading products…',
  loadingMore: 'Loading more products…',
  empty: 'No products to show yet.',
  emptyHint: 'Check back soon: merchants add new products all the time.',
  loadError: 'Products could not be loaded.',
  offerLoadError: 'This product could not be loaded.',
  offerNotFound: 'This product is no longer available.',
  retry: 'Try again',
  rateLimited: (p: Params) => `${p.merchant} is busy, retrying in ${p.seconds} s`,
  retryingNow: (p: Params) => `${p.merchant} is busy, retrying now…`,
  loadMore: 'Load more',
  endOfList: 'You have seen every product.',
  products: 'Products',
  quantity: 'Quantity',
  decreaseQuantity: 'Decrease quantity',
  increaseQuantity: 'Increase quantity',
  notWithChoice: (p: Params) => `Not available with ${p.choice}`,
  valueOutOfStock: 'Out of stock',
  choose: (p: Params) => `Choose ${p.variant}`,
  noSkuForChoice: 'This combination is not available. Try another option.',
  addedToCart: (p: Params) => `Added ${p.name} to the cart`,
  cartLabel: (p: Params, l: string) => `Cart, ${p.count} ${plural(l, Number(p.count), 'item', 'items')}`,
  ...checkoutMessages,
  ...operatorMessages,
} satisfies Record<string, Message>;

export type MessageKey = keyof typeof en;

/** Every key of the English catalogue: what a translation has to cover. */
export const messageKeys = (): MessageKey[] => Object.keys(en) as MessageKey[];
type Catalogue = Partial<Record<MessageKey, Message>>;

const catalogues = new Map<string, Catalogue>([['en', en]]);

/** Registers (or extends) the strings of a locale, e.g. `addMessages('de', { addToCart: 'In den Warenkorb' })`. */
export function addMessages(locale: string, messages: Catalogue): void {
  const key = locale.toLowerCase();
  catalogues.set(key, { ...catalogues.get(key), ...messages });
}

function lookup(locale: string, key: MessageKey): Message {
  const lower = locale.toLowerCase();
  return (
    catalogues.get(lower)?.[key] ??
    catalogues.get(lower.split('-')[0]!)?.[key] ??
    en[key]
  );
}

/** The string `key` in `locale` (falls back to the language, then English). */
export function msg(locale: string | undefined, key: MessageKey, params: Params = {}): string {
  const loc = locale || 'en';
  const m = lookup(loc, key);
  return typeof m === 'function' ? m(params, loc) : m;
}

const RTL = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'ha', 'he', 'khw', 'ks', 'ps', 'sd', 'ur', 'yi']);

/** Writing direction of a locale, for `dir` on elements that are not inside a `dir`-ed page. */
export function localeDirection(locale: string | undefined): 'ltr' | 'rtl' {
  return locale && RTL.has(locale.toLowerCase().split('-')[0]!) ? 'rtl' : 'ltr';
}
