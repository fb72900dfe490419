/**
 * The events a shop's analytics listen for (issue 29): removing a line, changing a quantity, opening the
 * cart, seeing a product, seeing a list of them — each driven as a shopper drives it.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/cart/cart.js';
import '../../src/elements/offer-grid/offer-grid.js';
import '../../src/elements/offer-card/offer-card.js';
import type { ToteCart } from '../../src/elements/cart/cart.js';
import type { ToteOfferGrid } from '../../src/elements/offer-grid/offer-grid.js';
import type { ToteOfferCard } from '../../src/elements/offer-card/offer-card.js';
import { CartStore } from '../../src/state/cart-store.js';
import { threeMerchantLines } from '../../stories/fixtures/checkout.js';
import { catalogue, manyOffers, tee } from '../../stories/fixtures/offers.js';

const memoryStore = () => {
  const store = new CartStore({ storageKey: 'test', storage: null, eventTarget: null });
  for (const l of threeMerchantLines) store.add(l);
  return store;
};

/** Every `name` event that reaches the document while the test runs. */
function record<K extends keyof GlobalEventHandlersEventMap>(name: K) {
  const seen: GlobalEventHandlersEventMap[K][] = [];
  const listener = (e: GlobalEventHandlersEventMap[K]) => seen.push(e);
  document.addEventListener(name, listener);
  after(() => document.removeEventListener(name, listener));
  return seen;
}

const shadow = (el: Element) => el.shadowRoot!;

describe('shopper events', () => {
  it('tote-cart-remove carries the line as it was, bubbling and composed', async () => {
    const removed = record('tote-cart-remove');
    const el = await fixture<ToteCart>(html`<tote-cart .store=${memoryStore()}></tote-cart>`);
    const first = threeMerchantLines[0]!;
    shadow(el).querySelector<HTMLButtonElement>(`[data-sku="${first.sku_id}"] [part="remove-button"]`)!.click();
    expect(removed.length).to.equal(1);
    expect(removed[0]!.detail.line).to.include({ sku_id: first.sku_id, quantity: first.quantity, unit_price: first.unit_price });
    expect(removed[0]!.bubbles && removed[0]!.composed).to.be.true;
  });

  it('tote-cart-quantity says the old line and the new quantity, for the stepper and a typed value, and not for junk', async () => {
    const changed = record('tote-cart-quantity');
    const store = memoryStore();
    const el = await fixture<ToteCart>(html`<tote-cart .store=${store}></tote-cart>`);
    const first = threeMerchantLines[0]!;
    const row = () => shadow(el).querySelector(`[data-sku="${first.sku_id}"]`)!;
    row().querySelector<HTMLButtonElement>('[part="quantity"] button:last-of-type')!.click();
    expect(changed.map((e) => [e.detail.line.quantity, e.detail.quantity])).to.deep.equal([[first.quantity, first.quantity + 1]]);
    await el.updateComplete;
    const input = row().querySelector<HTMLInputElement>('input')!;
    input.value = '5';
    input.dispatchEvent(new Event('change'));
    input.value = 'junk';
    input.dispatchEvent(new Event('change'));
    expect(changed.map((e) => [e.detail.line.quantity, e.detail.quantity])).to.deep.equal([
      [first.quantity, first.quantity + 1],
      [first.quantity + 1, 5],
    ]);
    expect(store.line(first.sku_id)!.quantity).to.equal(5);
  });

  it('tote-cart-open when the shopper opens the mini cart with its badge', async () => {
    const opened = record('tote-cart-open');
    const el = await fixture<ToteCart>(html`<tote-cart variant="mini" .store=${memoryStore()}></tote-cart>`);
    shadow(el).querySelector<HTMLButtonElement>('[part="badge"]')!.click();
    await waitUntil(() => shadow(el).querySelector('dialog')!.open);
    expect(opened.length).to.equal(1);
    expect(opened[0]!.detail).to.deep.equal({});
  });

  it('tote-offer-view once when "Choose options" opens the picker for an offer', async () => {
    const viewed = record('tote-offer-view');
    const card = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${tee}></tote-offer-card>`);
    expect(viewed.length).to.equal(0);
    await card.showOptions();
    await waitUntil(() => viewed.length === 1);
    expect(viewed[0]!.detail.offer.id).to.equal(tee.id);
    card.requestUpdate();
    await card.updateComplete;
    expect(viewed.length).to.equal(1);
  });

  it('tote-offer-list-view once the grid is in view, each offer once, a later page in its own event', async () => {
    const listed = record('tote-offer-list-view');
    const wrap = await fixture<HTMLDivElement>(html`<div><div style="height: 300vh"></div><tote-offer-grid .offers=${catalogue}></tote-offer-grid></div>`);
    const grid = wrap.querySelector<ToteOfferGrid>('tote-offer-grid')!;
    await grid.updateComplete;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    expect(listed.length, 'nothing while the grid is below the fold').to.equal(0);
    grid.scrollIntoView();
    await waitUntil(() => listed.length === 1);
    expect(listed[0]!.detail.offers.map((o) => o.id)).to.deep.equal(catalogue.map((o) => o.id));
    const more = manyOffers(2, 4242);
    grid.offers = [...catalogue, ...more];
    await waitUntil(() => listed.length === 2);
    expect(listed[1]!.detail.offers.map((o) => o.id)).to.deep.equal(more.map((o) => o.id));
    window.scrollTo(0, 0);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    grid.scrollIntoView();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    expect(listed.length, 'an offer seen once is not announced again').to.equal(2);
  });
});
