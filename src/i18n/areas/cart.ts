/**
 * The strings of the cart: English registered now, every other
 * language loaded the first time an element of the area renders in it. An element
 * imports its area's module, so a page carries the loaders of the areas it
 * shows and no others.
 */
import '../en/cart.js';
import './catalog.js';
import { addAreaLoaders } from '../languages.js';

addAreaLoaders('cart', {
  de: () => import('../de/cart.js'),
  fr: () => import('../fr/cart.js'),
  es: () => import('../es/cart.js'),
  it: () => import('../it/cart.js'),
  nl: () => import('../nl/cart.js'),
  ja: () => import('../ja/cart.js'),
});
