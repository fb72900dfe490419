// The catalogue rendered on the server (`tote-checkout/ssr`, examples/script-tag/server.mjs → /ssr.html) in every
// engine (TOTE_BROWSERS), served with the README's strict Content Security Policy: the HTML carries the products
// (names, prices, images, schema.org JSON-LD); the browser hydrates the server's cards instead of rendering them
// again (the same nodes, nothing added to their shadow roots, no request for the first page); paging goes on from
// the server's cursor; hostile merchant text stays text. Every test fails on a CSP violation or a page error.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { OffersResponse, WidgetOffer } from '../../src/contract/api.js';
import { addFirstOfferToCart, launch, miniCartCount, watch, type PageProblems } from './support.js';
import { engines } from '../e2e/engines.js';
import { startSsrExample, startSsrExampleWithPage } from './ssr-gate.js';
import type { ExampleServer } from '../../examples/script-tag/server.mjs';

type Problems = PageProblems & { read(): Promise<PageProblems> };

const PAGE_SIZE = 12; // examples/script-tag/server.mjs asks for this many (the BFF may answer fewer)

/**
 * Runs before the page's scripts: when Tote defines its first element (the document is parsed, the server's shadow
 * roots are attached, nothing has hydrated), it keeps the server's card nodes and counts every node added to the
 * grid's or a card's shadow root from then on. It also records the BFF requests the page makes.
 */
function watchHydration() {
  const w = window as unknown as { __server: { cards: Element[]; articles: Element[]; added: number }; __requests: string[] };
  w.__requests = [];
  const fetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    w.__requests.push(String(input instanceof Request ? input.url : input));
    return fetch(input, init);
  };
  const define = CustomElementRegistry.prototype.define;
  CustomElementRegistry.prototype.define = function (this: CustomElementRegistry, ...args: Parameters<CustomElementRegistry['define']>) {
    if (!w.__server) {
      const grid = document.querySelector('tote-offer-grid')!;
      const cards = [...(grid.shadowRoot?.querySelectorAll('tote-offer-card') ?? [])];
      w.__server = { cards, articles: cards.map((c) => c.shadowRoot!.querySelector('article')!), added: 0 };
      const observer = new MutationObserver((records) => {
        for (const r of records) w.__server.added += r.addedNodes.length;
      });
      for (const root of [grid.shadowRoot, ...cards.map((c) => c.shadowRoot)]) if (root) observer.observe(root, { childList: true, subtree: true });
    }
    return define.apply(this, args);
  };
}

/** Hydrated: every server card upgraded, rendered once (lit's `hasUpdated`) and let go of `defer-hydration`. */
const hydrated = () => {
  const grid = document.querySelector('tote-offer-grid') as (Element & { hasUpdated?: boolean }) | null;
  const cards = [...(grid?.shadowRoot?.querySelectorAll('tote-offer-card') ?? [])] as (Element & { hasUpdated?: boolean })[];
  return !!grid?.hasUpdated && cards.length > 0 && cards.every((c) => c.hasUpdated && !c.hasAttribute('defer-hydration'));
};

const HOSTILE = {
  name: '<img src=x onerror="window.__pwned=1">Mug',
  merchant: '"><svg onload="window.__pwned=2"></svg>',
  tag: '</script><script>window.__pwned=3</script>',
  description: 'Plain </script><!-- <script>window.__pwned=4</script> text',
};

for (const engine of engines()) describe(`server-rendered catalogue (${engine})`, { timeout: 300_000 }, () => {
  let example: ExampleServer;
  let hostile: ExampleServer;
  let browser: Browser;
  let firstPage: OffersResponse;

  before(async () => {
    ({ example, firstPage } = await startSsrExample(PAGE_SIZE));
    const offers: WidgetOffer[] = firstPage.offers.slice(0, 2).map((o, i) =>
      i ? o : { ...o, name: HOSTILE.name, merchant_name: HOSTILE.merchant, tags: [HOSTILE.tag], description: HOSTILE.description },
    );
    // The same sandbox (its media origin is the one the policy allows), the hostile page rendered from it.
    hostile = await startSsrExampleWithPage(example, { offers, next_cursor: null });
    browser = await launch(engine);
  });
  after(async () => {
    await browser?.close();
    await example?.close();
    await hostile?.close();
  });

  async function open(server: ExampleServer, viewport?: { width: number; height: number }): Promise<{ page: Page; problems: Problems }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (viewport) await page.setViewportSize(viewport);
    const problems = await watch(page);
    await page.addInitScript(watchHydration);
    const res = await page.goto(`${server.url}ssr.html`);
    assert.equal(res?.headers()['content-security-policy'], server.policy, 'the page is served with the strict policy');
    await page.waitForFunction(hydrated);
    return { page, problems };
  }

  async function assertClean(page: Page, problems: Problems) {
    const p = await problems.read();
    assert.deepEqual(p.violations, [], 'no CSP violation');
    assert.deepEqual(p.pageErrors, [], 'no uncaught error');
    assert.deepEqual(p.console, [], 'no console error');
    await page.context().close();
  }

  it('sends the products in the HTML: names, prices, images and schema.org Product/Offer JSON-LD', async () => {
    const html = await (await fetch(`${example.url}ssr.html`)).text();
    assert.equal(html.match(/<tote-offer-card\b/g)?.length, firstPage.offers.length);
    assert.ok(firstPage.offers.length > 1 && firstPage.next_cursor, 'a first page with more to come');
    assert.match(html, /<template shadowroot(mode)?="open"/);
    assert.doesNotMatch(html, /<style\b|<script(?![^>]*type="application\/(ld\+)?json")[^>]*>[^<]/, 'no inline style or script');
    for (const offer of firstPage.offers) assert.ok(html.includes(offer.name.replace(/&/g, '&amp;')), `${offer.name} in the HTML`);
    assert.match(html, /<img\b[^>]*\bsrc="http/);
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!) as {
      itemListElement: { item: { '@type': string; name: string; offers: { '@type': string; priceCurrency: string } } }[];
    };
    assert.equal(ld.itemListElement.length, firstPage.offers.length);
    assert.deepEqual(ld.itemListElement.map((e) => e.item.name), firstPage.offers.map((o) => o.name));
    const first = ld.itemListElement[0]!.item;
    assert.equal(first['@type'], 'Product');
    assert.match(first.offers['@type'], /^(Offer|AggregateOffer)$/);
    assert.equal(first.offers.priceCurrency, firstPage.offers[0]!.currency);
  });

  it('hydrates the server cards without a second render or a request for the first page, under the strict CSP', async () => {
    const { page, problems } = await open(example);
    const result = await page.evaluate(() => {
      const w = window as unknown as { __server: { cards: Element[]; articles: Element[]; added: number }; __requests: string[] };
      const cards = [...document.querySelector('tote-offer-grid')!.shadowRoot!.querySelectorAll('tote-offer-card')];
      return {
        server: w.__server.cards.length,
        now: cards.length,
        sameCards: cards.every((c, i) => c === w.__server.cards[i]),
        sameArticles: cards.every((c, i) => c.shadowRoot!.querySelectorAll('article').length === 1 && c.shadowRoot!.querySelector('article') === w.__server.articles[i]),
        added: w.__server.added,
        offerRequests: w.__requests.filter((u) => /\/api\/offers\b/.test(u)),
        linked: cards.every((c) => c.shadowRoot!.querySelector('link[rel="stylesheet"]') && c.shadowRoot!.adoptedStyleSheets.length === 0),
        primary: getComputedStyle(cards[0]!.shadowRoot!.querySelector('[part="add-button"]')!).backgroundColor,
      };
    });
    assert.equal(result.server, firstPage.offers.length, 'the server rendered the first page');
    assert.equal(result.now, firstPage.offers.length, 'no card duplicated');
    assert.ok(result.sameCards && result.sameArticles, 'the server nodes are the ones on screen');
    assert.equal(result.added, 0, 'hydration added no node to the grid or a card');
    assert.deepEqual(result.offerRequests, [], 'the first page is not fetched again');
    assert.ok(result.linked, 'styles come from the linked stylesheet (style-src self)');
    assert.equal(result.primary, 'rgb(36, 64, 107)', "the page's theme token reaches the server-rendered button");
    // The hydrated cards are live: a shopper adds from them.
    await addFirstOfferToCart(page);
    await page.waitForFunction(() => document.querySelector('tote-cart')?.shadowRoot?.querySelector('.count')?.textContent?.trim() === '1');
    assert.equal(await miniCartCount(page), 1);
    await assertClean(page, problems);
  });

  it('pages on from where the server stopped', async () => {
    // A window shorter than the first page, then the shopper scrolls to the grid's end, where it pages on by itself.
    // (Not its "Load more" button: scrolling to the button brings the end into view, the page loads and the button
    // leaves from under the pointer, in WebKit most of all; the button is tested in test/elements/offer-grid.test.ts.)
    const { page, problems } = await open(example, { width: 1280, height: 600 });
    await page.mouse.wheel(0, 20_000);
    await page.waitForFunction((n) => document.querySelector('tote-offer-grid')!.shadowRoot!.querySelectorAll('tote-offer-card').length > n, firstPage.offers.length);
    const { requests, ids } = await page.evaluate(() => ({
      requests: (window as unknown as { __requests: string[] }).__requests.filter((u) => /\/api\/offers\b/.test(u)),
      ids: [...document.querySelector('tote-offer-grid')!.shadowRoot!.querySelectorAll('tote-offer-card')].map((c) => (c as Element & { offer: { id: number } }).offer.id),
    }));
    assert.equal(requests.length, 1, 'one request: the second page');
    assert.equal(new URL(requests[0]!, example.url).searchParams.get('cursor'), firstPage.next_cursor, "the server page's cursor");
    assert.equal(new Set(ids).size, ids.length, 'no offer twice');
    assert.deepEqual(ids.slice(0, firstPage.offers.length), firstPage.offers.map((o) => o.id));
    await assertClean(page, problems);
  });

  it('does not page on until the shopper scrolls: cards not drawn yet hold the size of a drawn card', async () => {
    // content-visibility: a card off screen is not drawn and holds a size; held shorter than a real card, the grid's
    // end came near enough to page on by itself as the page loaded (WebKit, session 17). At a phone's width and a
    // laptop's, a window shorter than the first page: nothing is fetched until the shopper scrolls.
    for (const viewport of [{ width: 375, height: 700 }, { width: 1280, height: 720 }]) {
      const { page, problems } = await open(example, viewport);
      const shown = await page.evaluate(async () => {
        for (let i = 0; i < 30; i++) await new Promise((r) => requestAnimationFrame(r));
        const grid = document.querySelector('tote-offer-grid')!.shadowRoot!;
        const items = [...grid.querySelectorAll<HTMLElement>('.list > li')];
        return {
          requests: (window as unknown as { __requests: string[] }).__requests.filter((u) => /\/api\/offers\b/.test(u)).length,
          contentVisibility: getComputedStyle(items[0]!).contentVisibility,
          heights: items.map((li) => Math.round(li.getBoundingClientRect().height)),
          end: grid.querySelector('.sentinel')!.getBoundingClientRect().top - innerHeight,
        };
      });
      assert.equal(shown.contentVisibility, 'auto', 'cards off screen are not drawn');
      assert.equal(shown.requests, 0, `no page fetched without a scroll at ${viewport.width} px`);
      assert.ok(shown.end > 600, `the grid's end stays out of paging reach (${shown.end} px below the view)`);
      // Every row as tall as a drawn one: a card not drawn holds a drawn card's height (none shorter by more than a
      // row's difference in content).
      const tallest = Math.max(...shown.heights);
      assert.ok(shown.heights.every((h) => h > tallest * 0.9), `items ${shown.heights.join(' ')} px`);
      await assertClean(page, problems);
    }
  });

  it('renders hostile merchant text as text', async () => {
    const html = await (await fetch(`${hostile.url}ssr.html`)).text();
    assert.ok(!html.includes('<img src=x'), 'no markup from a name');
    assert.ok(!html.includes('<svg onload'), 'no markup from a merchant name');
    assert.equal(html.match(/<\/script>/g)?.length, html.match(/<script\b/g)?.length, 'no merchant text closes a script');
    const { page, problems } = await open(hostile);
    const shown = await page.evaluate(() => {
      const card = document.querySelector('tote-offer-grid')!.shadowRoot!.querySelector('tote-offer-card')!.shadowRoot!;
      return {
        title: card.querySelector('[part="title"]')!.textContent,
        merchant: card.querySelector('[part="merchant"]')!.textContent,
        tag: card.querySelector('[part="tags"] li')!.textContent,
        injected: card.querySelectorAll('img[src="x"], svg[onload], script').length,
        pwned: (window as unknown as { __pwned?: number }).__pwned ?? 'nothing',
        ld: JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!).itemListElement[0].item.name,
      };
    });
    assert.equal(shown.title, HOSTILE.name);
    assert.equal(shown.merchant, HOSTILE.merchant);
    assert.equal(shown.tag, HOSTILE.tag);
    assert.equal(shown.injected, 0);
    assert.equal(shown.pwned, 'nothing', 'nothing ran');
    assert.equal(shown.ld, HOSTILE.name, 'JSON-LD carries the name as data');
    await assertClean(page, problems);
  });
});
