/**
 * Runs in Chromium (bundled by bench/render.ts). Renders N offer cards with
 * <tote-offer-grid>, and as the baselines: the same content as plain DOM (no
 * shadow roots, none of Tote's styles, only the page's grid and the same
 * `content-visibility` on the items: the page's stylesheet, RENDER_PAGE), and
 * the grid as the issue measured it, every card drawn (`today`: no windowing,
 * no `content-visibility`). Each is timed from setting the data to the next
 * painted frame.
 */
import '../../src/elements/provider/provider.js';
import type { ToteOfferGrid } from '../../src/elements/offer-grid/offer-grid.js';
import '../../src/elements/offer-grid/offer-grid.js';
import '../../src/elements/offer-card/offer-card.js';
import type { OffersResponse, WidgetOffer } from '../../src/contract/api.js';
import { formatMoney } from '../../src/contract/money.js';
import { offerImage, offerInStock, priceRange } from '../../src/state/offer.js';

let base: WidgetOffer[] = [];
const host = () => document.getElementById('host')!;

/** Resolves after the next frame has been painted (rAF runs before paint; a message posted from it runs after). */
export const nextPaint = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(0);
    }),
  );

/** N distinct offers cycled from the sandbox's catalog. */
function offersOf(n: number): WidgetOffer[] {
  return Array.from({ length: n }, (_, i) => {
    const o = base[i % base.length]!;
    return { ...o, id: 1_000_000 + i, name: `${o.name} ${i}` };
  });
}

async function clear(): Promise<void> {
  host().replaceChildren();
  await nextPaint();
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** One offer as plain DOM: what a card says (image, merchant, name, price, stock, tags, description, button), nothing more. */
function plainCard(offer: WidgetOffer): HTMLElement {
  const article = el('article');
  const image = offerImage(offer);
  if (image) article.append(el('img', { src: image.url, alt: image.alt || offer.name, width: '600', height: '600', loading: 'lazy', decoding: 'async' }));
  article.append(el('p', {}, offer.merchant_name || 'This shop'), el('h3', {}, offer.name));
  const range = priceRange(offer);
  if (range) {
    const fmt = (n: number) => formatMoney(n, offer.currency, 'en-US');
    article.append(el('p', {}, range.min === range.max ? fmt(range.min) : `${fmt(range.min)} – ${fmt(range.max)}`));
  }
  const inStock = offerInStock(offer);
  article.append(el('p', {}, inStock ? 'In stock' : 'Out of stock'));
  const tags = offer.tags.filter((t) => t.trim()).slice(0, 3);
  if (tags.length) {
    const ul = el('ul');
    for (const t of tags) ul.append(el('li', {}, t));
    article.append(ul);
  }
  if (offer.description) article.append(el('p', {}, offer.description));
  article.append(el('button', { type: 'button' }, offer.skus.length === 1 ? 'Add to cart' : 'Choose options'));
  return article;
}

/** The plain-DOM baseline's list: no shadow root; `.plain` in RENDER_PAGE lays it out like the grid. */
function plainGrid(offers: WidgetOffer[]): HTMLElement {
  const list = el('ul', { class: 'plain' });
  for (const offer of offers) {
    const li = el('li');
    li.append(plainCard(offer));
    list.append(li);
  }
  return list;
}

/** Cards drawn (a title in their shadow root); the grid renders those near the screen of all it was given. */
function cardsShown(grid: Element): number {
  return [...grid.shadowRoot!.querySelectorAll('ul.list > li > *')].filter((c) => c.shadowRoot?.querySelector('article h3')).length;
}

type NodeKinds = { elements: number; text: number; comments: number };

/** DOM nodes by kind (shadow trees included, their roots not counted) under `node`, added to `into`. */
function countNodes(node: Node, into: NodeKinds): NodeKinds {
  if (node.nodeType === Node.ELEMENT_NODE) into.elements++;
  else if (node.nodeType === Node.TEXT_NODE) into.text++;
  else if (node.nodeType === Node.COMMENT_NODE) into.comments++;
  for (const child of node.childNodes) countNodes(child, into);
  const root = (node as Element).shadowRoot;
  if (root) for (const child of root.childNodes) countNodes(child, into);
  return into;
}

/** Nodes per item of a list (each `li` and what is under it), on average, by kind and in all. */
function nodesPerItem(items: Element[]): NodeKinds & { all: number } {
  const sum = items.reduce((k, li) => countNodes(li, k), { elements: 0, text: 0, comments: 0 });
  const per = (n: number) => n / items.length;
  return { elements: per(sum.elements), text: per(sum.text), comments: per(sum.comments), all: per(sum.elements + sum.text + sum.comments) };
}

async function mountTote(n: number): Promise<{ ms: number; grid: ToteOfferGrid }> {
  await clear();
  const grid = document.createElement('tote-offer-grid');
  grid.manual = true;
  // Host-given offers: the grid shows them and fetches nothing.
  grid.offers = [];
  host().append(grid);
  await grid.updateComplete;
  await nextPaint();
  const offers = offersOf(n);
  const started = performance.now();
  grid.offers = offers;
  await nextPaint();
  const ms = performance.now() - started;
  const shown = cardsShown(grid);
  if (!shown || shown > n) throw new Error(`tote: ${shown} of ${n} cards rendered`);
  return { ms, grid };
}

/** For `today`: every item drawn, as before `content-visibility` (adopted after the grid's own styles, so it wins). */
const drawEveryItem = new CSSStyleSheet();
drawEveryItem.replaceSync('.list > li { content-visibility: visible }');

/**
 * Every one of `n` cards rendered, as a grid that loaded them page by page shows them (a first page given by the
 * server, `initialPage`, is shown whole): with the items' `content-visibility`, or (`today`) without it, which is the
 * client grid as the issue measured it (1,190 ms for 1,000 cards), with today's cheaper cards.
 */
async function mountWhole(n: number, today: boolean): Promise<number> {
  await clear();
  const offers = offersOf(n);
  const started = performance.now();
  const grid = document.createElement('tote-offer-grid');
  grid.manual = true;
  grid.initialPage = { offers, next_cursor: null } as OffersResponse;
  host().append(grid);
  if (today) grid.shadowRoot!.adoptedStyleSheets = [...grid.shadowRoot!.adoptedStyleSheets, drawEveryItem];
  await nextPaint();
  const ms = performance.now() - started;
  const shown = cardsShown(grid);
  if (shown !== n) throw new Error(`whole: ${shown} of ${n} cards rendered`);
  return ms;
}

async function mountPlain(n: number): Promise<number> {
  await clear();
  const offers = offersOf(n);
  const started = performance.now();
  const list = plainGrid(offers);
  host().append(list);
  await nextPaint();
  const ms = performance.now() - started;
  if (list.querySelectorAll('h3').length !== n) throw new Error(`plain: ${list.querySelectorAll('h3').length} of ${n} cards`);
  return ms;
}

/**
 * With `n` cards on the page, opens the variant picker of a card with
 * several SKUs and times `changes` choices of another value, each to the next paint.
 */
async function variantChanges(n: number, changes: number): Promise<number[]> {
  const { grid } = await mountTote(n);
  const cards = [...grid.shadowRoot!.querySelectorAll('tote-offer-card')];
  const card = cards.find((c) => (c.offer?.skus.length ?? 0) > 1 && (c.offer?.variants.length ?? 0) > 0);
  if (!card) throw new Error('no offer with variants among the cards');
  await card.showOptions();
  const picker = card.shadowRoot!.querySelector('tote-variant-picker')!;
  await picker.updateComplete;
  await nextPaint();
  const times: number[] = [];
  for (let i = 0; i < changes; i++) {
    const radios = [...picker.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    const next = radios.find((r) => !r.checked && !r.disabled);
    if (!next) throw new Error('no other variant value to choose');
    const started = performance.now();
    next.click();
    await nextPaint();
    times.push(performance.now() - started);
    if (!next.checked) throw new Error('the chosen value was not taken');
  }
  return times;
}

declare global {
  interface Window {
    toteBench: typeof api;
  }
}

const api = {
  setOffers(offers: WidgetOffer[]) {
    base = offers;
  },
  clear,
  tote: async (n: number) => (await mountTote(n)).ms,
  plain: mountPlain,
  /** Every card drawn, with the items' content-visibility. */
  whole: (n: number) => mountWhole(n, false),
  /** Every card drawn, no content-visibility: the client grid as the issue measured it. */
  today: (n: number) => mountWhole(n, true),
  /** DOM nodes per card (by kind), per plain-DOM card, and cards rendered, `n` given. */
  nodes: async (n: number) => {
    const { grid } = await mountTote(n);
    const tote = nodesPerItem([...grid.shadowRoot!.querySelectorAll('ul.list > li')]);
    const rendered = cardsShown(grid);
    await mountPlain(n);
    const plain = nodesPerItem([...document.querySelectorAll('ul.plain > li')]);
    return { tote, plain, rendered };
  },
  variantChanges,
};
window.toteBench = api;
