/**
 * The demo storefront's catalogue rendered on the server (`tote-checkout/ssr`): index.html's
 * `<tote-offer-grid>` becomes the grid with its first page in declarative shadow DOM, the products' JSON-LD
 * follows it, and the shadow roots' stylesheets are served under `/tote-ssr/`. The page script hydrates it
 * (src/elements/internal/define.ts sees the data and loads lit's hydration support first).
 */
import type { Plugin } from 'vite';
import { DEFAULT_STYLES_BASE, renderOfferGrid, ssrHead, ssrStylesheets } from '../src/ssr/index.js';

const GRID = '<tote-offer-grid></tote-offer-grid>';

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
      // Functions, not strings: a price's `$` must not read as a replacement pattern.
      return html.replace('</head>', () => `${ssrHead()}</head>`).replace(GRID, () => grid);
    },
  };
}
