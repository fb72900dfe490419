/**
 * The strings of the checkout flow: English registered now, every other
 * language loaded the first time an element of the area renders in it. An element
 * imports its area's module, so a page carries the loaders of the areas it
 * shows and no others.
 */
import '../en/checkout.js';
import './cart.js';
import { addAreaLoaders } from '../languages.js';

addAreaLoaders('checkout', {
  de: () => import('../de/checkout.js'),
  fr: () => import('../fr/checkout.js'),
  es: () => import('../es/checkout.js'),
  it: () => import('../it/checkout.js'),
  nl: () => import('../nl/checkout.js'),
  ja: () => import('../ja/checkout.js'),
});
