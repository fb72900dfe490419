// examples/script-tag in every engine (TOTE_BROWSERS), served with the strict Content Security
// Policy of issue 8 (default-src 'self'; script-src 'self'; style-src 'self';
// require-trusted-types-for 'script'; img-src 'self' + the service's media
// origin): a shopper adds from the grid and checks out; merchant HTML, as
// the BFF's structure, renders under Trusted Types; the host page drives Tote through
// <tote-provider>'s methods and events; a second copy of Tote loads without
// throwing. Every test fails on any console error, uncaught error or CSP
// violation.
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { addFirstOfferToCart, checkOut, ensureBuilt, launch, miniCartCount, watch, type PageProblems } from './support.js';
import { engines } from '../e2e/engines.js';

import type { ExampleServer as Example } from '../../examples/script-tag/server.mjs';
type Problems = PageProblems & { read(): Promise<PageProblems> };

for (const engine of engines()) describe(`script tag under a strict CSP (${engine})`, { timeout: 300_000 }, () => {
  let example: Example;
  let browser: Browser;

  before(async () => {
    await ensureBuilt();
    const { startExampleServer } = await import('../../examples/script-tag/server.mjs');
    example = await startExampleServer({ port: 0 });
    browser = await launch(engine);
  });
  after(async () => {
    await browser?.close();
    await example?.close();
  });
  // What a test opened is closed even when it fails midway: a server left listening keeps the run from ending.
  const opened: { close(): Promise<unknown> }[] = [];
  afterEach(() => Promise.allSettled(opened.splice(0).map((o) => o.close())));
  async function newContext(options?: Parameters<Browser['newContext']>[0]) {
    const context = await browser.newContext(options);
    opened.push(context);
    return context;
  }

  async function open(): Promise<{ page: Page; problems: Problems }> {
    const context = await newContext();
    const page = await context.newPage();
    const problems = await watch(page);
    const res = await page.goto(example.url);
    assert.equal(res?.headers()['content-security-policy'], example.policy, 'the page is served with the strict policy');
    assert.match(example.policy, /require-trusted-types-for 'script'/);
    await page.waitForFunction(() => customElements.get('tote-checkout') && customElements.get('tote-provider'));
    return { page, problems };
  }

  async function assertClean(page: Page, problems: Problems) {
    const p = await problems.read();
    assert.deepEqual(p.violations, [], 'no CSP violation');
    assert.deepEqual(p.pageErrors, [], 'no uncaught error');
    assert.deepEqual(p.console, [], 'no console error');
    await page.context().close();
  }

  it('the page has one script tag, no inline script or style, and Tote renders from it', async () => {
    const { page, problems } = await open();
    const scripts = await page.locator('script').evaluateAll((s) => s.map((e) => (e as HTMLScriptElement).src || 'inline'));
    assert.equal(scripts.length, 1);
    assert.match(scripts[0]!, /\/dist\/tote\.js$/);
    assert.equal(await page.locator('style, [style]').count(), 0);
    await page.locator('tote-offer-card').first().waitFor();
    // Images come from the service's media origin, allowed by img-src and nothing wider.
    const img = page.locator('tote-offer-card img').first();
    await img.waitFor();
    // Present is not loaded: WebKit decodes after the element appears, so wait (bounded) for the pixels.
    const loaded = () => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0);
    for (let tries = 0; tries < 100 && !(await loaded()); tries++) await new Promise((r) => setTimeout(r, 100));
    assert.ok(await loaded(), 'product image loaded');
    // Styles arrive as adopted stylesheets, which style-src 'self' permits.
    assert.ok(await page.locator('tote-offer-card').first().evaluate((el) => el.shadowRoot!.adoptedStyleSheets.length > 0));
    // The page's theme token (--tote-color-primary in style.css) reaches the buttons inside the shadow roots.
    const add = page.locator('tote-offer-card [part="add-button"]').first();
    assert.equal(await add.evaluate((b) => getComputedStyle(b).backgroundColor), 'rgb(36, 64, 107)');
    await assertClean(page, problems);
  });

  // The checkout sits under the grid here: in WebKit (no scroll anchoring) this caught the grid loading a page
  // above the checkout and moving "Continue to address" away from the shopper's press.
  it('a shopper adds an offer from the grid and checks out', async () => {
    const { page, problems } = await open();
    await addFirstOfferToCart(page);
    await page.waitForFunction(() => document.querySelector('tote-cart')?.shadowRoot?.querySelector('.count')?.textContent?.trim() === '1');
    assert.equal(await miniCartCount(page), 1);
    const placed = await checkOut(page);
    assert.match(placed, /Thank you! Your order is placed/);
    await assertClean(page, problems);
  });

  it("merchant HTML arrives as the BFF's structure and renders with no CSP or Trusted Types violation; hostile HTML runs nothing", async () => {
    const { page, problems } = await open();
    await page.locator('tote-offer-card').first().waitFor();
    // Seeded offers of merchant 1001 (src/sandbox/seed-descriptions.ts): 10001 has emphasis, a line break and a
    // link, 10002 lists, 10003 hostile markup (script, handlers, javascript:/data: links, frames, forms).
    const show = (id: string, offerId: number) =>
      page.evaluate(
        async ([id, offerId]) => {
          const { offer } = (await (await fetch(`/api/offers/${offerId}`)).json()) as { offer: unknown };
          // The picker renders the description's structure (a card shows its text: docs/ssr.md, "Long grids").
          const picker = document.createElement('tote-variant-picker') as HTMLElement & { offer?: unknown };
          picker.id = id as string;
          picker.offer = offer;
          document.querySelector('main')!.append(picker);
        },
        [id, offerId] as const,
      );
    await show('emphasis', 10001);
    await show('lists', 10002);
    await show('hostile', 10003);
    await page.locator('#emphasis [part~="description"] strong').waitFor();
    assert.equal(await page.locator('#emphasis [part~="description"] em').count(), 1);
    assert.equal(await page.locator('#emphasis [part~="description"] a').getAttribute('rel'), 'noopener noreferrer');
    assert.match((await page.locator('#emphasis [part~="description"] a').getAttribute('href')) ?? '', /^https:\/\//);
    assert.ok((await page.locator('#lists [part~="description"] ul li').count()) >= 2);
    await page.locator('#hostile [part~="description"]').getByText('Free gift').waitFor();
    assert.equal(await page.locator('#hostile [part~="description"] :is(img, script, iframe, form, a, svg)').count(), 0);
    assert.equal(await page.evaluate(() => (window as unknown as { __tote_pwned?: number }).__tote_pwned), undefined);
    // No HTML is parsed in the browser any more, so not even a blocked inline handler is reported.
    const p = await problems.read();
    assert.deepEqual(p.violations, []);
    assert.deepEqual(p.pageErrors, []);
    assert.deepEqual(p.console, []);
    await page.context().close();
  });

  it("a host listens to tote-cart-add without overriding Tote, or cancels it to take over, and drives Tote from its own buttons", async () => {
    const { page, problems } = await open();
    await page.evaluate(() => {
      const w = window as unknown as { seen: string[]; takeOver: boolean };
      w.seen = [];
      w.takeOver = false;
      document.addEventListener('tote-cart-add', (e) => {
        w.seen.push(e.detail.line.name);
        if (w.takeOver) e.preventDefault();
      });
    });
    // Listening only: Tote still adds the line.
    await addFirstOfferToCart(page);
    await page.waitForFunction(() => document.querySelector('tote-cart')?.shadowRoot?.querySelector('.count')?.textContent?.trim() === '1');
    assert.equal((await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).length, 1);

    // Cancelling: the host took over, Tote's cart is unchanged.
    await page.evaluate(() => ((window as unknown as { takeOver: boolean }).takeOver = true));
    await addFirstOfferToCart(page, undefined, { drawer: false });
    await page.waitForFunction(() => (window as unknown as { seen: string[] }).seen.length === 2);
    assert.equal(await miniCartCount(page), 1);

    // The provider's documented methods, as a host page's own buttons would call them.
    const result = await page.evaluate(async () => {
      const w = window as unknown as { takeOver: boolean };
      const provider = document.querySelector('tote-provider')!;
      const { offers } = (await (await fetch('/api/offers?size=24')).json()) as {
        offers: { id: number; skus: { id: number; in_stock?: boolean }[] }[];
      };
      const offer = offers.find((o) => o.skus.some((s) => s.in_stock !== false))!;
      const sku = offer.skus.find((s) => s.in_stock !== false)!;
      const cancelled = await provider.addToCart({ offer_id: offer.id, sku_id: sku.id });
      w.takeOver = false;
      const added = await provider.addToCart({ offer_id: offer.id, sku_id: sku.id, quantity: 2 });
      const events: string[] = [];
      provider.addEventListener('tote-cart-open', () => events.push('open'));
      provider.addEventListener('tote-checkout-start', () => events.push('checkout'));
      provider.openCart();
      return { cancelled: cancelled === undefined, added: !!added, events };
    });
    assert.deepEqual(result, { cancelled: true, added: true, events: ['open'] });
    const inCart = await page.evaluate(() => document.querySelector('tote-provider')!.cart!.lines.reduce((n, l) => n + l.quantity, 0));
    assert.ok(inCart > 1, 'the host-added line is in the cart');
    assert.equal(await miniCartCount(page), inCart);
    // openCart() opened the mini cart's drawer.
    assert.ok(await page.locator('tote-cart [part="drawer"]').evaluate((d: HTMLDialogElement) => d.open));
    await page.keyboard.press('Escape');
    // startCheckout() brings the checkout into view and moves focus into it.
    await page.evaluate(() => document.querySelector('tote-provider')!.startCheckout());
    await page.waitForFunction(() => document.activeElement?.tagName === 'TOTE-CHECKOUT');
    await assertClean(page, problems);
  });

  it("also under a trusted-types allow-list naming only lit's policy (lit-html): Tote needs none of its own", async () => {
    const { startExampleServer } = await import('../../examples/script-tag/server.mjs');
    const strict = await startExampleServer({ port: 0, extraCsp: 'trusted-types lit-html' });
    opened.push(strict);
    const context = await newContext();
    const page = await context.newPage();
    const problems = await watch(page);
    const res = await page.goto(strict.url);
    assert.match(res?.headers()['content-security-policy'] ?? '', /; trusted-types lit-html$/);
    await page.locator('tote-offer-card').first().waitFor();
    await page.evaluate(async () => {
      const { offer } = (await (await fetch('/api/offers/10001')).json()) as { offer: unknown };
      const picker = document.createElement('tote-variant-picker') as HTMLElement & { offer?: unknown };
      picker.id = 'merchant';
      picker.offer = offer;
      document.querySelector('main')!.append(picker);
    });
    await page.locator('#merchant strong').waitFor();
    await addFirstOfferToCart(page);
    await page.waitForFunction(() => document.querySelector('tote-cart')?.shadowRoot?.querySelector('.count')?.textContent?.trim() === '1');
    const p = await problems.read();
    assert.deepEqual(p.violations, []);
    assert.deepEqual(p.pageErrors, []);
    assert.deepEqual(p.console, []);
    await context.close();
    await strict.close();
  });

  it('the code-split bundle (split.html) loads the operator elements only when one appears', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const problems = await watch(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${example.url}split.html`);
    await addFirstOfferToCart(page);
    await page.waitForFunction(() => document.querySelector('tote-cart')?.shadowRoot?.querySelector('.count')?.textContent?.trim() === '1');
    const lazy = /^\/dist\/split\/(merchant-health|merchant-onboarding)/;
    assert.ok(scripts.includes('/dist/split/tote.js'));
    assert.deepEqual(scripts.filter((s) => lazy.test(s)), [], 'no operator element up front');
    assert.equal(await page.evaluate(() => !!customElements.get('tote-merchant-health')), false);
    const before = scripts.length;
    await page.evaluate(() => document.querySelector('main')!.append(document.createElement('tote-merchant-health')));
    await page.waitForFunction(() => !!customElements.get('tote-merchant-health'));
    assert.deepEqual(scripts.map((s) => lazy.exec(s)?.[1]).filter(Boolean), ['merchant-health']);
    // Every chunk the operator element fetched, by name (`<name>-<8-character hash>.js`): its own and the operator
    // code shared with onboarding, nothing of the checkout flow (it once came along for one status helper).
    const chunk = /^\/dist\/split\/([a-z-]+)-[\w-]{8}\.js$/;
    const fetched = scripts.slice(before).map((s) => chunk.exec(s)?.[1] ?? s);
    assert.deepEqual(fetched.filter((name) => name !== 'shared'), ['merchant-health'], `fetched ${fetched.join(', ')}`);
    assert.equal(await page.evaluate(() => !!customElements.get('tote-merchant-onboarding')), false, 'onboarding still not loaded');
    const p = await problems.read();
    assert.deepEqual(p.violations, []);
    assert.deepEqual(p.pageErrors, []);
    assert.deepEqual(p.console, []);
    await context.close();
  });

  it('the code-split bundle loads the checkout flow, the picker inside it, in one request on the first "Choose options", and checks out', async () => {
    const context = await newContext({ viewport: { width: 1200, height: 700 } });
    const page = await context.newPage();
    const problems = await watch(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    // The order tags are defined in is read by a script that runs before the page's own; WebDriver classic (WebKit
    // here) has no such script. What the order protects — the mini cart gets the provider's context — is checked
    // in every engine below (its count moves when a line is added).
    const seesDefineOrder = engine !== 'webkit';
    if (seesDefineOrder) {
      await page.addInitScript(() => {
        // The provider first, or the cart would ask for a context nobody answers.
        const w = window as unknown as { defined: string[] };
        w.defined = [];
        const define = customElements.define.bind(customElements);
        customElements.define = (name, ctor, options) => {
          w.defined.push(name);
          define(name, ctor, options);
        };
      });
    }
    await page.goto(`${example.url}split.html`);
    await page.locator('tote-offer-card').first().waitFor();
    // Up front: one file, the provider defined before every element that consumes its context (the currency switcher is up front too: inside tote.js it costs less than a chunk of its own).
    assert.deepEqual(scripts, ['/dist/split/tote.js']);
    if (seesDefineOrder) {
      const defined = await page.evaluate(() => (window as unknown as { defined: string[] }).defined);
      assert.equal(defined[0], 'tote-provider', defined.join());
      assert.deepEqual([...defined].sort(), ['tote-cart', 'tote-currency-select', 'tote-offer-card', 'tote-offer-grid', 'tote-provider']);
    }
    assert.equal(await page.evaluate(() => !!customElements.get('tote-checkout')), false, '<tote-checkout> is in the markup but below the fold');
    await addFirstOfferToCart(page);
    await page.waitForFunction(() => document.querySelector('tote-cart')?.shadowRoot?.querySelector('.count')?.textContent?.trim() === '1');
    // The picker rides in the checkout flow's chunk (scripts/build.mjs): "Choose options" fetched the whole flow.
    assert.deepEqual(
      scripts.slice(1).map((s) => s.replace(/-[\w-]+\.js$/, '')),
      ['/dist/split/checkout'],
      'one request for the picker and the flow',
    );
    const before = scripts.length;
    await page.locator('tote-cart [part="badge"]').click();
    await page.locator('tote-cart [part="checkout-button"]').click();
    await page.waitForFunction(() => !!customElements.get('tote-checkout'));
    assert.deepEqual(scripts.slice(before), [], 'the "Check out" after the picker fetches nothing');
    assert.match(await checkOut(page), /Thank you/);
    const p = await problems.read();
    assert.deepEqual(p.violations, []);
    assert.deepEqual(p.pageErrors, []);
    assert.deepEqual(p.console, []);
    await context.close();
  });

  it('the code-split bundle loads the checkout when <tote-checkout> scrolls into view, and on startCheckout()', async () => {
    const context = await newContext({ viewport: { width: 1200, height: 700 } });
    const page = await context.newPage();
    const problems = await watch(page);
    await page.goto(`${example.url}split.html`);
    await page.locator('tote-offer-card').first().waitFor();
    assert.equal(await page.evaluate(() => !!customElements.get('tote-checkout')), false);
    await page.locator('tote-checkout').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => !!customElements.get('tote-checkout'));
    await page.locator('tote-checkout section[data-step]').first().waitFor();

    // A fresh page: the host calls startCheckout() before the flow is there. The flow loads first, then the
    // event goes out once, and the checkout comes into view with focus.
    const second = await context.newPage();
    const secondProblems = await watch(second);
    await second.goto(`${example.url}split.html`);
    await second.locator('tote-offer-card').first().waitFor();
    await second.evaluate(() => {
      const w = window as unknown as { seen: boolean[] };
      w.seen = [];
      const provider = document.querySelector('tote-provider')!;
      provider.addEventListener('tote-checkout-start', () => w.seen.push(!!customElements.get('tote-checkout')));
      provider.startCheckout();
    });
    await second.waitForFunction(() => document.activeElement?.tagName === 'TOTE-CHECKOUT');
    assert.deepEqual(await second.evaluate(() => (window as unknown as { seen: boolean[] }).seen), [true]);
    for (const q of [await problems.read(), await secondProblems.read()]) {
      assert.deepEqual(q.violations, []);
      assert.deepEqual(q.pageErrors, []);
      assert.deepEqual(q.console, []);
    }
    await context.close();
  });

  it('a second copy of Tote on the page (the code-split build) defines nothing twice and throws nothing', async () => {
    const { page, problems } = await open();
    await page.locator('tote-offer-card').first().waitFor();
    // Booleans only: a class handed back to Node would be serialised property by property.
    const second = await page.evaluate(async () => {
      const first = customElements.get('tote-cart');
      const mod = (await import('/dist/split/tote.js' as string)) as { ToteCart: CustomElementConstructor };
      return { firstKept: customElements.get('tote-cart') === first, secondIsAnotherCopy: mod.ToteCart !== first };
    });
    assert.deepEqual(second, { firstKept: true, secondIsAnotherCopy: true }, 'the first definition wins');
    // The first copy still works after the second loaded.
    await addFirstOfferToCart(page);
    await page.waitForFunction(() => document.querySelector('tote-cart')?.shadowRoot?.querySelector('.count')?.textContent?.trim() === '1');
    await assertClean(page, problems);
  });
});
