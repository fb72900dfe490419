/**
 * Render: offer cards in headless Chromium against two baselines on the same
 * page in the same run: plain DOM (the same content without shadow roots or
 * Tote's styles, with the same `content-visibility` on the items), and at
 * 1,000 cards the client grid as issue 30 measured it (every card drawn, no
 * `content-visibility`); DOM nodes per card (by kind, beside a plain-DOM
 * card's), a variant change on a 1,000-card page, JS heap after 1,000 cards,
 * and layout shift while a grid loads from a live BFF.
 */
import type { Page } from 'playwright-core';
import type { WidgetOffer } from '../src/contract/api.js';
import {
  bffConfig,
  bundle,
  countingFetch,
  launchChromium,
  startBenchSandbox,
  startPageServer,
} from './servers.js';
import { figure, median, ratio, repeat, type Figure } from './stats.js';
import { measureSsrFirstPaint } from './ssr.js';

const SECTION = 'render';

// The plain baseline's layout: the grid's columns and gap, and the same content-visibility on its items.
const RENDER_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>render bench</title>
<style>.plain{display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:1rem;margin:0;padding:0;list-style:none}
.plain>li{min-width:0;content-visibility:auto;contain-intrinsic-block-size:auto 26rem}.plain img{width:100%;height:auto}</style></head>
<body><tote-provider><div id="host"></div></tote-provider><script type="module" src="/bench.js"></script></body></html>`;

/** A shop page: header, the grid loading from the BFF, content below it that a layout shift would move. */
const SHOP_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>shop</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script>
  // CLS as browsers report it: the largest session window of shifts (gaps < 1 s, window ≤ 5 s) not caused by input.
  window.__cls = 0; window.__moved = [];
  let win = 0, first = 0, last = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      for (const s of e.sources) window.__moved.push((s.node && (s.node.nodeName + (s.node.className ? '.' + s.node.className : ''))) + ' ' + e.value.toFixed(3));
      if (win && e.startTime - last < 1000 && e.startTime - first < 5000) win += e.value;
      else { win = e.value; first = e.startTime; }
      last = e.startTime;
      window.__cls = Math.max(window.__cls, win);
    }
  }).observe({ type: 'layout-shift', buffered: true });
</script></head>
<body style="margin:0;font-family:sans-serif">
<header style="height:96px;padding:16px"><h1>Shop</h1><p>Products from several merchants.</p></header>
<main><tote-provider endpoint="/api"><tote-offer-grid page-size="24"></tote-offer-grid></tote-provider></main>
<footer style="padding:16px"><h2>About us</h2><p>Text below the grid that moves if the grid changes height.</p></footer>
<script type="module" src="/bench.js"></script></body></html>`;

const SIZES = [
  { n: 100, runs: 5 },
  { n: 1000, runs: 7 },
  { n: 10_000, runs: 5 },
];

async function loadOffers(pageUrl: string): Promise<WidgetOffer[]> {
  const offers: WidgetOffer[] = [];
  let cursor: string | null = null;
  do {
    const res = await fetch(`${pageUrl}/api/offers?size=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (!res.ok) throw new Error(`GET /api/offers → ${res.status}`);
    const page = (await res.json()) as { offers: WidgetOffer[]; next_cursor: string | null };
    offers.push(...page.offers);
    cursor = page.next_cursor;
  } while (cursor && offers.length < 300);
  return offers;
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / 2 ** 20;
}

/** What moved while the grid loaded (last page load): node and shift value. */
export let layoutShiftSources: string[] = [];

export async function measureRender(log: (m: string) => void): Promise<Figure[]> {
  const sandbox = await startBenchSandbox();
  const script = await bundle('bench/page/render-page.ts');
  const server = await startPageServer({ '/render.html': RENDER_PAGE, '/shop.html': SHOP_PAGE }, script);
  server.useBff(bffConfig(sandbox.url, countingFetch(), { rateLimit: false, merchantBudget: false }));
  const browser = await launchChromium();
  const figures: Figure[] = [];
  try {
    const sandboxOrigin = new URL(sandbox.url).origin;
    // Images come from the page server (one tiny PNG): the network is not what is measured here.
    const offers = JSON.parse(JSON.stringify(await loadOffers(server.url)).replaceAll(`${sandboxOrigin}/`, `${server.url}/img/`)) as WidgetOffer[];
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('pageerror', (e) => log(`page error: ${e.message}`));
    await page.goto(`${server.url}/render.html`);
    await page.waitForFunction(() => !!window.toteBench);
    // As JSON text: the offer type is too deep for Playwright's argument typing.
    await page.evaluate((json) => window.toteBench.setOffers(JSON.parse(json)), JSON.stringify(offers));

    // Warm both paths once (code compiled, styles parsed) before anything is timed.
    await page.evaluate(async () => {
      await window.toteBench.tote(100);
      await window.toteBench.plain(100);
    });

    const byN: Record<number, { tote: number[]; plain: number[] }> = {};
    for (const { n, runs } of SIZES) {
      // At 1,000 also every card drawn, with the items' content-visibility and without it (the grid as the issue measured it).
      const whole = n === 1000;
      log(`render: ${n} cards × ${runs}${whole ? ', with every card drawn beside' : ''}`);
      // Alternate the sides so that a slow moment of the machine hits all alike; each starts
      // on an empty page after a full GC, so that none pays for collecting another's cards.
      const fresh = async () => {
        await page.evaluate(() => window.toteBench.clear());
        await heapMb(page);
      };
      const timed = async (side: 'tote' | 'plain' | 'whole' | 'today') => {
        await fresh();
        return page.evaluate(([s, count]) => window.toteBench[s](count), [side, n] as const);
      };
      const runsOf = await repeat(runs, async () => ({
        tote: await timed('tote'),
        plain: await timed('plain'),
        ...(whole ? { whole: await timed('whole'), today: await timed('today') } : {}),
      }));
      const tote = runsOf.map((p) => p.tote);
      const plain = runsOf.map((p) => p.plain);
      const label = n.toLocaleString('en-US');
      figures.push(
        figure(SECTION, `render.tote.${n}`, `${label} cards, tote-offer-grid → painted`, 'ms', tote),
        figure(SECTION, `render.plain.${n}`, `${label} cards, plain-DOM baseline (no shadow roots or Tote styles, same content-visibility) → painted`, 'ms', plain),
        ratio(SECTION, `render.ratio.${n}`, `${label} cards, tote / plain DOM`, tote, plain),
      );
      if (whole) {
        const today = runsOf.map((p) => p.today!);
        const every = runsOf.map((p) => p.whole!);
        figures.push(
          figure(SECTION, `render.today.${n}`, `${label} cards, today's client grid (every card drawn, no content-visibility) → painted`, 'ms', today),
          ratio(SECTION, `render.vs_today.${n}`, `${label} cards, tote / today's client grid (≥ 3× sooner = ≤ 0.33)`, tote, today),
          figure(SECTION, `render.whole.${n}`, `${label} cards, every card drawn (a grid paged to ${label}), content-visibility → painted`, 'ms', every),
          ratio(SECTION, `render.whole_ratio.${n}`, `${label} cards, every card drawn / plain DOM (same content-visibility)`, every, plain),
          ratio(SECTION, `render.whole_vs_today.${n}`, `${label} cards, every card drawn with / without content-visibility`, every, today),
        );
      }
      byN[n] = { tote, plain };
    }
    const growth = (side: 'tote' | 'plain') => byN[10_000]![side].map((t) => t / median(byN[1000]![side]));
    figures.push(
      figure(SECTION, 'render.growth', '10,000 vs 1,000 cards, tote, time to first paint (linear = 10)', '×', growth('tote')),
      figure(SECTION, 'render.growth.plain', '10,000 vs 1,000 cards, plain DOM (linear = 10)', '×', growth('plain')),
    );

    const nodes = await page.evaluate(() => window.toteBench.nodes(1000));
    const byKind = `elements ${nodes.tote.elements.toFixed(1)}, text ${nodes.tote.text.toFixed(1)}, comments ${nodes.tote.comments.toFixed(1)}`;
    figures.push(
      figure(SECTION, 'render.nodes_per_card', `DOM nodes per card (shadow trees included; ${byKind})`, 'nodes', [nodes.tote.all]),
      figure(SECTION, 'render.nodes_per_card.plain', 'DOM nodes per plain-DOM card (the same content)', 'nodes', [nodes.plain.all]),
      figure(SECTION, 'render.rendered_of_1000', 'cards rendered of 1,000 given (windowing)', 'cards', [nodes.rendered]),
    );

    log('render: variant change on a 1,000-card page');
    const changes = await page.evaluate(() => window.toteBench.variantChanges(1000, 7));
    figures.push(figure(SECTION, 'render.variant_change', 'variant change, 1,000-card page → painted', 'ms', changes));

    log('render: heap');
    const heap = await repeat(3, async () => {
      await page.evaluate(() => window.toteBench.clear());
      const empty = await heapMb(page);
      await page.evaluate(() => window.toteBench.tote(1000));
      const tote = await heapMb(page);
      await page.evaluate(() => window.toteBench.clear());
      const empty2 = await heapMb(page);
      await page.evaluate(() => window.toteBench.plain(1000));
      const plain = await heapMb(page);
      return { tote, toteDelta: tote - empty, plainDelta: plain - empty2 };
    });
    figures.push(
      figure(SECTION, 'render.heap.tote', 'JS heap after 1,000 cards (page total)', 'MB', heap.map((h) => h.tote)),
      figure(SECTION, 'render.heap.tote_delta', 'JS heap added by 1,000 tote cards', 'MB', heap.map((h) => h.toteDelta)),
      figure(SECTION, 'render.heap.plain_delta', 'JS heap added by 1,000 plain-DOM cards', 'MB', heap.map((h) => h.plainDelta)),
    );
    await page.close();

    log('render: layout shift while the grid loads');
    const shifts = await repeat(3, async () => {
      const shop = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await shop.goto(`${server.url}/shop.html`);
      await shop.waitForFunction(() => {
        const grid = document.querySelector('tote-offer-grid');
        return (grid?.shadowRoot?.querySelectorAll('tote-offer-card').length ?? 0) > 0;
      });
      // Let images arrive and late renders settle before reading the score.
      await shop.waitForLoadState('networkidle');
      await shop.waitForTimeout(300);
      const { cls, moved } = await shop.evaluate(() => {
        const w = window as unknown as { __cls: number; __moved: string[] };
        return { cls: w.__cls, moved: w.__moved };
      });
      layoutShiftSources = moved;
      await shop.close();
      return cls;
    });
    figures.push(figure(SECTION, 'render.cls', 'layout shift (CLS) while the grid loads', '', shifts));
  } finally {
    await browser.close();
    await server.close();
    await sandbox.close();
  }
  figures.push(...(await measureSsrFirstPaint(log)));
  return figures;
}
