/**
 * Every user-visible string of Tote goes through `msg()`, so a locale can be
 * added by registering a catalogue, without touching the elements. English is
 * the source and the fallback for any key a translation lacks.
 *
 * Strings come in areas — the catalogue, the cart, the checkout flow, the
 * operator pages — each registered by the elements that show it
 * (`src/i18n/en/<area>.ts`), so a page pays only for the strings of the
 * elements it uses. A language's strings are split the same way and load
 * when an element of the area renders in that language (`loadMessages`).
 */
import { plural, type Message, type Params } from './format.js';
import { find, register } from './registry.js';
import type { Catalogue, MessageArea, MessageKey } from './keys.js';
import { lazyLanguages, type AreaLoaders } from './languages.js';

export { plural, type Message, type Params };
export type { Catalogue, MessageArea, MessageKey, Translate } from './keys.js';

/** The areas an area's elements also use strings of (the English modules import them the same way). */
const BUILDS_ON: Record<MessageArea, MessageArea[]> = {
  catalog: [],
  picker: ['catalog'],
  cart: ['catalog'],
  checkout: ['catalog', 'cart'],
  orders: ['catalog', 'cart'],
  operator: ['catalog'],
};

/** Registers (or extends) the strings of a locale, e.g. `addMessages('de', { addToCart: 'In den Warenkorb' })`. */
export function addMessages(locale: string, messages: Catalogue): void {
  register(locale, messages);
}

function lookup(locale: string, key: MessageKey): Message {
  // The key itself only when the module that registers its English was not imported (a bug): visible, not blank.
  return find(locale, key) ?? key;
}

/**
 * The first candidate that `Intl` accepts as a BCP 47 tag. Browsers can report
 * tags it rejects: WebKitGTK on a system without a locale gives
 * `navigator.language === 'C'`, and `Intl.NumberFormat('C')` throws.
 */
export function usableLocale(...candidates: (string | undefined)[]): string {
  for (const tag of candidates) {
    if (!tag) continue;
    try {
      if (Intl.getCanonicalLocales(tag).length) return tag;
    } catch {
      // not a language tag; try the next
    }
  }
  return 'en';
}

/** The string `key` in `locale` (falls back to the language, then English). */
export function msg(locale: string | undefined, key: MessageKey, params: Params = {}): string {
  const loc = locale || 'en';
  const m = lookup(loc, key);
  return typeof m === 'function' ? m(params, loc) : m;
}

/**
 * Makes a language load lazily, area by area, e.g.
 * `registerLocale('fr', { catalog: () => import('./fr/catalog.js').then((m) => m.default) })`,
 * each loader resolving to the area's strings. Elements of an area wait for
 * them before they render in that language.
 */
export function registerLocale(language: string, loaders: AreaLoaders): void {
  lazyLanguages.set(language.toLowerCase(), { ...lazyLanguages.get(language.toLowerCase()), ...loaders });
}

const loads = new Map<string, Promise<void>>();
const loaded = new Set<string>();

/**
 * Loads the strings of `area` (and of the areas it builds on) in `locale`'s
 * language if that language loads lazily. The promise settles when they are
 * registered (or failed to load: English shows instead); undefined when there
 * is nothing to wait for.
 */
export function loadMessages(locale: string | undefined, area: MessageArea): Promise<void> | undefined {
  const language = locale?.toLowerCase().split('-')[0];
  const loaders = language ? lazyLanguages.get(language) : undefined;
  if (!language || !loaders) return undefined;
  const pending: Promise<void>[] = [];
  for (const a of [area, ...BUILDS_ON[area]]) {
    const id = `${language}:${a}`;
    const load = loaders[a];
    if (!load || loaded.has(id)) continue;
    let p = loads.get(id);
    if (!p) {
      p = load().then(
        (messages) => {
          addMessages(language, messages);
          loaded.add(id);
        },
        (e: unknown) => {
          loads.delete(id); // the next element of the area tries again
          console.warn(`tote: the ${language} strings (${a}) could not be loaded; showing English`, e);
        },
      );
      loads.set(id, p);
    }
    pending.push(p);
  }
  return pending.length ? Promise.all(pending).then(() => {}) : undefined;
}

const RTL = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'ha', 'he', 'khw', 'ks', 'ps', 'sd', 'ur', 'yi']);

/** Writing direction of a locale, for `dir` on elements that are not inside a `dir`-ed page. */
export function localeDirection(locale: string | undefined): 'ltr' | 'rtl' {
  return locale && RTL.has(locale.toLowerCase().split('-')[0]!) ? 'rtl' : 'ltr';
}
