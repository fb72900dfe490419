/**
 * Strings a translator delivered as JSON (the format `tote i18n export`
 * writes; docs/i18n.md) turned into a catalogue for `addMessages` or a
 * `registerLocale` loader. A value is a template with `{name}` placeholders,
 * or, for a count, one template per plural category (`one`, `other`, and
 * `zero`/`two`/`few`/`many` where the language has them). Anything else is
 * ignored, so a malformed file shows English, never script or markup: the
 * result is text the elements render as text.
 */
import type { Message, Params } from './format.js';

/** A translated string as JSON carries it. */
export type JsonMessage = string | Partial<Record<Intl.LDMLPluralRule, string>>;

const MAX_CHARS = 2_000;

const fill = (template: string, p: Params) => template.replace(/\{(\w+)\}/g, (_, name: string) => String(p[name] ?? ''));

function toMessage(value: unknown): Message | undefined {
  if (typeof value === 'string') return value.length > MAX_CHARS ? undefined : /\{\w+\}/.test(value) ? (p) => fill(value, p) : value;
  if (!value || typeof value !== 'object') return undefined;
  const forms = Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string' && v.length <= MAX_CHARS)) as Record<string, string>;
  if (typeof forms.other !== 'string') return undefined;
  return (p, locale) => fill(forms[new Intl.PluralRules(locale).select(Number(p.count))] ?? forms.other!, p);
}

/** The catalogue of a JSON translation: `{ key: template | { one, other, … } }`, or the export's `{ key: { translation } }`. */
export function messagesFromJson(json: unknown): Record<string, Message> {
  const out: Record<string, Message> = {};
  if (!json || typeof json !== 'object') return out;
  const entries = 'messages' in json && json.messages && typeof json.messages === 'object' ? json.messages : json;
  for (const [key, raw] of Object.entries(entries as Record<string, unknown>)) {
    const value = raw && typeof raw === 'object' && 'translation' in raw ? (raw as { translation: unknown }).translation : raw;
    const message = toMessage(value);
    if (message !== undefined && value !== '') out[key] = message;
  }
  return out;
}
