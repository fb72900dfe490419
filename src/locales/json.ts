/**
 * `tote-checkout/locales/json`: a language a shop translated itself, as JSON
 * (docs/i18n.md). `addJsonMessages('sv', json)` registers it up front;
 * `registerLocale('sv', { catalog: () => fetch(url).then((r) => r.json()).then(messagesFromJson), … })`
 * loads it area by area like the languages Tote ships.
 */
import { messagesFromJson } from '../i18n/from-json.js';
import { addMessages, type Catalogue } from '../i18n/localize.js';

export { messagesFromJson, type JsonMessage } from '../i18n/from-json.js';
export { registerLocale } from '../i18n/localize.js';

/** Registers a JSON translation for `locale` (its keys over English, key by key). */
export function addJsonMessages(locale: string, json: unknown): void {
  addMessages(locale, messagesFromJson(json) as Catalogue);
}
