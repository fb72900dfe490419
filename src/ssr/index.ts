/**
 * `tote-checkout/ssr`: the catalogue rendered on the server (Node) into declarative shadow DOM, hydrated in the
 * browser without a second render. docs/ssr.md shows a page end to end.
 */
import { DEFAULT_STYLES_BASE, ssrStylesheet } from './render.js';
import { escapeAttribute } from './json.js';

export { renderCatalog, renderOfferCard, renderOfferGrid } from './catalog.js';
export { renderMiniCart } from './mini-cart.js';
export type { OfferSource, RenderCatalogOptions, RenderOfferCardOptions, RenderOptions } from './catalog.js';
export { offersJsonLd, productJsonLd } from './json-ld.js';
export { DEFAULT_STYLES_BASE, renderToString, ssrStylesheet } from './render.js';

/** The elements `renderCatalog`, `renderOfferCard` and `renderMiniCart` render, whose stylesheets the page must serve. */
const RENDERED_TAGS = ['tote-offer-grid', 'tote-offer-card', 'tote-cart'] as const;

/** File name → CSS of every stylesheet a server-rendered shadow root links; serve them under `stylesBase`. */
export function ssrStylesheets(): Record<string, string> {
  return Object.fromEntries(RENDERED_TAGS.map((tag) => [`${tag}.css`, ssrStylesheet(tag) ?? '']));
}

/**
 * For the page's `<head>`: preloads the stylesheets the shadow roots link, so they are on their way before the
 * parser reaches the grid (a `<link>` inside a shadow root is found only there).
 */
export function ssrHead(stylesBase = DEFAULT_STYLES_BASE): string {
  return RENDERED_TAGS.map((tag) => `<link rel="preload" as="style" href="${escapeAttribute(`${stylesBase}${tag}.css`)}">`).join('');
}
