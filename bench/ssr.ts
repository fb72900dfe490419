/**
 * First product painted: the catalogue rendered on the server (`tote-checkout/ssr`, examples/script-tag
 * /ssr.html) against today's client-rendered grid (/split.html: the same split bundle, the grid rendered after
 * the script and the offers request), side by side in one run on the throttled profile: 150 ms round trip,
 * 1.6 Mbit/s, CPU 4× slower (Chrome DevTools Protocol), nothing cached. "Painted" is the first frame with a
 * product's name in the grid's first card. Also: the cards the server sent against the cards after hydration,
 * and the nodes hydration added to the grid's and the cards' shadow roots (a second render would add them all).
 */
import type { Browser } from 'playwright-core';
import { ensureBuild } from './size.js';
import { launchChromium } from './servers.js';
import { figure, ratio, repeat, type Figure } from './stats.js';

const SECTION = 'render';
const THROTTLED = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8, cpu: 4 };

/**
 * In the page before anything else: the time of the first frame showing a product name, and hydration's work.
 * A string, not a function: the bench runs under tsx, whose `__name` helpers do not exist in the page.
 */
const OBSERVE = `(() => {
  window.__added = 0;
  const title = () => document.querySelector('tote-offer-grid')?.shadowRoot?.querySelector('tote-offer-card')?.shadowRoot?.querySelector('h3')?.textContent;
  const poll = () => { if (title()) window.__firstProduct = performance.now(); else requestAnimationFrame(poll); };
  requestAnimationFrame(poll);
  // When Tote defines its first element the document is parsed and nothing has hydrated: count what is there.
  const define = CustomElementRegistry.prototype.define;
  CustomElementRegistry.prototype.define = function (...args) {
    if (window.__serverCards === undefined) {
      const grid = document.querySelector('tote-offer-grid');
      const cards = [...(grid?.shadowRoot?.querySelectorAll('tote-offer-card') ?? [])];
      window.__serverCards = cards.length;
      const observer = new MutationObserver((records) => records.forEach((r) => (window.__added += r.addedNodes.length)));
      for (const root of [grid?.shadowRoot, ...cards.map((c) => c.shadowRoot)]) if (root) observer.observe(root, { childList: true, subtree: true });
    }
    return define.apply(this, args);
  };
})();`;

async function firstProduct(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...THROTTLED });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLED.cpu });
  await page.addInitScript({ content: OBSERVE });
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __firstProduct?: number }).__firstProduct !== undefined, undefined, { timeout: 60_000 });
  // Hydrated (or rendered): every card has rendered once.
  await page.waitForFunction(
    () => {
      const cards = [...(document.querySelector('tote-offer-grid')?.shadowRoot?.querySelectorAll('tote-offer-card') ?? [])] as (Element & { hasUpdated?: boolean })[];
      return cards.length > 0 && cards.every((c) => c.hasUpdated && !c.hasAttribute('defer-hydration'));
    },
    undefined,
    { timeout: 60_000 },
  );
  const result = await page.evaluate(() => {
    const w = window as unknown as { __firstProduct: number; __serverCards: number; __added: number };
    const cards = document.querySelector('tote-offer-grid')!.shadowRoot!.querySelectorAll('tote-offer-card').length;
    return { ms: w.__firstProduct, serverCards: w.__serverCards, cards, added: w.__added };
  });
  await context.close();
  return result;
}

export async function measureSsrFirstPaint(log: (m: string) => void): Promise<Figure[]> {
  ensureBuild(log);
  const { startExampleServer } = await import('../examples/script-tag/server.mjs');
  const example = await startExampleServer({ port: 0, csp: false });
  const browser = await launchChromium();
  try {
    log('render: first product painted, SSR vs client-rendered, throttled');
    // Alternated, so a slow moment of the machine hits both alike.
    const runs = await repeat(5, async () => ({
      csr: await firstProduct(browser, `${example.url}split.html`),
      ssr: await firstProduct(browser, `${example.url}ssr.html`),
    }));
    const csr = runs.map((r) => r.csr.ms);
    const ssr = runs.map((r) => r.ssr.ms);
    return [
      figure(SECTION, 'render.csr.first_product', 'first product painted, client-rendered grid (throttled)', 'ms', csr),
      figure(SECTION, 'render.ssr.first_product', 'first product painted, server-rendered (throttled)', 'ms', ssr),
      ratio(SECTION, 'render.ssr.first_product.ratio', 'first product painted, SSR / client-rendered', ssr, csr),
      figure(SECTION, 'render.ssr.server_cards', 'cards in the server HTML', 'cards', runs.map((r) => r.ssr.serverCards)),
      figure(SECTION, 'render.ssr.cards_after', 'cards after hydration (no duplicate)', 'cards', runs.map((r) => r.ssr.cards)),
      figure(SECTION, 'render.ssr.nodes_added', 'nodes hydration added to the grid and cards (a second render adds them all)', 'nodes', runs.map((r) => r.ssr.added)),
    ];
  } finally {
    await browser.close();
    await example.close();
  }
}
