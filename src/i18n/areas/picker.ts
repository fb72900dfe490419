/**
 * The strings of the variant picker: English registered now, every other
 * language loaded the first time an element of the area renders in it. An element
 * imports its area's module, so a page carries the loaders of the areas it
 * shows and no others.
 */
import '../en/picker.js';
import './catalog.js';
import { addAreaLoaders } from '../languages.js';

addAreaLoaders('picker', {
  de: () => import('../de/picker.js'),
  fr: () => import('../fr/picker.js'),
  es: () => import('../es/picker.js'),
  it: () => import('../it/picker.js'),
  nl: () => import('../nl/picker.js'),
  ja: () => import('../ja/picker.js'),
});
