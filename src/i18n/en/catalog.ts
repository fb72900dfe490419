/**
 * English strings of the catalogue elements (provider, offer grid and card,
 * and what the variant picker shares with them; its own are in
 * `picker.ts`): registered when one of them is imported, so a page pays
 * for the strings of the elements it uses. Other languages translate them in
 * `src/i18n/<lang>/catalog.ts`.
 */
import { plural, type Params } from '../format.js';
import { register } from '../registry.js';

export const catalogMessages = {
  addToCart: 'Add to cart',
  chooseOptions: 'Choose options',
  chooseOptionsFor: (p: Params) => `Choose options for ${p.name}`,
  close: 'Close',
  outOfStock: 'Out of stock',
  unavailable: 'Unavailable',
  inStock: 'In stock',
  priceRange: (p: Params) => `${p.min} – ${p.max}`,
  regularPrice: 'Regular price',
  about: 'About',
  convertedFrom: (p: Params) => `converted from ${p.price}; the checkout shows the exact amount`,
  currencyLabel: 'Currency',
  sale: 'Sale',
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
  addedToCart: (p: Params) => `Added ${p.name} to the cart`,
  cartLabel: (p: Params, l: string) => `Cart, ${p.count} ${plural(l, Number(p.count), 'item', 'items')}`,
};

register('en', catalogMessages);
