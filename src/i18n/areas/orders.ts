/**
 * The strings of the shopper's pages after the order: English registered now, every other
 * language loaded the first time an element of the area renders in it. An element
 * imports its area's module, so a page carries the loaders of the areas it
 * shows and no others.
 */
import '../en/orders.js';
import './cart.js';
import { addAreaLoaders } from '../languages.js';

addAreaLoaders('orders', {
  de: () => import('../de/orders.js'),
  fr: () => import('../fr/orders.js'),
  es: () => import('../es/orders.js'),
  it: () => import('../it/orders.js'),
  nl: () => import('../nl/orders.js'),
  ja: () => import('../ja/orders.js'),
});
