// The first paint of the server-rendered catalogue (`tote-checkout/ssr`, the script-tag example's /ssr.html) and
// the hydrated page are laid out the same, in every engine (TOTE_BROWSERS), at a phone's width and a laptop's: a
// gate in front of the example server holds lit's hydration support back, so the page is on screen as the server
// drew it (its stylesheets in, Tote's script run, no Tote element defined); the test notes where everything above
// the grid is and where the grid begins, lets the support through, and once the page has hydrated finds them at the
// same place. Before the server drew the header's mini cart, it came in at hydration and everything below the
// header moved down 25 px. A cart saved in the shopper's browser is known only there: the server draws an empty
// one, and hydrated the badge shows the saved count in the same box.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { gatedBrowser, openHeld, startSsrExample } from './ssr-gate.js';
import { engines } from '../e2e/engines.js';
import type { ExampleServer } from '../../examples/script-tag/server.mjs';
import type { OffersResponse } from '../../src/contract/api.js';
import type { CartLineInput } from '../../src/state/cart-store.js';
import { lineForSku, skuInStock } from '../../src/state/offer.js';

interface Layout {
  /** Each element above the grid (the header, what is in it, the heading): its tag and its box (x, y, width, …). */
  above: string[];
  gridTop: number;
  /** The mini cart badge's count, as shown. */
  count: string | null | undefined;
}

/** Where things are in the frame's page, once its stylesheets and fonts are in and two frames have been drawn. */
async function layoutOf(page: Page): Promise<Layout> {
  // No named functions inside: tsx would wrap them in a helper the page does not have (`__name`).
  return page.evaluate(async () => {
    const doc = document.querySelector('iframe')!.contentDocument!;
    const view = doc.defaultView!;
    // The stylesheets of the shadow roots in the page's own tree (the grid's and the mini cart's), and the fonts: polled,
    // as WebKit resolves `fonts.ready` only once the page has loaded, which the held chunk holds.
    const hosts = [...doc.querySelectorAll('*')].filter((el) => el.shadowRoot);
    const sheets = hosts.flatMap((el) => [...el.shadowRoot!.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]);
    while (!sheets.every((l) => l.sheet) || doc.fonts.status !== 'loaded') await new Promise((r) => view.setTimeout(r, 20));
    for (let i = 0; i < 2; i++) await new Promise((r) => view.requestAnimationFrame(r));
    return {
      above: [...doc.querySelectorAll('header, header > *, main > h1')].map((el) =>
        [el.localName, ...Object.values(el.getBoundingClientRect().toJSON() as Record<string, number>).map(Math.round)].join(' '),
      ),
      gridTop: Math.round(doc.querySelector('tote-offer-grid')!.getBoundingClientRect().top),
      count: doc.querySelector('tote-cart')!.shadowRoot?.querySelector('.count')?.textContent?.trim(),
    };
  });
}

/** The frame's grid and mini cart have hydrated (lit's first update done). */
const frameHydrated = () => {
  const doc = document.querySelector('iframe')?.contentDocument;
  return ['tote-offer-grid', 'tote-cart'].every((tag) => !!(doc?.querySelector(tag) as (Element & { hasUpdated?: boolean }) | null)?.hasUpdated);
};

for (const engine of engines()) describe(`server-rendered first paint (${engine})`, { timeout: 300_000 }, () => {
  let example: ExampleServer;
  let gated: Awaited<ReturnType<typeof gatedBrowser>>;
  let firstPage: OffersResponse;

  before(async () => {
    ({ example, firstPage } = await startSsrExample(12));
    gated = await gatedBrowser(example, engine);
  });
  after(async () => {
    await gated?.close();
    await example?.close();
  });

  /** The page's layout before hydration and after, at `viewport`, with `saved` in the cart's storage. */
  async function beforeAndAfter(viewport: { width: number; height: number }, saved: CartLineInput[] = []) {
    const page = await openHeld(gated, { viewport, saved });
    const first = await layoutOf(page);
    assert.equal(await page.evaluate(frameHydrated), false, 'measured before hydration');
    gated.gate.release();
    await page.waitForFunction(frameHydrated);
    const hydrated = await layoutOf(page);
    await page.context().close();
    return { first, hydrated };
  }

  for (const viewport of [{ width: 375, height: 700 }, { width: 1280, height: 720 }]) {
    it(`nothing above the grid moves at hydration, and the grid begins where it did (${viewport.width} px)`, async () => {
      const { first, hydrated } = await beforeAndAfter(viewport);
      assert.deepEqual(hydrated.above, first.above, 'the header and the heading where they were');
      assert.equal(hydrated.gridTop, first.gridTop, "the grid's top where it was");
      assert.equal(first.count, '0', 'the first paint has the mini cart, empty');
      assert.equal(hydrated.count, '0');
    });
  }

  it('a cart saved in the browser: the server draws it empty, hydrated it shows the saved count in the same box', async () => {
    const offer = firstPage.offers.find((o) => o.skus.some(skuInStock))!;
    const line = lineForSku(offer, offer.skus.find(skuInStock)!, 2);
    const { first, hydrated } = await beforeAndAfter({ width: 375, height: 700 }, [line]);
    assert.deepEqual(hydrated.above, first.above, 'the badge keeps its box');
    assert.equal(hydrated.gridTop, first.gridTop);
    assert.equal(first.count, '0', 'the server cannot know the saved cart');
    assert.equal(hydrated.count, '2', 'the saved count once hydrated');
  });
});
