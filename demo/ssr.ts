/**
 * The demo storefront's catalogue rendered on the server (`tote-checkout/ssr`): index.html's
 * `<tote-offer-grid>` becomes the grid with its first page in declarative shadow DOM, the products' JSON-LD
 * follows it, the header's `<tote-cart variant="mini">` gets its badge (`renderMiniCart`), and the shadow roots'
 * stylesheets are served under `/tote-ssr/`. The page script hydrates them (src/elements/internal/define.ts sees the
 * data and loads lit's hydration support first).
 */
import type { Plugin } from 'vite';
import { MerchantsResponseSchema } from '../src/contract/api.js';
import { DEFAULT_STYLES_BASE, renderMiniCart, renderOfferGrid, ssrHead, ssrStylesheets } from '../src/ssr/index.js';
import { escapeAttribute } from '../src/ssr/json.js';

const GRID = '<tote-offer-grid></tote-offer-grid>';
const MINI_CART = '<tote-cart variant="mini"></tote-cart>';
/** The last of the shop filter's buttons in index.html: storefront.ts adds one per shop after it. */
const ALL_SHOPS = /(<button type="button" class="shop" data-merchant="" aria-pressed="true">All shops<\/button>)/;

/**
 * The shop filter's buttons (storefront.ts makes the same when the page has none): on the first paint, so the row
 * they fill is as wide, and at a phone's width as tall, before the page's script as after (it wrapped onto a second
 * row at 375 px, and the grid moved down 44 px). Nothing when the shops cannot be had: the script lists them.
 * Disabled until storefront.ts listens: a press before then would do nothing, so the button says it is not ready
 * (a journey pressed one while the page's script was still loading and waited for a filter that never came).
 */
async function shopButtons(bffUrl: string): Promise<string> {
  try {
    const response = await fetch(`${bffUrl.replace(/\/+$/, '')}/merchants`, { headers: { accept: 'application/json' } });
    const { merchants } = MerchantsResponseSchema.parse(await response.json());
    return merchants
      .filter((m) => m.shoppable)
      .map((m) => `<button type="button" class="shop" data-merchant="${m.id}" aria-pressed="false" disabled>${escapeAttribute(m.name)}</button>`)
      .join('');
  } catch {
    return '';
  }
}

/** `bffUrl()`: the BFF's absolute base URL, known once the server listens. */
export function demoSsr(bffUrl: () => string): Plugin {
  const stylesheets = ssrStylesheets();
  return {
    name: 'tote-demo-ssr',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0]!;
        const css = path.startsWith(DEFAULT_STYLES_BASE) ? stylesheets[path.slice(DEFAULT_STYLES_BASE.length)] : undefined;
        if (css === undefined) return next();
        res.writeHead(200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'max-age=300' });
        res.end(css);
      });
    },
    async transformIndexHtml(html, ctx) {
      if (!html.includes(GRID) || !/^\/(index\.html)?$/.test(ctx.path)) return html;
      const grid = await renderOfferGrid({ bffUrl: bffUrl(), endpoint: '/api', pageUrl: new URL(ctx.originalUrl ?? '/', bffUrl()).href });
      // The header's mini cart too: drawn by the server, it is on the first paint and nothing moves at hydration.
      const [miniCart, shops] = await Promise.all([renderMiniCart(), shopButtons(bffUrl())]);
      // Functions, not strings: a price's `$` must not read as a replacement pattern.
      return html
        .replace('</head>', () => `${ssrHead()}</head>`)
        .replace(GRID, () => grid)
        .replace(MINI_CART, () => miniCart)
        .replace(ALL_SHOPS, (all) => all + shops);
    },
  };
}
