// Locales: German ships beside English and covers every message; the
// script-tag page in German shows no English string of the catalogue, money
// and dates in German formats; a right-to-left locale (Arabic through the
// provider's `locale`, Hebrew through the page's `dir`) mirrors the layout.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { de } from '../../src/locales/de.js';
import { msg, type MessageKey } from '../../src/elements/internal/localize.js';
import { catalogMessages } from '../../src/elements/internal/messages-catalog.js';
import { cartMessages } from '../../src/elements/internal/messages-cart.js';
import { checkoutMessages } from '../../src/elements/internal/messages-checkout.js';
import { orderMessages } from '../../src/elements/internal/messages-orders.js';
import { operatorMessages } from '../../src/elements/internal/messages-operator.js';
import { pickerMessages } from '../../src/elements/internal/messages-picker.js';
import { deCatalog } from '../../src/locales/de/catalog.js';
import { deCart } from '../../src/locales/de/cart.js';
import { deCheckout } from '../../src/locales/de/checkout.js';
import { deOrders } from '../../src/locales/de/orders.js';
import { deOperator } from '../../src/locales/de/operator.js';
import { dePicker } from '../../src/locales/de/picker.js';

/** Every key of the English catalogue, area by area: what a translation has to cover. */
const englishByArea = { catalog: catalogMessages, picker: pickerMessages, cart: cartMessages, checkout: checkoutMessages, orders: orderMessages, operator: operatorMessages };
const messageKeys = () => Object.values(englishByArea).flatMap((m) => Object.keys(m)) as MessageKey[];
import { formatMoney } from '../../src/contract/money.js';
import type { ExampleServer } from '../../examples/script-tag/server.mjs';
import { addFirstOfferToCart, ensureBuilt, launch, repo, watch } from './support.js';

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

const english = (key: MessageKey) => msg('en', key, { count: 2, name: 'N', merchant: 'M', n: 1, total: 5 });
const keys = Object.keys(de) as MessageKey[];

describe('German catalogue', () => {
  it('translates every key of the English catalogue, and nothing else', () => {
    const all = new Set(messageKeys());
    const missing = [...all].filter((k) => !(k in de));
    assert.deepEqual(missing, [], 'keys without German');
    assert.deepEqual(keys.filter((k) => !all.has(k)), [], 'German keys English no longer has');
  });

  it('is split into the same areas as English (each area loads on its own)', () => {
    const germanByArea = { catalog: deCatalog, picker: dePicker, cart: deCart, checkout: deCheckout, orders: deOrders, operator: deOperator };
    for (const [area, english] of Object.entries(englishByArea)) {
      assert.deepEqual(Object.keys(germanByArea[area as keyof typeof germanByArea]).sort(), Object.keys(english).sort(), area);
    }
    assert.equal(new Set(messageKeys()).size, messageKeys().length, 'no key in two areas');
  });

  it('is German, not English copied (only names, codes and symbols may coincide)', () => {
    const same = keys.filter((k) => msg('de', k, { count: 2, name: 'N', merchant: 'M', n: 1, total: 5 }) === english(k));
    assert.ok(same.length < keys.length * 0.05, `identical to English: ${same.join(', ')}`);
  });

  it('is used for de, de-DE and de-AT; plurals follow German rules; English stays the fallback', () => {
    assert.equal(msg('de', 'addToCart'), 'In den Warenkorb');
    assert.equal(msg('de-AT', 'addToCart'), 'In den Warenkorb');
    assert.equal(msg('de-DE', 'cartLabel', { count: 1 }), 'Warenkorb, 1 Artikel');
    assert.equal(msg('de-DE', 'formHasErrors', { count: 3 }), '3 Felder brauchen Ihre Aufmerksamkeit.');
    assert.equal(msg('de-DE', 'formHasErrors', { count: 1 }), '1 Feld braucht Ihre Aufmerksamkeit.');
    assert.equal(msg('fr', 'addToCart'), 'Add to cart');
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
    const dir = join(repo, 'src/elements');
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.styles.ts'));
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
