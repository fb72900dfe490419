/**
 * English strings of the cart (`<tote-cart>`, on the first page with the
 * catalogue); they build on the catalogue's. Other languages translate them in
 * `src/i18n/<lang>/cart.ts`.
 */
import { plural, type Params } from '../format.js';
import { register } from '../registry.js';
import './catalog.js';

export const cartMessages = {
  /** A failed load or quote, asked again (the checkout and the order page). */
  retryNow: 'Try again',
  // cart
  cartTitle: 'Your cart',
  cartEmpty: 'Your cart is empty.',
  cartEmptyHint: 'Add something you like and it will wait here.',
  openCart: (p: Params, l: string) => `Open cart, ${p.count} ${plural(l, Number(p.count), 'item', 'items')}`,
  itemCount: (p: Params, l: string) => `${p.count} ${plural(l, Number(p.count), 'item', 'items')}`,
  bagSubtotal: 'Subtotal',
  cartTotal: 'Total',
  cartTotals: 'Totals per currency',
  unitPrice: 'Unit price',
  quantityOf: (p: Params) => `Quantity of ${p.name}`,
  decreaseQuantityOf: (p: Params) => `Decrease quantity of ${p.name}`,
  increaseQuantityOf: (p: Params) => `Increase quantity of ${p.name}`,
  remove: 'Remove',
  removeItem: (p: Params) => `Remove ${p.name}`,
  maxStock: (p: Params) => `Only ${p.count} in stock`,
  issueUnavailable: 'No longer available. Remove it to check out.',
  issueOutOfStock: 'Out of stock. Remove it to check out.',
  issuePriceChanged: (p: Params) => `The price changed from ${p.before} to ${p.after}.`,
  issueQuantityReduced: (p: Params) => `Only ${p.count} left: the quantity was lowered.`,
  acknowledge: 'OK',
  checkout: 'Check out',
  viewCart: 'View cart',
  continueShopping: 'Continue shopping',
};

register('en', cartMessages);
