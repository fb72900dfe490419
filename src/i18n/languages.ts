/**
 * The languages Tote ships beside English, loaded area by area when an element
 * first renders in one (`loadMessages`). Each area's module (`areas/<area>.ts`)
 * adds its loaders here: every path is spelled out there, since a bundler
 * turns each literal `import()` into a chunk of its own (a pattern with
 * variables is left unresolved by Vite's library build). Shops add their own
 * languages with `registerLocale`.
 */
import type { Catalogue, MessageArea } from './keys.js';

/** Per area, a loader that resolves to the area's strings in one language. */
export type AreaLoaders = Partial<Record<MessageArea, () => Promise<Catalogue>>>;

/** The languages Tote translates into, besides English (the source). */
export const SHIPPED_LANGUAGES = ['de', 'fr', 'es', 'it', 'nl', 'ja'] as const;

export const lazyLanguages = new Map<string, AreaLoaders>();

/** A language's module of one area: it exports the area's strings under the area's name. */
type AreaModule = Partial<Record<MessageArea, Catalogue>>;

/** Registers, for one area, the import of its module in each shipped language. */
export function addAreaLoaders(area: MessageArea, byLanguage: Record<(typeof SHIPPED_LANGUAGES)[number], () => Promise<AreaModule>>): void {
  for (const [language, load] of Object.entries(byLanguage)) {
    lazyLanguages.set(language, { ...lazyLanguages.get(language), [area]: () => load().then((m) => m[area]!) });
  }
}
