/**
 * `tote i18n export <language>` writes every string as JSON for a translator: English beside the language's
 * translation (empty where there is none, with the language's plural categories); `tote i18n check <file>`
 * lists what a translated file still lacks or breaks (a missing key, a dropped `{placeholder}`, a key English
 * does not have). A shop loads the finished file with `tote-checkout/locales/json` (docs/i18n.md).
 */
import { readFile } from 'node:fs/promises';
import { englishByArea } from '../i18n/en/by-area.js';
import type { Message } from '../i18n/format.js';
import type { JsonMessage } from '../i18n/from-json.js';
import { SHIPPED_LANGUAGES } from '../i18n/languages.js';
import { placeholders, pluralSamples, toJsonMessage } from '../i18n/to-json.js';
import type { CliIo } from './io.js';

/** The English strings by the area they load in. */
const ENGLISH: Record<string, Record<string, Message>> = englishByArea;

type Entry = { area: string; source: JsonMessage; translation: JsonMessage };
type ExportFile = { language: string; source: 'en'; messages: Record<string, Entry> };

async function shipped(language: string, area: string): Promise<Record<string, Message>> {
  if (!(SHIPPED_LANGUAGES as readonly string[]).includes(language)) return {};
  const module = (await import(`../i18n/${language}/${area}.js`)) as Record<string, Record<string, Message>>;
  return module[area] ?? {};
}

/** An empty translation with the language's plural categories where English has a count. */
const blank = (source: JsonMessage, language: string): JsonMessage =>
  typeof source === 'string' ? '' : Object.fromEntries([...pluralSamples(language).keys()].map((c) => [c, '']));

export async function exportLanguage(language: string): Promise<ExportFile> {
  const messages: Record<string, Entry> = {};
  for (const [area, english] of Object.entries(ENGLISH)) {
    const mine = await shipped(language, area);
    for (const [key, m] of Object.entries(english)) {
      const source = toJsonMessage(m, 'en');
      messages[key] = { area, source, translation: mine[key] ? toJsonMessage(mine[key], language) : blank(source, language) };
    }
  }
  return { language, source: 'en', messages };
}

/** What a translated file lacks or breaks, one line per problem. */
export function checkTranslation(file: unknown): string[] {
  const messages = (file as Partial<ExportFile>)?.messages;
  if (!messages || typeof messages !== 'object') return ['not an export of `tote i18n export` (no "messages")'];
  const problems: string[] = [];
  const english = new Map(Object.values(ENGLISH).flatMap((area) => Object.entries(area)));
  for (const [key, m] of english) {
    const translation = (messages[key] as Entry | undefined)?.translation;
    const empty = translation === undefined || translation === '' || (typeof translation === 'object' && !translation?.other);
    if (empty) {
      problems.push(`${key}: not translated`);
      continue;
    }
    const have = placeholders(translation);
    for (const p of placeholders(toJsonMessage(m, 'en'))) if (!have.has(p)) problems.push(`${key}: ${p} is missing`);
  }
  for (const key of Object.keys(messages)) if (!english.has(key)) problems.push(`${key}: English has no such string`);
  return problems;
}

export async function i18n(io: CliIo, args: readonly string[]): Promise<number> {
  const [sub, arg] = args;
  if (sub === 'export' && arg && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(arg)) {
    io.out(JSON.stringify(await exportLanguage(arg), null, 2));
    return 0;
  }
  if (sub === 'check' && arg) {
    const problems = checkTranslation(JSON.parse(await readFile(arg, 'utf8')));
    for (const line of problems) io.out(line);
    io.err(problems.length ? `${problems.length} problem(s)` : 'complete: every string translated, every placeholder kept');
    return problems.length ? 1 : 0;
  }
  io.err('usage: tote i18n export <language> | tote i18n check <file.json>');
  return 2;
}
