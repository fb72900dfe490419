/**
 * Lit's server renderer for Tote's elements, with one change: a shadow root links its element's stylesheet
 * (`<link rel="stylesheet" href="<stylesBase><tag>.css">`) instead of inlining a `<style>`. The README's policy
 * (`style-src 'self'`) refuses inline styles; a stylesheet from the page's own origin is allowed, and one file per
 * element is fetched once however many cards link it. `ssrStylesheet(tag)` is that file's text.
 */
import { LitElementRenderer, render, type RenderInfo } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { CSSResult, type LitElement } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { SSR_DATA_ATTRIBUTE } from '../elements/internal/server-rendered.js';
import { escapeAttribute, scriptJson } from './json.js';

/** Where the elements' stylesheets are served unless told otherwise (`serveSsrStylesheet` answers there). */
export const DEFAULT_STYLES_BASE = '/tote-ssr/';

/**
 * A server-rendered element's data script (`<script type="application/json" data-tote-ssr>`, its child): the
 * properties it hydrates with. Even empty it tells Tote's script to load lit's hydration support first.
 */
export const dataScript = (data: unknown) =>
  unsafeHTML(`<script type="application/json" ${SSR_DATA_ATTRIBUTE}>${scriptJson(data)}</script>`);

/** A renderer class for one `stylesBase` (lit takes renderer classes, not instances). */
function linkedStylesRenderer(stylesBase: string) {
  return class LinkedStylesRenderer extends LitElementRenderer {
    override renderShadow(renderInfo: RenderInfo) {
      const parts = super.renderShadow(renderInfo);
      if (!parts) return parts;
      // lit's own output is `<style>`, the element's css…, `</style>`, then the template: keep only the template.
      const template = parts[parts.length - 1]!;
      return [`<link rel="stylesheet" href="${escapeAttribute(`${stylesBase}${this.tagName}.css`)}">`, template];
    }
  };
}

/** Server-renders a lit template (Tote's elements in it with declarative shadow DOM) to an HTML string. */
export async function renderToString(value: unknown, stylesBase = DEFAULT_STYLES_BASE): Promise<string> {
  return collectResult(render(value, { elementRenderers: [linkedStylesRenderer(stylesBase)] }));
}

/** The stylesheet a server-rendered element's shadow root links: its lit styles, as its adopted sheets would be. */
export function ssrStylesheet(tag: string): string | undefined {
  const cls = customElements.get(tag) as typeof LitElement | undefined;
  if (!cls?.elementStyles) return undefined;
  // Tote's styles are lit `css` results; a native sheet (none today) has no text on a server to give.
  return cls.elementStyles.map((s) => (s instanceof CSSResult ? s.cssText : '')).join('\n');
}
