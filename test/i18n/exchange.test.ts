// The translator's round trip: `tote i18n export <language>` writes every string as JSON, `tote i18n check`
// finds what a translated file lacks or breaks, and `messagesFromJson` (tote-checkout/locales/json) turns the
// file back into strings that read exactly like the TypeScript translation they came from.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkTranslation, exportLanguage } from '../../src/cli/i18n.js';
import { run } from '../../src/cli/run.js';
import type { CliIo } from '../../src/cli/io.js';
import { messagesFromJson } from '../../src/i18n/from-json.js';
import type { Message, Params } from '../../src/i18n/format.js';
import { SHIPPED_LANGUAGES } from '../../src/i18n/languages.js';

/** Sample parameters: numbers where messages count or compare, distinct words elsewhere (all present, so every conditional takes its full branch). */
const sample = (count: number) =>
  new Proxy({} as Params, { get: (_, k) => (k === 'count' ? count : k === 'min' ? 2 : k === 'max' ? 4 : typeof k === 'string' ? `v-${k}` : undefined) });
const render = (m: Message, p: Params, locale: string) => (typeof m === 'function' ? m(p, locale) : m);
/** Messages that reshape a parameter's value (capitalise a status): JSON templates insert values as they are. */
const RESHAPING = new Set(['merchantStatusLabel', 'deskWebhookStatus']);

function cli(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { env: {}, stdin: process.stdin, out: (l) => out.push(l), err: (l) => err.push(l) };
  return run(args, io).then((code) => ({ code, out: out.join('\n'), err: err.join('\n') }));
}

describe('translations as JSON', () => {
  for (const language of SHIPPED_LANGUAGES) {
    it(`${language}: export, then messagesFromJson, reads like the TypeScript strings for every key and count`, async () => {
      const file = await exportLanguage(language);
      const fromJson = messagesFromJson(JSON.parse(JSON.stringify(file)));
      const areas = new Set(Object.values(file.messages).map((e) => e.area));
      const differ: string[] = [];
      for (const area of areas) {
        const ts = ((await import(`../../src/i18n/${language}/${area}.ts`)) as Record<string, Record<string, Message>>)[area]!;
        for (const [key, m] of Object.entries(ts)) {
          if (RESHAPING.has(key)) continue;
          for (const n of [0, 1, 2, 5]) {
            const want = render(m, sample(n), language);
            const got = render(fromJson[key]!, sample(n), language);
            if (want !== got) differ.push(`${key}(${n}): ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
          }
        }
      }
      assert.deepEqual(differ, []);
      assert.deepEqual(checkTranslation(file), []);
    });
  }

  it('a new language starts empty, with its own plural categories where English counts', async () => {
    const file = await exportLanguage('pl');
    assert.equal(file.messages.addToCart!.source, 'Add to cart');
    assert.equal(file.messages.addToCart!.translation, '');
    assert.deepEqual(file.messages.cartLabel!.source, { one: 'Cart, {count} item', other: 'Cart, {count} items' });
    assert.deepEqual(Object.keys(file.messages.cartLabel!.translation).sort(), ['few', 'many', 'one', 'other']);
    assert.equal(checkTranslation(file).length, Object.keys(file.messages).length);
  });

  it('check names a missing key, a dropped placeholder and a key English lacks', async () => {
    const file = await exportLanguage('fr');
    delete (file.messages as Record<string, unknown>).addToCart;
    file.messages.removeItem!.translation = 'Retirer';
    (file.messages as Record<string, unknown>).madeUp = { area: 'cart', source: 'x', translation: 'y' };
    assert.deepEqual(checkTranslation(file), ['addToCart: not translated', 'removeItem: {name} is missing', 'madeUp: English has no such string']);
  });

  it('the tote command: export prints JSON, check exits 1 with the problems and 0 when complete', async () => {
    const exported = await cli(['i18n', 'export', 'nl']);
    assert.equal(exported.code, 0);
    const dir = mkdtempSync(join(tmpdir(), 'tote-i18n-'));
    writeFileSync(join(dir, 'nl.json'), exported.out);
    assert.deepEqual(await cli(['i18n', 'check', join(dir, 'nl.json')]), { code: 0, out: '', err: 'complete: every string translated, every placeholder kept' });
    const partial = JSON.parse(exported.out) as { messages: Record<string, { translation: unknown }> };
    partial.messages.checkout!.translation = '';
    writeFileSync(join(dir, 'partial.json'), JSON.stringify(partial));
    const checked = await cli(['i18n', 'check', join(dir, 'partial.json')]);
    assert.equal(checked.code, 1);
    assert.equal(checked.out, 'checkout: not translated');
    assert.equal((await cli(['i18n', 'export', '../../etc'])).code, 2, 'a language tag, nothing else');
  });

  it('messagesFromJson keeps text only: other values are dropped, markup stays text, overlong strings are refused', () => {
    const m = messagesFromJson({
      a: '<img src=x onerror=alert(1)>',
      b: { one: '{count} sak', other: '{count} saker' },
      c: 42,
      d: { one: 'no other form' },
      e: 'x'.repeat(5000),
      f: () => 'code',
      g: '',
    });
    assert.deepEqual(Object.keys(m).sort(), ['a', 'b']);
    assert.equal(m.a, '<img src=x onerror=alert(1)>');
    assert.equal(render(m.b!, { count: 1 }, 'sv'), '1 sak');
    assert.equal(render(m.b!, { count: 3 }, 'sv'), '3 saker');
  });
});
