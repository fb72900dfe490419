import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../src/elements/provider/provider.js';
import '../../src/elements/offer-grid/offer-grid.js';
import '../../src/elements/cart/cart.js';
import type { ToteProvider } from '../../src/elements/provider/provider.js';
import { fakeBff } from '../../stories/fixtures/fake-bff.js';
import { mug, sencha, tee } from '../../stories/fixtures/offers.js';

describe('tote-provider', () => {
  beforeEach(() => localStorage.clear());

  it('is accessible and renders its children', async () => {
    const el = await fixture<ToteProvider>(html`<tote-provider><p>Shop</p></tote-provider>`);
    await expect(el).to.be.accessible();
    expect(getComputedStyle(el).display).to.equal('contents');
  });

  it('a locale tag Intl rejects (WebKitGTK reports navigator.language "C" without a system locale) falls back to English', async () => {
    const bff = fakeBff({ offers: [mug] });
    const el = await fixture<ToteProvider>(
      html`<tote-provider locale="C" .fetch=${bff.fetch}><tote-offer-grid manual></tote-offer-grid></tote-provider>`,
    );
    const grid = el.querySelector('tote-offer-grid')!;
    await waitUntil(() => grid.shadowRoot!.querySelector('tote-offer-card')?.shadowRoot?.querySelector('[part~="price"]'), 'a priced card');
    const card = grid.shadowRoot!.querySelector('tote-offer-card')!;
    expect(card.shadowRoot!.querySelector('[part~="price"]')!.textContent).to.match(/\$\d+\.\d\d/);
    expect(card.shadowRoot!.querySelector('[part~="add-button"]')!.textContent!.trim()).to.equal('Add to cart');
  });

  it('two providers with different endpoints keep separate clients and carts', async () => {
    const a = fakeBff({ offers: [mug] });
    const b = fakeBff({ offers: [sencha] });
    const wrapper = await fixture(html`<div>
      <tote-provider id="a" endpoint="/api" .fetch=${a.fetch}><tote-offer-grid manual></tote-offer-grid></tote-provider>
      <tote-provider id="b" endpoint="/other/api" .fetch=${b.fetch}><tote-offer-grid manual></tote-offer-grid></tote-provider>
    </div>`);
    const [pa, pb] = [...wrapper.querySelectorAll('tote-provider')] as ToteProvider[];
    const [ga, gb] = [...wrapper.querySelectorAll('tote-offer-grid')];
    const names = (g: Element) => [...g.shadowRoot!.querySelectorAll('tote-offer-card')].map((c) => c.offer!.name);
    await waitUntil(() => names(ga!).length && names(gb!).length);
    expect(names(ga!)).to.deep.equal(['Stoneware mug']);
    expect(names(gb!)).to.deep.equal(['Uji sencha, first flush']);
    expect(a.requests.every((u) => u.pathname.startsWith('/api/'))).to.be.true;
    expect(b.requests.every((u) => u.pathname.startsWith('/other/api/'))).to.be.true;

    // A click in A's grid lands in A's cart only.
    const card = ga!.shadowRoot!.querySelector('tote-offer-card')!;
    card.shadowRoot!.querySelector<HTMLButtonElement>('[part="add-button"]')!.click();
    expect(pa!.cart!.lines.map((l) => l.sku_id)).to.deep.equal([201]);
    expect(pb!.cart!.lines).to.have.length(0);
    expect(pa!.cart!.storageKey).not.to.equal(pb!.cart!.storageKey);
  });

  it('the cart survives a reload (a new provider on the same endpoint)', async () => {
    const first = await fixture<ToteProvider>(html`<tote-provider endpoint="/api" .fetch=${fakeBff({ offers: [mug] }).fetch}></tote-provider>`);
    await first.addToCart({ offer_id: mug.id, sku_id: 201, quantity: 2 });
    first.remove();
    const second = await fixture<ToteProvider>(html`<tote-provider endpoint="/api" .fetch=${fakeBff({ offers: [mug] }).fetch}></tote-provider>`);
    expect(second.cart!.line(201)?.quantity).to.equal(2);
  });

  it('addToCart fetches the offer, emits a cancelable tote-cart-add, and respects preventDefault', async () => {
    const el = await fixture<ToteProvider>(html`<tote-provider .fetch=${fakeBff({ offers: [tee] }).fetch}></tote-provider>`);
    const event = oneEvent(el, 'tote-cart-add');
    const line = await el.addToCart({ offer_id: tee.id, sku_id: 105 });
    expect((await event).detail.line.sku_id).to.equal(105);
    expect(line).to.include({ sku_id: 105, unit_price: 1900, currency: 'USD', merchant_name: 'Northwind Outfitters' });
    expect(line!.variant_values).to.deep.equal([{ variant: 'Colour', value: 'Blue' }, { variant: 'Size', value: 'M' }]);

    el.addEventListener('tote-cart-add', (e) => e.preventDefault(), { once: true });
    expect(await el.addToCart({ offer_id: tee.id, sku_id: 101 })).to.equal(undefined);
    expect(el.cart!.line(101)).to.equal(undefined);
  });

  it('openCart and startCheckout emit their events for the elements below', async () => {
    const el = await fixture<ToteProvider>(html`<tote-provider></tote-provider>`);
    setTimeout(() => el.openCart());
    await oneEvent(document, 'tote-cart-open');
    setTimeout(() => el.startCheckout());
    await oneEvent(document, 'tote-checkout-start');
  });

  it('follows a change made in another tab (a same-origin document writing the same storage)', async () => {
    const el = await fixture<ToteProvider>(html`<tote-provider endpoint="/api" .fetch=${fakeBff({ offers: [mug] }).fetch}></tote-provider>`);
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const changed = new Promise<void>((resolve) => el.cart!.subscribe(() => resolve()));
    const line = { sku_id: 201, offer_id: mug.id, merchant_id: 1001, merchant_name: 'Northwind', name: 'Mug', variant_values: [], unit_price: 1800, currency: 'USD', quantity: 3 };
    frame.contentWindow!.localStorage.setItem('tote:cart:v1:/api', JSON.stringify({ v: 1, lines: [line] }));
    await changed;
    frame.remove();
    expect(el.cart!.line(201)?.quantity).to.equal(3);
  });

  it('flags stale lines of a saved cart when a cart shows them, once for several carts', async () => {
    const bff = fakeBff({ offers: [{ ...mug, skus: [{ ...mug.skus[0]!, sale_price: 2000 }] }] });
    localStorage.setItem(
      'tote:cart:v1:/api',
      JSON.stringify({ v: 1, lines: [{ sku_id: 201, offer_id: mug.id, merchant_id: 1001, merchant_name: 'Northwind', name: 'Mug', variant_values: [], unit_price: 1800, currency: 'USD', quantity: 1 }, { sku_id: 999, offer_id: 404, merchant_id: 1001, merchant_name: 'Northwind', name: 'Gone', variant_values: [], unit_price: 100, currency: 'USD', quantity: 1 }] }),
    );
    const el = await fixture<ToteProvider>(
      html`<tote-provider endpoint="/api" .fetch=${bff.fetch}><tote-cart></tote-cart><tote-cart variant="mini"></tote-cart></tote-provider>`,
    );
    await waitUntil(() => el.cart!.line(201)?.issue === 'price_changed' && el.cart!.line(999)?.issue === 'unavailable');
    expect(el.cart!.line(201)?.unit_price).to.equal(2000);
    const cart = el.querySelector('tote-cart')!;
    await cart.updateComplete;
    expect(cart.shadowRoot!.textContent).to.contain('No longer available');
    expect(bff.requests.filter((r) => /\/offers\/\d+/.test(r.pathname)).length, 'one check per offer, not per cart').to.equal(2);
  });

  it('a catalogue page without a cart does not re-check a saved cart', async () => {
    const bff = fakeBff({ offers: [mug] });
    localStorage.setItem(
      'tote:cart:v1:/api',
      JSON.stringify({ v: 1, lines: [{ sku_id: 201, offer_id: mug.id, merchant_id: 1001, merchant_name: 'Northwind', name: 'Mug', variant_values: [], unit_price: 1800, currency: 'USD', quantity: 1 }] }),
    );
    const el = await fixture<ToteProvider>(html`<tote-provider endpoint="/api" .fetch=${bff.fetch}></tote-provider>`);
    await new Promise((r) => setTimeout(r, 100));
    expect(el.cart!.line(201)?.issue).to.equal(undefined);
    expect(bff.requests.some((r) => /\/offers\/\d+/.test(r.pathname))).to.equal(false);
  });
});
