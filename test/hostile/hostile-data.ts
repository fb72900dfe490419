/**
 * Hostile merchant data, shared by the Node suite (which injects it into the
 * sandbox and captures what the BFF answers) and the Chromium suite (which
 * renders that capture). Pure data: no Node or DOM imports.
 *
 * Every payload that could run sets `window.__tote_pwned`; the browser suite
 * fails if it is ever set.
 */

const PWN = 'window.__tote_pwned=1';

/** Markup that runs script or handlers if it is ever parsed as HTML. */
export const SCRIPTY = [
  `<img src=x onerror="${PWN}">`,
  `<script>${PWN}</script>`,
  `<svg onload="${PWN}"></svg>`,
  `"><iframe srcdoc="<script>parent.__tote_pwned=1</script>"></iframe>`,
  `<a href="javascript:${PWN}">click</a>`,
  `<details open ontoggle="${PWN}">`,
];

/** Markup that changes meaning when parsed twice (mutation XSS). */
export const MUTATING = [
  `<svg><style><img src=x onerror="${PWN}"></style></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${PWN}"></style></mglyph></table></mtext></math>`,
  `<noscript><p title="</noscript><img src=x onerror=${PWN}>"></p></noscript>`,
  `<form><math><mtext></form><form><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=${PWN} src=1>"></path></textarea></mtext></svg></mglyph></form></mtext></math></form>`,
];

/** A full-page overlay that would cover "Place order" or "Add to cart". */
export const OVERLAY = `<div style="position:fixed;inset:0;z-index:2147483647;background:red" class="button" id="title">Click me</div><dialog open style="position:fixed;inset:0">x</dialog><a href="https://evil.example" style="position:fixed;inset:0;display:block">win</a>`;

/** `javascript:` and friends in the spellings browsers still accept. */
export const BAD_URLS = [
  'javascript:window.__tote_pwned=1',
  'JaVaScRiPt:window.__tote_pwned=1',
  ' \t\njavascript:window.__tote_pwned=1',
  'java\tscript:window.__tote_pwned=1',
  'java\nscript:window.__tote_pwned=1',
  '\u0001javascript:window.__tote_pwned=1',
  'javascript&colon;window.__tote_pwned=1',
  '&#106;avascript:window.__tote_pwned=1',
  '&#x6A;&#x61;vascript:window.__tote_pwned=1',
  'data:text/html,<script>parent.__tote_pwned=1</script>',
  'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="parent.__tote_pwned=1"/>',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'blob:https://evil.example/1234',
  'file:///etc/passwd',
];

/** Right-to-left override plus a pile of combining marks (Zalgo). */
export const BIDI = '\u202Egnp.exe\u202C Safe \u2066name\u2069';
export const ZALGO = 'Z' + '\u0336\u0337\u0338\u0335\u0334\u0321\u0322\u0327\u0328\u031b'.repeat(60) + 'algo';

export const MERCHANT_ID = 1001;
export const FIRST_ID = 930_000;

const sku = (offerId: number, n: number, over: Record<string, unknown> = {}) => ({
  id: offerId * 10 + n,
  offer_id: offerId,
  merchant_id: MERCHANT_ID,
  name: `${SCRIPTY[0]} SKU ${n}`,
  sale_price: 1999 + n,
  currency: 'USD',
  in_stock: true,
  qty_available: 20,
  inventory_tracked: true,
  variant_values: [{ variant: SCRIPTY[1], value: SCRIPTY[2] }],
  ...over,
});

const media = (url: string, alt = SCRIPTY[0]) => ({ url, type: 'IMAGE', alt_text: alt, primary: true });

/** The offers injected verbatim into the sandbox (ids from FIRST_ID). */
export function hostileOffers(): Record<string, unknown>[] {
  const base = (id: number, over: Record<string, unknown>) => ({
    id,
    merchant_id: MERCHANT_ID,
    currency: 'USD',
    available: true,
    visible: true,
    publishing_status: 'PUBLISHED',
    date_last_modified: '2026-01-01T00:00:00Z',
    name: `Offer ${id}`,
    skus: [sku(id, 0)],
    ...over,
  });
  let id = FIRST_ID;
  return [
    // Script in every text field an element renders, and in the ones it does not.
    base(++id, {
      name: SCRIPTY.join(' '),
      description: SCRIPTY.join(' '),
      seller: SCRIPTY[0],
      vendor: SCRIPTY[1],
      tags: SCRIPTY,
      albums: [{ media: [media('https://img.example/a.png', SCRIPTY.join(''))] }],
      metadata: [{ key: SCRIPTY[0], value: SCRIPTY[1] }, { key: 'j', type: 'JSON', value: { html: SCRIPTY[2] } }],
      collections: [{ id: 1, name: SCRIPTY[0], description: SCRIPTY[1], media: { source_url: BAD_URLS[0], alt: SCRIPTY[2] } }],
      source_category_name: SCRIPTY[3],
    }),
    // The same in a several-SKU offer, so the variant picker renders variant, value and SKU names.
    base(++id, {
      name: SCRIPTY[2],
      html_description: SCRIPTY.join('<br>'),
      variants: [
        { id: 1, name: SCRIPTY[0], values: [{ id: 11, name: SCRIPTY[1], sku_ids: [(id) * 10] }, { id: 12, name: SCRIPTY[5], sku_ids: [(id) * 10 + 1] }] },
      ],
      skus: [sku(id, 0), sku(id, 1)],
    }),
    // Mutation XSS in the HTML description.
    base(++id, { name: 'Mutating markup', html_description: MUTATING.join('') }),
    // Overlays in the description of a single-SKU offer (its "Add to cart" must stay on top and clickable).
    base(++id, { name: 'Overlay', html_description: OVERLAY }),
    // Bad URLs in every URL field: album media, SKU media, default image, external URL, description links.
    ...BAD_URLS.map((url) =>
      base(++id, {
        name: `URL ${JSON.stringify(url).slice(0, 40)}`,
        default_image_url: url,
        external_url: url,
        albums: [{ media: [media(url, 'bad url')] }],
        html_description: `<p><a href="${url.replace(/"/g, '&quot;')}">link</a> <img src="${url.replace(/"/g, '&quot;')}"></p>`,
        skus: [sku(id, 0, { albums: [{ media: [media(url, 'bad sku url')] }] })],
      }),
    ),
    // Bidi override and combining marks in the name; a lying currency symbol.
    base(++id, { name: `${BIDI} ${ZALGO}`, description: ZALGO, tags: [BIDI, ZALGO], currency_symbol: 'FREE', currency: 'JPY', skus: [sku(id, 0, { currency: 'JPY', sale_price: 5000 })] }),
    // __proto__ keys in free-form JSON.
    base(++id, {
      name: 'Prototype keys',
      external_data: JSON.parse('{"__proto__":{"tote_polluted":true},"constructor":{"prototype":{"tote_polluted":true}},"ok":1}'),
      metadata: [{ key: '__proto__', type: 'JSON', value: JSON.parse('{"__proto__":{"tote_polluted":true}}') }],
    }),
  ];
}

/** An offer whose description is `bytes` long (built where it is used, not stored in a fixture). */
export function megabyteOffer(id: number, bytes = 2 * 1024 * 1024) {
  const chunk = `${SCRIPTY[0]} long `;
  const description = chunk.repeat(Math.ceil(bytes / chunk.length)).slice(0, bytes);
  return { ...hostileOffers()[0], id, name: 'Megabytes', description, html_description: null, skus: [sku(id, 0)] };
}

/** `external_data` nested `depth` levels deep. */
export function deepOffer(id: number, depth: number) {
  let nested: Record<string, unknown> = { end: true };
  for (let i = 0; i < depth; i++) nested = { a: nested };
  return { ...hostileOffers()[0], id, name: 'Deep', external_data: nested, skus: [sku(id, 0)] };
}

/** An offer of `n` SKUs, all in stock, one variant listing them all. */
export function manySkusOffer(id: number, n: number) {
  const skus = Array.from({ length: n }, (_, i) => sku(id, i, { id: id * 100_000 + i, name: `SKU ${i}`, variant_values: [{ variant: 'Size', value: `S${i}` }] }));
  return {
    ...hostileOffers()[0],
    id,
    name: `${n} SKUs`,
    description: 'Many SKUs',
    variants: [{ id: 1, name: 'Size', values: skus.map((s, i) => ({ id: 100 + i, name: `S${i}`, sku_ids: [s.id] })) }],
    skus,
  };
}
