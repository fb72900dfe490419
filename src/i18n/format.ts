/**
 * What a message is: a string, or a function of its parameters and the locale
 * (for plurals and values). Imports nothing, so every language module, English
 * included, can name these without pulling in the registry.
 */
export type Params = Record<string, string | number>;
export type Message = string | ((p: Params, locale: string) => string);

/** `one` or `other` by the locale's plural rules (enough for every language Tote ships; see docs/i18n.md). */
export const plural = (locale: string, n: number, one: string, other: string) =>
  new Intl.PluralRules(locale).select(n) === 'one' ? one : other;
