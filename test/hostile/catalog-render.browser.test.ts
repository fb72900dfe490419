/**
 * Group 1 — malicious catalog data, Chromium half. The offers are the BFF's
 * own answers to the hostile offers injected into the sandbox
 * (`fixtures/bff-hostile-offers.json`, kept equal to the live answers by
 * catalog-data.test.ts). Megabyte, 10,000-SKU and merchant-name cases are
 * built here from the same payloads (hostile-data.ts) and rendered directly.
 * Every payload that could run sets `window.__tote_pwned`.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/offer-grid/offer-grid.js';
import '../../src/elements/offer-card/offer-card.js';
import '../../src/elements/variant-picker/variant-picker.js';
import '../../src/elements/cart/cart.js';
import '../../src/elements/order-status/order-status.js';
import type { ToteOfferCard } from '../../src/elements/offer-card/offer-card.js';
import type { ToteVariantPicker } from '../../src/elements/variant-picker/variant-picker.js';
import { WidgetOfferSchema, type WidgetOffer } from '../../src/contract/api.js';
import { CartStore } from '../../src/state/cart-store.js';
import { lineForSku } from '../../src/state/offer.js';
import { orderFor, threeMerchantLines } from '../../stories/fixtures/checkout.js';
import { BAD_URLS, BIDI, FIRST_ID, MUTATING, SCRIPTY, ZALGO, manySkusOffer, megabyteOffer } from './hostile-data.js';

declare global {
  interface Window {
    __tote_pwned?: number;
  }
}

let offers: WidgetOffer[] = [];
const byId = (id: number) => offers.find((o) => o.id === id)!;

/** Every element under `root`, through open shadow roots. */
function deepElements(root: Node): Element[] {
  const out: Element[] = [];
  const walk = (n: Node) => {
    if (n instanceof Element) {
      out.push(n);
      if (n.shadowRoot) walk(n.shadowRoot);
    }
    for (const c of n.childNodes) walk(c);
  };
  walk(root);
  return out;
}

const FORBIDDEN_TAGS = new Set(['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'FORM', 'MATH', 'TEXTAREA', 'NOSCRIPT', 'DETAILS', 'BASE', 'META', 'LINK']);

/** Nothing executable or overlaying came from merchant data; URLs are http(s) only. */
function assertInert(root: Node) {
  for (const el of deepElements(root)) {
    const inOurShadow = el.getRootNode() instanceof ShadowRoot;
    expect(FORBIDDEN_TAGS.has(el.tagName), `<${el.tagName.toLowerCase()}> rendered`).to.be.false;
    for (const attr of el.getAttributeNames()) {
      expect(/^on/i.test(attr), `${attr} on <${el.tagName.toLowerCase()}>`).to.be.false;
    }
    for (const attr of ['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href']) {
      const v = el.getAttribute(attr);
      if (v !== null && v !== '') expect(/^https?:\/\//i.test(v), `${attr}="${v}"`).to.be.true;
    }
    const description = inOurShadow ? el.closest('[part~="description"]') : null;
    if (description && description !== el) {
      for (const attr of ['style', 'class', 'id']) expect(el.hasAttribute(attr), `${attr} kept in description`).to.be.false;
    }
  }
  expect(window.__tote_pwned, 'a payload ran').to.equal(undefined);
}

const settle = () => new Promise((r) => setTimeout(r, 80));
const part = (el: Element, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);

async function card(offer: WidgetOffer) {
  const el = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${offer}></tote-offer-card>`);
  await settle();
  await el.updateComplete;
  return el;
}

/** The element the pointer would hit at the centre of `target` (through shadow roots). */
function hitAt(target: HTMLElement): Element | null {
  const r = target.getBoundingClientRect();
  let hit: Element | null = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  while (hit?.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

before(async () => {
  offers = await (await fetch(new URL('./fixtures/bff-hostile-offers.json', import.meta.url))).json();
});

describe('1. Malicious catalog data (rendered in Chromium)', () => {
  it('the grid of every hostile offer is accessible, inert, and ran nothing', async () => {
    const el = await fixture(html`<tote-offer-grid .offers=${offers}></tote-offer-grid>`);
    await settle();
    await expect(el).to.be.accessible();
    assertInert(el);
    expect(el.shadowRoot!.querySelectorAll('tote-offer-card').length).to.equal(offers.length);
  });

  it('script in name, merchant, tags and plain description is shown as the merchant typed it', async () => {
    const offer = byId(FIRST_ID + 1);
    const el = await card({ ...offer, merchant_name: SCRIPTY.join(' ') });
    expect(part(el, 'title')!.textContent).to.equal(SCRIPTY.join(' '));
    expect(part(el, 'merchant')!.textContent).to.equal(SCRIPTY.join(' '));
    expect([...part(el, 'tags')!.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(SCRIPTY.slice(0, 3));
    expect(part(el, 'image')!.getAttribute('alt')).to.equal(SCRIPTY.join(''));
    assertInert(el);
  });

  it('an HTML description keeps formatting only: no script, handlers, frames or styles', async () => {
    const el = await card(byId(FIRST_ID + 2));
    const description = part(el, 'description')!;
    expect(description.textContent).to.contain('click');
    assertInert(el);
  });

  it('markup that mutates on re-parse stays inert after a second parse of what was rendered', async () => {
    const el = await card(byId(FIRST_ID + 3));
    assertInert(el);
    const description = part(el, 'description');
    const again = document.createElement('template');
    // Re-parse exactly what the browser holds now: a mutation XSS would come alive here.
    again.innerHTML = description?.innerHTML ?? '';
    for (const node of again.content.querySelectorAll('*')) {
      expect(node.getAttributeNames().some((a) => /^on/i.test(a)), node.outerHTML).to.be.false;
      expect(['SCRIPT', 'IMG', 'SVG', 'MATH', 'STYLE'].includes(node.tagName.toUpperCase()), node.outerHTML).to.be.false;
    }
    expect(MUTATING.length).to.be.greaterThan(0);
  });

  it('an overlay in the description cannot cover "Add to cart": the button is what a click hits', async () => {
    const el = await card(byId(FIRST_ID + 4));
    const button = part(el, 'add-button')!;
    button.scrollIntoView();
    expect(hitAt(button)).to.equal(button);
    for (const node of deepElements(el)) expect(getComputedStyle(node).position).to.not.equal('fixed');
    assertInert(el);
  });

  it('javascript:, data:, vbscript:, blob: and file: URLs in every spelling never reach href or src', async () => {
    const urlOffers = offers.filter((o) => o.name.startsWith('URL '));
    expect(urlOffers.length).to.equal(BAD_URLS.length);
    for (const offer of urlOffers) {
      const el = await card(offer);
      const img = part(el, 'image');
      expect(img, `image shown for ${offer.name}`).to.equal(null);
      assertInert(el);
    }
  });

  it('the variant picker shows hostile variant, value and SKU names as text and its images stay http(s)', async () => {
    const offer = byId(FIRST_ID + 2);
    const el = await fixture<ToteVariantPicker>(html`<tote-variant-picker .offer=${offer}></tote-variant-picker>`);
    await settle();
    expect(el.shadowRoot!.textContent).to.contain(SCRIPTY[0]);
    expect(el.shadowRoot!.textContent).to.contain(SCRIPTY[1]);
    assertInert(el);
    for (const bad of offers.filter((o) => o.name.startsWith('URL ')).slice(0, 4)) {
      const picker = await fixture<ToteVariantPicker>(html`<tote-variant-picker .offer=${bad}></tote-variant-picker>`);
      await settle();
      assertInert(picker);
    }
  });

  it('cart lines built from hostile offers (name, merchant, variant values, image URL) render inert', async () => {
    const cart = new CartStore({ storageKey: `hostile:render:${Math.random()}`, storage: null, eventTarget: null });
    for (const offer of offers.filter((o) => o.currency === 'USD').slice(0, 10)) cart.add(lineForSku({ ...offer, merchant_name: SCRIPTY[0] }, offer.skus[0]!, 1));
    const el = await fixture(html`<tote-cart .store=${cart} no-revalidate></tote-cart>`);
    await settle();
    expect(el.shadowRoot!.textContent).to.contain(SCRIPTY[0]);
    assertInert(el);
  });

  it('order status: hostile merchant and SKU names as text, a javascript: tracking URL never linked', async () => {
    const order = orderFor(threeMerchantLines, { status: 'PROCESSING' }) as any;
    order.bags[0].merchant_name = SCRIPTY[0];
    order.bags[0].skus[0].name = SCRIPTY[1];
    order.bags[0].fulfillments = [
      { tracking_number: SCRIPTY[2], tracking_url: BAD_URLS[2] },
      { tracking_number: '1Z', tracking_url: BAD_URLS[9] },
    ];
    const el = await fixture(html`<tote-order-status .order=${order} no-live></tote-order-status>`);
    await settle();
    expect(el.shadowRoot!.textContent).to.contain(SCRIPTY[0]);
    assertInert(el);
  });

  it('bidi overrides and combining marks stay inside the title; the button is still what a click hits', async () => {
    const offer = offers.find((o) => o.name.startsWith(BIDI))!;
    const el = await card(offer);
    expect(part(el, 'title')!.textContent).to.equal(`${BIDI} ${ZALGO}`);
    const button = part(el, 'add-button')!;
    button.scrollIntoView();
    expect(hitAt(button)).to.equal(button);
  });

  it('a lying currency_symbol is ignored: the price is formatted from the ISO code', async () => {
    // The BFF no longer even sends `currency_symbol` (issue 15.7); the offer that carried 'FREE' is the JPY one at 5,000.
    const offer = offers.find((o) => o.currency === 'JPY' && o.skus[0]?.sale_price === 5000)!;
    const el = await card(offer);
    const price = part(el, 'price')!.textContent!.trim();
    expect(price).to.not.contain('FREE');
    expect(price).to.match(/5,000/);
    expect(price).to.match(/¥|￥|JP/);
  });

  it('a 2 MB description (markup and plain) renders without running anything or stalling the page', async () => {
    for (const markup of [true, false]) {
      const raw = megabyteOffer(939_001);
      const offer = WidgetOfferSchema.parse({ ...raw, merchant_name: 'M', description: markup ? raw.description : raw.description.replace(/[<>]/g, '') });
      const el = await card(offer);
      expect(part(el, 'title')!.textContent).to.equal('Megabytes');
      expect(part(el, 'description')!.textContent!.length).to.be.greaterThan(100);
      assertInert(el);
    }
  });

  it('a picker of 10,000 SKUs renders and resolves a choice', async function () {
    this.timeout(30_000);
    const offer = WidgetOfferSchema.parse({ ...manySkusOffer(939_003, 10_000), merchant_name: 'M' });
    const el = await fixture<ToteVariantPicker>(html`<tote-variant-picker .offer=${offer}></tote-variant-picker>`);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelectorAll('input, button, option').length).to.be.greaterThan(0);
    assertInert(el);
  });

  it('variants naming SKUs that do not exist offer nothing that cannot be bought', async () => {
    const offer: WidgetOffer = {
      ...byId(FIRST_ID + 4),
      variants: [{ id: 1, name: 'Size', values: [{ id: 11, name: 'Real', sku_ids: [byId(FIRST_ID + 4).skus[0]!.id] }, { id: 12, name: 'Ghost', sku_ids: [123456789] }] }],
    } as WidgetOffer;
    const el = await fixture<ToteVariantPicker>(html`<tote-variant-picker .offer=${offer}></tote-variant-picker>`);
    await settle();
    const ghost = [...el.shadowRoot!.querySelectorAll('label, button')].find((n) => n.textContent?.includes('Ghost'));
    const input = (ghost?.querySelector('input') ?? ghost) as HTMLInputElement | HTMLButtonElement | undefined;
    expect(input, 'the ghost value is listed').to.exist;
    expect(input!.disabled || input!.getAttribute('aria-disabled') === 'true', 'the ghost value is disabled').to.be.true;
  });

  it('max_price below min_price shows the range lowest first', async () => {
    const offer = { ...byId(FIRST_ID + 4), min_price: 5000, max_price: 1000, skus: [byId(FIRST_ID + 4).skus[0]!, { ...byId(FIRST_ID + 4).skus[0]!, id: 99, sale_price: 3000 }] } as WidgetOffer;
    const el = await card(offer);
    const text = part(el, 'price')!.textContent!.replace(/\s+/g, ' ').trim();
    expect(text).to.equal('$10.00 – $50.00');
  });

  it('an offer in an unknown currency (ZZZ) still renders its card, without a made-up price', async () => {
    const offer = { ...byId(FIRST_ID + 4), currency: 'ZZZ', skus: [{ ...byId(FIRST_ID + 4).skus[0]!, currency: 'ZZZ' }] } as WidgetOffer;
    const el = await card(offer);
    expect(part(el, 'title')!.textContent).to.equal(offer.name);
    expect(part(el, 'price')?.textContent ?? '').to.not.match(/ZZZ\s*\d|\d\s*ZZZ/);
  });
});
