/**
 * The strings of the operator pages (health, onboarding, order desk): English registered now, every other
 * language loaded the first time an element of the area renders in it. An element
 * imports its area's module, so a page carries the loaders of the areas it
 * shows and no others.
 */
import '../en/operator.js';
import '../en/desk.js';
import './catalog.js';
import { addAreaLoaders } from '../languages.js';

addAreaLoaders('operator', {
  de: () => import('../de/operator.js'),
  fr: () => import('../fr/operator.js'),
  es: () => import('../es/operator.js'),
  it: () => import('../it/operator.js'),
  nl: () => import('../nl/operator.js'),
  ja: () => import('../ja/operator.js'),
});
