/**
 * A catalogue as the JSON a translator works in (`tote i18n export`): each
 * message a template with `{name}` placeholders, or one template per plural
 * category when its text depends on a count. Functions are rendered with
 * stand-in parameters, so the file holds text only.
 */
import type { Message, Params } from './format.js';
import type { JsonMessage } from './from-json.js';

/** A stand-in parameter: it prints as `{name}` and counts as `n`, so each plural branch can be rendered. */
const stand = (n: number) =>
  new Proxy({} as Params, {
    get: (_, name) => (typeof name === 'string' ? { toString: () => `{${name}}`, valueOf: () => n } : undefined),
  });

/** One count per plural category of `locale` (1 → `one` in English, 0 → `one` in French, 2 → `two` in Arabic…). */
export function pluralSamples(locale: string): Map<Intl.LDMLPluralRule, number> {
  const rules = new Intl.PluralRules(locale);
  const samples = new Map<Intl.LDMLPluralRule, number>();
  for (const n of [0, 1, 2, 3, 5, 11, 21, 100, 1.5]) if (!samples.has(rules.select(n))) samples.set(rules.select(n), n);
  return samples;
}

/** `m` as JSON: a template, or `{ one, other, … }` when its text changes with the count. */
export function toJsonMessage(m: Message, locale: string): JsonMessage {
  if (typeof m === 'string') return m;
  const forms = Object.fromEntries([...pluralSamples(locale)].map(([category, n]) => [category, m(stand(n), locale)]));
  return new Set(Object.values(forms)).size === 1 ? forms.other! : forms;
}

/** The placeholders a JSON message uses, e.g. `{name}` and `{count}`. */
export function placeholders(m: JsonMessage): Set<string> {
  const text = typeof m === 'string' ? m : Object.values(m).join(' ');
  return new Set(text.match(/\{\w+\}/g) ?? []);
}
