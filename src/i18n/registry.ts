/**
 * The catalogues of registered strings, by lower-cased locale. Keys are plain
 * strings here so that a language's module can register itself without
 * importing the list of keys (which is built from the English modules, and
 * they register through this file).
 */
import type { Message } from './format.js';

const catalogues = new Map<string, Record<string, Message>>();

/** Adds `messages` to `locale`'s catalogue (later registrations win, key by key). */
export function register(locale: string, messages: Record<string, Message | undefined>): void {
  const key = locale.toLowerCase();
  const merged = { ...catalogues.get(key) };
  for (const [k, m] of Object.entries(messages)) if (m !== undefined) merged[k] = m;
  catalogues.set(key, merged);
}

/** The message for `key` in `locale`, its language, or English; undefined when none has it. */
export function find(locale: string, key: string): Message | undefined {
  const lower = locale.toLowerCase();
  return catalogues.get(lower)?.[key] ?? catalogues.get(lower.split('-')[0]!)?.[key] ?? catalogues.get('en')?.[key];
}
