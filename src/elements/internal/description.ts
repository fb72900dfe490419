/**
 * A merchant description rendered from the safe structure the BFF builds
 * (`ShopperDescription`, contract/shopper-description.ts) with Lit templates:
 * text goes into text bindings, never into an HTML sink, so no parser or
 * sanitiser runs in the browser. The variant picker shows it whole; a card
 * shows the description's text (`description`, which the BFF derives from the
 * same markup), three lines of it. Links open in a new tab without the opener or a
 * referrer; their `href` is checked again here, so an element given an
 * offer by a host page (not the BFF) cannot link anywhere but `http(s):`.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ShopperDescriptionNode } from '../../contract/shopper-offer.js';
import { safeUrl } from './safe-url.js';

type Node = ShopperDescriptionNode;
type Rendered = TemplateResult | string | typeof nothing | readonly Rendered[];

function renderNode(node: Node): Rendered {
  if (typeof node === 'string') return node;
  // One child as itself, not a list of one: a list costs two marker comments per item in every card of a grid.
  const children = (node.c ?? []).map(renderNode);
  const c = children.length === 1 ? children[0]! : children;
  switch (node.t) {
    case 'p':
      return html`<p>${c}</p>`;
    case 'ul':
      return html`<ul>${c}</ul>`;
    case 'ol':
      return html`<ol>${c}</ol>`;
    case 'li':
      return html`<li>${c}</li>`;
    case 'br':
      return html`<br />`;
    case 'strong':
      return html`<strong>${c}</strong>`;
    case 'em':
      return html`<em>${c}</em>`;
    case 'a': {
      const href = safeUrl(node.href);
      return href ? html`<a href=${href} target="_blank" rel="noopener noreferrer">${c}</a>` : c;
    }
    default:
      return c; // a tag a newer BFF knows: its text
  }
}

/** The description's nodes as templates. */
export function renderDescription(nodes: readonly Node[]): Rendered[] {
  return nodes.map(renderNode);
}
