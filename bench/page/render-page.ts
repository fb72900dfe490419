/**
 * Runs in Chromium (bundled by bench/render.ts). Renders N offer cards with
 * <tote-offer-grid>, and the same markup with hand-written DOM calls as the
 * baseline, timing each from setting the data to the next painted frame.
 */
import type { CSSResultOrNative } from 'lit';
import '../../src/elements/provider/provider.js';
import { ToteOfferGrid } from '../../src/elements/offer-grid/offer-grid.js';
import { ToteOfferCard } from '../../src/elements/offer-card/offer-card.js';
import type { WidgetOffer } from '../../src/contract/api.js';
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

const sheets = (styles: CSSResultOrNative[]) =>
  styles.map((s) => (s instanceof CSSStyleSheet ? s : (s as { styleSheet?: CSSStyleSheet }).styleSheet!));

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The card's markup for `offer`, built by hand. */
function vanillaCard(offer: WidgetOffer, sheet: CSSStyleSheet[]): HTMLElement {
  const card = el('div', { part: 'card' });
  const root = card.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = sheet;
  const inStock = offerInStock(offer);
  const article = el('article', { part: 'base', class: 'card', 'aria-labelledby': 'title' });
  const media = el('div', { part: 'media', class: 'media' });
  const image = offerImage(offer);
  if (image) {
    media.append(
      el('img', { part: 'image', src: image.url, alt: image.alt || offer.name, width: '600', height: '600', loading: 'lazy', decoding: 'async' }),
    );
  }
  const sku = offer.skus.length === 1 ? offer.skus[0]! : undefined;
  const retail = sku?.retail_price && sku.retail_price > sku.sale_price ? sku.retail_price : undefined;
  if (!inStock) media.append(el('span', { class: 'badge' }, 'Out of stock'));
  else if (retail) media.append(el('span', { class: 'badge sale' }, 'Sale'));
  const body = el('div', { class: 'body' });
  body.append(el('p', { part: 'merchant', class: 'merchant' }, offer.merchant_name || 'This shop'));
  body.append(el('h3', { part: 'title', class: 'title', id: 'title' }, offer.name));
  const range = priceRange(offer);
  if (range) {
    const fmt = (n: number) => formatMoney(n, offer.currency, 'en-US');
    const price = el('p', { part: 'price', class: 'price' }, range.min === range.max ? fmt(range.min) : `${fmt(range.min)} – ${fmt(range.max)}`);
    if (retail) {
      const s = el('s');
      s.append(el('span', { class: 'sr-only' }, 'Regular price'), ` ${fmt(retail)}`);
      price.append(' ', s);
    }
    body.append(price);
  }
  body.append(el('p', { part: 'availability', class: `availability ${inStock ? '' : 'out'}` }, inStock ? 'In stock' : 'Out of stock'));
  const tags = offer.tags.filter((t) => t.trim()).slice(0, 3);
  if (tags.length) {
    const ul = el('ul', { part: 'tags', class: 'tags', 'aria-label': 'Tags' });
    for (const t of tags) ul.append(el('li', {}, t));
    body.append(ul);
  }
  if (offer.description) body.append(el('p', { part: 'description', class: 'description' }, offer.description));
  const actions = el('div', { class: 'actions' });
  const button = el('button', { part: 'add-button', class: 'button', type: 'button', 'aria-describedby': 'title' });
  if (offer.skus.length === 1) {
    button.textContent = inStock ? 'Add to cart' : 'Out of stock';
    button.disabled = !inStock;
  } else {
    button.textContent = 'Choose options';
    button.setAttribute('aria-haspopup', 'dialog');
    if (!inStock) button.classList.add('secondary');
  }
  actions.append(button);
  body.append(actions);
  article.append(media, body, el('span', { class: 'sr-only', role: 'status' }));
  root.append(article);
  if (offer.skus.length > 1) root.append(el('dialog', { part: 'dialog', 'aria-labelledby': 'dialog-title' }));
  return card;
}

/** The grid's markup around the cards, built by hand. */
function vanillaGrid(offers: WidgetOffer[]): HTMLElement {
  const grid = el('div');
  const root = grid.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = sheets(ToteOfferGrid.elementStyles);
  const cardSheets = sheets(ToteOfferCard.elementStyles);
  const section = el('section', { part: 'base', 'aria-busy': 'false' });
  const list = el('ul', { part: 'list', class: 'list', 'aria-label': 'Products' });
  for (const offer of offers) {
    const li = el('li');
    li.append(vanillaCard(offer, cardSheets));
    list.append(li);
  }
  section.append(list);
  root.append(section);
  return grid;
}

function cardsShown(grid: Element): number {
  return [...grid.shadowRoot!.querySelectorAll('ul.list > li > *')].filter((c) => c.shadowRoot?.querySelector('article h3')).length;
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
  if (cardsShown(grid) !== n) throw new Error(`tote: ${cardsShown(grid)} of ${n} cards rendered`);
  return { ms, grid };
}

async function mountVanilla(n: number): Promise<number> {
  await clear();
  const offers = offersOf(n);
  const started = performance.now();
  const grid = vanillaGrid(offers);
  host().append(grid);
  await nextPaint();
  const ms = performance.now() - started;
  if (cardsShown(grid) !== n) throw new Error(`vanilla: ${cardsShown(grid)} of ${n} cards rendered`);
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
  vanilla: mountVanilla,
  variantChanges,
};
window.toteBench = api;
