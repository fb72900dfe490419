/**
 * The header's mini cart (`<tote-cart variant="mini">`) rendered on the server, so that its badge is on the first
 * paint: drawn only by Tote's script, it came in at hydration and pushed everything below the header down (25 px in
 * the script-tag example, `test/ship/ssr-first-paint.test.ts`). The server draws an empty cart: that is what a first
 * visit shows, and a cart saved in the shopper's browser is known only there. The cart hydrates as drawn, then shows
 * the saved lines: the badge keeps its box (the count has a minimum width), only the number changes.
 */
import { html } from 'lit';
import { loadMessages } from '../i18n/localize.js';
import '../elements/cart/cart.js';
import { dataScript, DEFAULT_STYLES_BASE, renderToString } from './render.js';
import type { RenderOptions } from './catalog.js';

/** `<tote-cart variant="mini">` with its badge (count 0) in declarative shadow DOM; put it where the page has its mini cart. */
export async function renderMiniCart(options: Pick<RenderOptions, 'locale' | 'stylesBase'> = {}): Promise<string> {
  await loadMessages(options.locale, 'cart');
  // `locale` as a property: the text is the provider's language, and the element keeps taking it from the provider.
  // The data script holds nothing to set; it makes Tote's script load lit's hydration support (define.ts).
  const cart = html`<tote-cart variant="mini" .locale=${options.locale}>${dataScript({})}</tote-cart>`;
  return renderToString(cart, options.stylesBase ?? DEFAULT_STYLES_BASE);
}
