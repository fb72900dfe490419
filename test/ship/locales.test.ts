// Locales: German ships beside English and covers every message; the
// script-tag page in German shows no English string of the catalogue, money
// and dates in German formats; a right-to-left locale (Arabic through the
// provider's `locale`, Hebrew through the page's `dir`) mirrors the layout.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { de } from '../../src/locales/de.js';
import { msg, type MessageKey } from '../../src/i18n/localize.js';
import { SHIPPED_LANGUAGES } from '../../src/i18n/languages.js';
import type { Message } from '../../src/i18n/format.js';
import { englishByArea } from '../../src/i18n/en/by-area.js';

const messageKeys = () => Object.values(englishByArea).flatMap((m) => Object.keys(m)) as MessageKey[];
/** A language's strings, area by area, as `src/i18n/<language>/<area>.ts` export them. */
const translation = async (language: string) =>
  Object.fromEntries(
    await Promise.all(
      Object.keys(englishByArea).map(async (area) => [area, (await import(`../../src/i18n/${language}/${area}.ts`))[area] as Record<string, Message>]),
    ),
  ) as Record<keyof typeof englishByArea, Record<string, Message>>;
import { formatMoney } from '../../src/contract/money.js';
import type { ExampleServer } from '../../examples/script-tag/server.mjs';
import { addFirstOfferToCart, ensureBuilt, launch, repo, watch } from './support.js';
import { mkdirSync } from 'node:fs';

/** Where the per-language screenshots go (`npm run screenshots` points this at docs/screenshots). */
const screenshots = resolve(process.env.TOTE_SCREENSHOTS_DIR || 'test-results/screenshots');
mkdirSync(screenshots, { recursive: true });

/** The literal parts of every html`…` template in a source file (expressions `${…}` replaced by a space). */
function templateLiterals(source: string): string[] {
  const out: string[] = [];
  for (let start = source.indexOf('html`'); start !== -1; start = source.indexOf('html`', start + 5)) {
    let i = start + 5;
    let text = '';
    let depth = 0;
    for (; i < source.length; i++) {
      const c = source[i]!;
      if (depth === 0 && c === '`') break;
      if (depth === 0 && c === '$' && source[i + 1] === '{') {
        depth = 1;
        i++;
        text += ' ';
        continue;
      }
      if (depth > 0) {
        if (c === '{') depth++;
        else if (c === '}') depth--;
        else if (c === '`') {
          // a nested template inside an expression: skip to its end (its own html`` is scanned separately)
          for (i++; i < source.length && source[i] !== '`'; i++) if (source[i] === '\\') i++;
        }
        continue;
      }
      text += c;
    }
    out.push(text);
  }
  return out;
}

const sample = { count: 2, name: 'N', merchant: 'M', n: 1, total: 5 };
const english = (key: MessageKey) => msg('en', key, sample);
const keys = Object.keys(de) as MessageKey[];

/** Distinct markers for every parameter a message reads, so a translation that drops one shows. */
const markers = new Proxy({} as Record<string, string>, { get: (_, k) => (typeof k === 'string' ? `⟦${k}⟧` : undefined) });
const render = (m: Message, locale: string) => (typeof m === 'function' ? m(markers, locale) : m);

for (const language of SHIPPED_LANGUAGES) {
  describe(`${language} catalogue`, () => {
    it('translates every key of every English area, in the same area, and nothing else', async () => {
      const byArea = await translation(language);
      for (const [area, en] of Object.entries(englishByArea)) {
        const mine = byArea[area as keyof typeof englishByArea];
        assert.deepEqual(Object.keys(en).filter((k) => !(k in mine)), [], `${area}: keys without ${language}`);
        assert.deepEqual(Object.keys(mine).filter((k) => !(k in en)), [], `${area}: ${language} keys English no longer has`);
      }
      assert.equal(new Set(messageKeys()).size, messageKeys().length, 'no key in two areas');
    });

    it('keeps every parameter English shows (names, amounts, counts)', async () => {
      const byArea = await translation(language);
      const dropped: string[] = [];
      for (const [area, en] of Object.entries(englishByArea)) {
        for (const [key, m] of Object.entries(en as Record<string, Message>)) {
          const wanted = render(m, 'en').match(/⟦\w+⟧/g) ?? [];
          const got = render(byArea[area as keyof typeof englishByArea][key]!, language);
          for (const w of wanted) if (!got.includes(w)) dropped.push(`${key} ${w}`);
        }
      }
      assert.deepEqual(dropped, []);
    });

    it(`is ${language}, not English copied (only names, codes and symbols may coincide)`, async () => {
      const byArea = await translation(language);
      const sentences = Object.entries(englishByArea).flatMap(([area, en]) =>
        Object.entries(en as Record<string, Message>)
          .filter(([, m]) => /\s\p{L}+\s/u.test(render(m, 'en')))
          .map(([key, m]) => [key, render(m, 'en') === render(byArea[area as keyof typeof englishByArea][key]!, language)] as const),
      );
      const same = sentences.filter(([, equal]) => equal).map(([key]) => key);
      assert.ok(same.length <= sentences.length * 0.02, `identical to English: ${same.join(', ')}`);
    });
  });
}

describe('German catalogue', () => {
  it('the up-front module (tote-checkout/locales/de) registers every area', () => {
    assert.deepEqual(new Set(keys), new Set(messageKeys()));
  });

  it('is used for de, de-DE and de-AT; plurals follow German rules; English stays the fallback', () => {
    assert.equal(msg('de', 'addToCart'), 'In den Warenkorb');
    assert.equal(msg('de-AT', 'addToCart'), 'In den Warenkorb');
    assert.equal(msg('de-DE', 'cartLabel', { count: 1 }), 'Warenkorb, 1 Artikel');
    assert.equal(msg('de-DE', 'formHasErrors', { count: 3 }), '3 Felder brauchen Ihre Aufmerksamkeit.');
    assert.equal(msg('de-DE', 'formHasErrors', { count: 1 }), '1 Feld braucht Ihre Aufmerksamkeit.');
    assert.equal(msg('sv', 'addToCart'), 'Add to cart');
  });
});

describe('plurals and formats per language', () => {
  it('French counts 0 and 1 as one, Japanese has one form, Dutch, Spanish and Italian one/other', async () => {
    await Promise.all(['fr', 'ja', 'nl', 'es', 'it'].map(async (l) => (await import(`../../src/locales/${l}.ts`)) as unknown));
    assert.equal(msg('fr-FR', 'cartLabel', { count: 0 }), 'Panier, 0 article');
    assert.equal(msg('fr-FR', 'cartLabel', { count: 2 }), 'Panier, 2 articles');
    assert.equal(msg('ja-JP', 'cartLabel', { count: 2 }), 'カート、2点');
    assert.equal(msg('nl-NL', 'formHasErrors', { count: 1 }), '1 veld vraagt je aandacht.');
    assert.equal(msg('es-ES', 'cartLabel', { count: 1 }), 'Carrito, 1 artículo');
    assert.equal(msg('it-IT', 'cartLabel', { count: 3 }), 'Carrello, 3 articoli');
    // Money: the currency's own exponent, each locale's separators and symbol position.
    assert.equal(formatMoney(123456, 'EUR', 'fr-FR'), '1\u202f234,56\u00a0€');
    assert.equal(formatMoney(1234, 'JPY', 'ja-JP'), '￥1,234');
    assert.equal(formatMoney(123456, 'EUR', 'nl-NL'), '€\u00a01.234,56');
  });
});

/** Literal words in text nodes and labels of html`` templates (the scan itself is checked below). */
function hardCodedText(source: string): string[] {
  const found: string[] = [];
  for (const t of templateLiterals(source)) {
    const withoutComments = t.replace(/<!--[\s\S]*?-->/g, '');
    for (const m of withoutComments.matchAll(/>([^<>]*)</g)) if (/\p{L}{2,}/u.test(m[1]!)) found.push(`text "${m[1]!.trim()}"`);
    for (const m of withoutComments.matchAll(/\b(aria-label|title|placeholder|alt)="([^"]*)"/g)) {
      if (/\p{L}{2,}/u.test(m[2]!)) found.push(`${m[1]}="${m[2]}"`);
    }
  }
  return found;
}

describe('no hard-coded text in element templates', () => {
  it('the scan finds literals where they are', () => {
    const sample = 'const a = html`<p>Hello ${this.t("x")}</p><b title="Hi" aria-label=${l}>${html`<i>${n}</i>`}</b>`;';
    assert.deepEqual(hardCodedText(sample), ['text "Hello"', 'title="Hi"']);
  });

  it('every text node and label in html`` templates comes from msg() (t()), not a literal', () => {
    const dir = repo;
    const files = ['src/elements', 'src/checkout/view'].flatMap((d) =>
      readdirSync(join(repo, d), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.styles.ts')).map((f) => join(d, f)),
    );
    const found = files.flatMap((f) => hardCodedText(readFileSync(join(dir, f), 'utf8')).map((t) => `${f}: ${t}`));
    assert.ok(files.length > 20);
    assert.deepEqual(found, []);
  });
});

describe('locales in the browser (script-tag page)', { timeout: 300_000 }, () => {
  let example: ExampleServer;
  let browser: Browser;

  before(async () => {
    await ensureBuilt();
    const { startExampleServer } = await import('../../examples/script-tag/server.mjs');
    example = await startExampleServer({ port: 0 });
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await example?.close();
  });

  async function open(setup?: (page: Page) => Promise<void>, path = '') {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const problems = await watch(page);
    await page.goto(`${example.url}${path}`);
    await setup?.(page);
    await page.locator('tote-offer-card').first().waitFor({ timeout: 30_000 });
    return { page, problems };
  }

  /** Every text node and accessible label inside every shadow root of the page. */
  const visibleText = (page: Page) =>
    page.evaluate(() => {
      // A loop, not a recursive helper: tsx would wrap a named helper in a `__name` the page does not have.
      const out: string[] = [];
      const roots: (Document | ShadowRoot)[] = [document];
      for (let root = roots.pop(); root; root = roots.pop()) {
        for (const el of root.querySelectorAll('*')) {
          if (el.shadowRoot) roots.push(el.shadowRoot);
          for (const a of ['aria-label', 'title', 'placeholder']) if (el.getAttribute(a)) out.push(el.getAttribute(a)!);
          for (const n of el.childNodes) if (n.nodeType === 3 && n.textContent!.trim()) out.push(n.textContent!.trim());
        }
      }
      return out.join('\n');
    });

  for (const [bundle, path] of [['dist/tote.js', ''], ['dist/split/tote.js, German loaded lazily', 'split.html']] as const) {
    it(`in German (${bundle}): no English string of the catalogue, German money`, async () => {
      const { page, problems } = await open(async (p) => {
        await p.evaluate(() => document.querySelector('tote-provider')!.setAttribute('locale', 'de-DE'));
      }, path);
      await page.locator('tote-offer-card').getByRole('button', { name: 'Optionen wählen' }).first().waitFor();
      await addFirstOfferToCart(page, { choose: 'Optionen wählen', add: 'In den Warenkorb' });
      await page.locator('tote-checkout').scrollIntoViewIfNeeded(); // the split bundle loads the flow when it comes into view
      await page.locator('tote-checkout').getByRole('button', { name: 'Weiter zur Adresse' }).waitFor();
      let text = await visibleText(page);
      // The address step too: labels, hints, buttons.
      await page.locator('tote-checkout').getByRole('button', { name: 'Weiter zur Adresse' }).click();
      await page.locator('tote-checkout').getByLabel('Postleitzahl', { exact: true }).waitFor();
      text += '\n' + (await visibleText(page));
      const leaks = keys
        .map((k) => english(k))
        .filter((en) => en.length > 3 && /[a-z]{3}/.test(en) && /\s/.test(en) && text.includes(en));
      assert.deepEqual(leaks, [], 'English strings on a German page');
      assert.match(text, /Ihr Warenkorb|Warenkorb prüfen/);
      // Money in German format: decimal comma, symbol after the amount (e.g. "52,00 $", "83,50 €").
      const price = await page.locator('tote-offer-card [part="price"]').first().innerText();
      assert.match(price, /\d,\d{2}\s?\S+/, price);
      const usd = formatMoney(5200, 'USD', 'de-DE');
      assert.equal(usd, '52,00\u00a0$');
      assert.deepEqual((await problems.read()).pageErrors, []);
      await page.close();
    });
  }

  /** Words of each new language's checkout the test waits for: the "Choose options" and "Add to cart" buttons, the step button, the postcode label. */
  const WORDS = {
    fr: { choose: 'Choisir les options', add: 'Ajouter au panier', next: 'Continuer vers l’adresse', postcode: 'Code postal', locale: 'fr-FR', decimal: ',' },
    es: { choose: 'Elegir opciones', add: 'Añadir al carrito', next: 'Continuar a la dirección', postcode: 'Código postal', locale: 'es-ES', decimal: ',' },
    it: { choose: 'Scegli le opzioni', add: 'Aggiungi al carrello', next: 'Continua con l’indirizzo', postcode: 'CAP', locale: 'it-IT', decimal: ',' },
    nl: { choose: 'Opties kiezen', add: 'In winkelwagen', next: 'Verder naar adres', postcode: 'Postcode', locale: 'nl-NL', decimal: ',' },
    ja: { choose: 'オプションを選択', add: 'カートに入れる', next: 'お届け先の入力へ', postcode: '郵便番号', locale: 'ja-JP', decimal: '.' },
  } as const;

  for (const [language, words] of Object.entries(WORDS)) {
    it(`the checkout in ${language} at 375 px (split bundle, strings loaded lazily): no English string, the shop's money format`, async () => {
      const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
      const problems = await watch(page);
      await page.goto(`${example.url}split.html`);
      await page.evaluate((l) => document.querySelector('tote-provider')!.setAttribute('locale', l), words.locale);
      await page.locator('tote-offer-card').getByRole('button', { name: words.choose }).first().waitFor({ timeout: 30_000 });
      await addFirstOfferToCart(page, { choose: words.choose, add: words.add });
      await page.locator('tote-checkout').scrollIntoViewIfNeeded();
      const next = page.locator('tote-checkout').getByRole('button', { name: words.next });
      await next.waitFor();
      let text = await visibleText(page);
      await next.click();
      await page.locator('tote-checkout').getByLabel(words.postcode, { exact: true }).waitFor();
      text += '\n' + (await visibleText(page));
      await page.locator('tote-checkout').screenshot({ path: join(screenshots, `checkout-${language}-375.png`) });
      const leaks = messageKeys()
        .map((k) => english(k))
        .filter((en) => en.length > 3 && /[a-z]{3}/.test(en) && /\s/.test(en) && text.includes(en));
      assert.deepEqual(leaks, [], `English strings on a ${language} page`);
      const price = await page.locator('tote-offer-card [part="price"]').first().innerText();
      // Money in the language's format: a decimal comma in the European ones, a point in Japanese.
      assert.match(price, words.decimal === ',' ? /\d,\d{2}/ : /\d\.\d{2}/, price);
      assert.deepEqual((await problems.read()).pageErrors, []);
      await page.close();
    });
  }

  it('dates follow the provider locale (merchant health "fetched at")', async () => {
    const { page } = await open();
    const fetched = await page.evaluate(async () => {
      const el = document.createElement('tote-merchant-health');
      el.setAttribute('fetched-at', '2026-11-21T09:30:00Z');
      el.reports = [];
      const results: string[] = [];
      for (const locale of ['de-DE', 'en-US']) {
        document.querySelector('tote-provider')!.setAttribute('locale', locale);
        if (!el.isConnected) document.querySelector('main')!.prepend(el);
        await new Promise((r) => setTimeout(r, 200));
        results.push(el.shadowRoot!.textContent!.replace(/\s+/g, ' '));
      }
      return results;
    });
    assert.match(fetched[0]!, /21\.11\.2026/, 'German date');
    assert.match(fetched[1]!, /Nov 21, 2026/, 'US date');
    await page.close();
  });

  async function firstTwoCards(page: Page) {
    const cards = page.locator('tote-offer-card');
    await cards.nth(1).waitFor();
    const a = (await cards.nth(0).boundingBox())!;
    const b = (await cards.nth(1).boundingBox())!;
    return { a, b };
  }

  it('left to right by default: the first card is left of the second', async () => {
    const { page } = await open();
    const { a, b } = await firstTwoCards(page);
    assert.ok(a.x < b.x);
    await page.close();
  });

  it('Arabic on the provider: dir=rtl, the grid flows right to left, text starts on the right, steps mirror', async () => {
    const { page, problems } = await open(async (p) => {
      await p.evaluate(() => document.querySelector('tote-provider')!.setAttribute('locale', 'ar'));
    });
    assert.equal(await page.locator('tote-provider').getAttribute('dir'), 'rtl');
    const { a, b } = await firstTwoCards(page);
    assert.ok(a.x > b.x, 'first card on the right');
    const card = page.locator('tote-offer-card').first();
    assert.equal(await card.evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('[part="base"]') ?? el).direction), 'rtl');
    // Money in Arabic formatting.
    assert.equal(formatMoney(5200, 'USD', 'ar'), new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD' }).format(52));
    // The checkout's step list reads right to left.
    const steps = page.locator('tote-checkout nav li, tote-checkout ol li');
    await steps.nth(1).waitFor();
    const s0 = (await steps.nth(0).boundingBox())!;
    const s1 = (await steps.nth(1).boundingBox())!;
    assert.ok(s0.x > s1.x, 'first step on the right');
    // A host-set dir wins over the locale.
    await page.evaluate(() => {
      const p = document.querySelector('tote-provider')!;
      p.setAttribute('dir', 'ltr');
      p.setAttribute('locale', 'he');
    });
    await page.waitForTimeout(100);
    assert.equal(await page.locator('tote-provider').getAttribute('dir'), 'ltr');
    assert.deepEqual((await problems.read()).pageErrors, []);
    await page.close();
  });

  it('Hebrew page (<html dir="rtl" lang="he">) without a provider locale: Tote follows the page', async () => {
    const { page } = await open(async (p) => {
      await p.evaluate(() => {
        document.documentElement.dir = 'rtl';
        document.documentElement.lang = 'he';
      });
    });
    const { a, b } = await firstTwoCards(page);
    assert.ok(a.x > b.x, 'first card on the right');
    assert.equal(await page.locator('tote-provider').getAttribute('dir'), null);
    await page.close();
  });
});
