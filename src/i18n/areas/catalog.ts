/**
 * The strings of the catalogue (provider, grid, card): English registered now, every other
 * language loaded the first time an element of the area renders in it. An element
 * imports its area's module, so a page carries the loaders of the areas it
 * shows and no others.
 */
import '../en/catalog.js';
import { addAreaLoaders } from '../languages.js';

addAreaLoaders('catalog', {
  de: () => import('../de/catalog.js'),
  fr: () => import('../fr/catalog.js'),
  es: () => import('../es/catalog.js'),
  it: () => import('../it/catalog.js'),
  nl: () => import('../nl/catalog.js'),
  ja: () => import('../ja/catalog.js'),
});
