// A shopper's tap on a server-rendered card before the card has hydrated (`tote-checkout/ssr`, the script-tag
// example's /ssr.html) in every engine (TOTE_BROWSERS): lit's hydration support (the `hydrate-*` chunk) is held back
// by a gate in front of the example server, so the page is on screen, Tote's script has run and nothing has
// hydrated; the shopper taps "Add to cart" or "Choose options" (a real click); once the chunk comes and the card
// hydrates, the tap takes effect, once. Before the tap was held (src/elements/internal/early-taps.ts) it was lost in
// every engine.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { gatedBrowser, openHeld, startSsrExample, startSsrExampleWithPage } from './ssr-gate.js';
import { engines } from '../e2e/engines.js';
import type { ExampleServer } from '../../examples/script-tag/server.mjs';
import type { WidgetOffer } from '../../src/contract/api.js';

/** The frame's grid has hydrated. */
const frameHydrated = () =>
  !!(document.querySelector('iframe')?.contentDocument?.querySelector('tote-offer-grid') as (Element & { hasUpdated?: boolean }) | null)?.hasUpdated;

for (const engine of engines()) describe(`a tap before hydration (${engine})`, { timeout: 300_000 }, () => {
  let sandboxed: ExampleServer;
  let example: ExampleServer;
  let gated: Awaited<ReturnType<typeof gatedBrowser>>;

  before(async () => {
    // The sandbox's first page has no single-SKU offer in stock: the server renders its page with the first offer
    // sold as one SKU (one it has in stock), so a card shows "Add to cart"; the others keep "Choose options".
    const started = await startSsrExample(12);
    sandboxed = started.example;
    const firstPage = started.firstPage;
    const offers: WidgetOffer[] = firstPage.offers.map((o, i) => (i ? o : { ...o, skus: [o.skus.find((s) => s.in_stock !== false)!] }));
    example = await startSsrExampleWithPage(sandboxed, { ...firstPage, offers });
    gated = await gatedBrowser(example, engine);
  });
  after(async () => {
    await gated?.close();
    await example?.close();
    await sandboxed?.close();
  });

  /** The server-rendered page on screen, Tote's script run and the hydration chunk held back (`openHeld`); then the
   * shopper's tap (a real click) on the first card's button named `name`. */
  async function tapBeforeHydration(name: string): Promise<Page> {
    const page = await openHeld(gated);
    const point = await page.evaluate((label) => {
      const grid = document.querySelector('iframe')!.contentDocument!.querySelector('tote-offer-grid') as Element & { hasUpdated?: boolean };
      const target = [...grid.shadowRoot!.querySelectorAll('tote-offer-card')]
        .map((card) => [...card.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent!.trim() === label))
        .find(Boolean)!;
      target.scrollIntoView({ block: 'center' });
      const box = target.getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2, hydrated: !!grid.hasUpdated };
    }, name);
    assert.equal(point.hydrated, false, 'nothing has hydrated');
    await page.mouse.click(point.x, point.y);
    assert.equal(await page.evaluate(frameHydrated), false, 'the tap came before hydration');
    gated.gate.release();
    await page.waitForFunction(frameHydrated);
    return page;
  }

  it('"Add to cart" tapped before the card hydrated adds the product once it has', async () => {
    const page = await tapBeforeHydration('Add to cart');
    const added = () => document.querySelector('iframe')!.contentDocument!.querySelector('tote-cart')?.shadowRoot?.querySelector('.count')?.textContent?.trim() === '1';
    await page.waitForFunction(added, undefined, { timeout: 10_000 });
    // Once: the held tap is given to the button once (ten frames later, still one).
    const counted = await page.evaluate(async () => {
      for (let i = 0; i < 10; i++) await new Promise((r) => requestAnimationFrame(r));
      return document.querySelector('iframe')!.contentDocument!.querySelector('tote-cart')!.shadowRoot!.querySelector('.count')!.textContent!.trim();
    });
    assert.equal(counted, '1');
    await page.context().close();
  });

  it('"Choose options" tapped before the card hydrated opens the options once it has', async () => {
    const page = await tapBeforeHydration('Choose options');
    const open = () =>
      [...document.querySelector('iframe')!.contentDocument!.querySelector('tote-offer-grid')!.shadowRoot!.querySelectorAll('tote-offer-card')].filter((c) =>
        c.shadowRoot!.querySelector('dialog[open] tote-variant-picker'),
      ).length;
    await page.waitForFunction(open, undefined, { timeout: 10_000 });
    assert.equal(await page.evaluate(open), 1, 'one dialog open');
    await page.context().close();
  });
});
