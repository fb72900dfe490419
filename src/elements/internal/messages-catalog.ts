/**
 * English strings of the catalogue elements (provider, offer grid and card,
 * variant picker): registered when one of them is imported, so a page pays
 * for the strings of the elements it uses. Other languages translate them in
 * `src/locales/<lang>/catalog.ts`.
 */
import { addMessages, plural, type Params } from './localize.js';

export const catalogMessages = {
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
  salePrice: 'Sale price',
  regularPrice: 'Regular price',
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
  decreaseQuantity: 'Decrease quantity',
  increaseQuantity: 'Increase quantity',
  notWithChoice: (p: Params) => `Not available with ${p.choice}`,
  valueOutOfStock: 'Out of stock',
  noSkuForChoice: 'This combination is not available. Try another option.',
  addedToCart: (p: Params) => `Added ${p.name} to the cart`,
  cartLabel: (p: Params, l: string) => `Cart, ${p.count} ${plural(l, Number(p.count), 'item', 'items')}`,
};

addMessages('en', catalogMessages);
