/**
 * `tote-checkout/analytics` in a browser: a shopper browses, fills a cart and checks out with the real
 * elements, and what lands on `dataLayer` is checked against GA4's documented ecommerce fields
 * (developers.google.com/analytics/devguides/collection/ga4/reference/events, GTM tab) — and only once
 * the shopper consented.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/provider/provider.js';
import '../../src/elements/offer-card/offer-card.js';
import '../../src/elements/offer-grid/offer-grid.js';
import '../../src/elements/variant-picker/variant-picker.js';
import '../../src/elements/cart/cart.js';
import '../../src/checkout/view/checkout/checkout.js';
import type { ToteCart } from '../../src/elements/cart/cart.js';
import type { ToteCheckout } from '../../src/checkout/view/checkout/checkout.js';
import type { ToteOfferCard } from '../../src/elements/offer-card/offer-card.js';
import type { ToteAddressForm } from '../../src/checkout/view/address-form/address-form.js';
import type { ToteProvider } from '../../src/elements/provider/provider.js';
import type { CheckoutStep } from '../../src/checkout/rules/checkout-session.js';
import { connectAnalytics, type Ga4Event } from '../../src/analytics/index.js';
import { createApiClient } from '../../src/state/api-client.js';
import { CartStore, type CartLine } from '../../src/state/cart-store.js';
import { fakeBff } from '../../stories/fixtures/fake-bff.js';
import { catalogue, mug, tee } from '../../stories/fixtures/offers.js';
import { mixedCurrencyLines, shopperAddress, threeMerchantLines, yenLine } from '../../stories/fixtures/checkout.js';
import { createFakeBff } from '../../stories/fixtures/checkout-bff.js';

/** GA4's ecommerce parameters and item parameters with their types (the reference's tables). */
const EVENT_FIELDS: Record<string, string> = {
  currency: 'string', value: 'number', transaction_id: 'string', shipping: 'number', tax: 'number', coupon: 'string',
  item_list_id: 'string', item_list_name: 'string', items: 'object',
};
const ITEM_FIELDS: Record<string, string> = {
  item_id: 'string', item_name: 'string', affiliation: 'string', coupon: 'string', discount: 'number', index: 'number',
  item_brand: 'string', item_list_id: 'string', item_list_name: 'string', item_variant: 'string', price: 'number', quantity: 'number',
};
const GA4_EVENTS = ['view_item_list', 'view_item', 'add_to_cart', 'remove_from_cart', 'view_cart', 'begin_checkout', 'add_shipping_info', 'add_payment_info', 'purchase'];

/** Fails unless `e` is a GA4 ecommerce event as the reference documents it. */
function assertGa4(e: Ga4Event): void {
  expect(GA4_EVENTS).to.include(e.event);
  for (const [k, v] of Object.entries(e.ecommerce)) expect(typeof v, `${e.event}.${k}`).to.equal(EVENT_FIELDS[k]);
  expect(e.ecommerce.items.length, `${e.event} has items`).to.be.greaterThan(0);
  // "value … set currency": a value without its currency is not counted.
  if (e.ecommerce.value !== undefined) expect(e.ecommerce.currency).to.match(/^[A-Z]{3}$/);
  for (const item of e.ecommerce.items) {
    for (const [k, v] of Object.entries(item)) expect(typeof v, `${e.event} item ${k}`).to.equal(ITEM_FIELDS[k]);
    expect(item.item_id || item.item_name, 'item_id or item_name').to.be.ok;
    expect(Number.isInteger(item.quantity) && item.quantity > 0).to.be.true;
  }
}

/** The GA4 events on a data layer, each checked, after checking each follows its `{ ecommerce: null }`. */
function ga4(layer: unknown[]): Ga4Event[] {
  const out: Ga4Event[] = [];
  layer.forEach((entry, i) => {
    if (!(entry as Ga4Event).event) return;
    expect(layer[i - 1], 'the last ecommerce object is cleared first').to.deep.equal({ ecommerce: null });
    assertGa4(entry as Ga4Event);
    out.push(entry as Ga4Event);
  });
  return out;
}

const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
const memoryStore = (lines: CartLine[]) => {
  const store = new CartStore({ storageKey: `ga4-${Math.random()}`, storage: null, eventTarget: null });
  for (const l of lines) store.add(l);
  return store;
};

let disconnect: (() => void) | undefined;
afterEach(() => {
  disconnect?.();
  disconnect = undefined;
  delete (window as { dataLayer?: unknown }).dataLayer;
});

describe('tote-checkout/analytics', () => {
  it('sends nothing before consent; after it, the shopper\'s list view, item view, add and cart view in GA4 shapes', async () => {
    const layer: unknown[] = [];
    let granted = false;
    disconnect = connectAnalytics({ dataLayer: layer, consent: () => granted, list: { item_list_id: 'home', item_list_name: 'Home' } });
    localStorage.clear();
    const bff = fakeBff({ offers: catalogue });
    const provider = await fixture<ToteProvider>(html`<tote-provider endpoint="/api" .fetch=${bff.fetch}>
      <tote-cart variant="mini"></tote-cart>
      <tote-offer-grid .offers=${[mug, tee]}></tote-offer-grid>
    </tote-provider>`);
    const grid = provider.querySelector('tote-offer-grid')!;
    const cards = () => [...grid.shadowRoot!.querySelectorAll<ToteOfferCard>('tote-offer-card')];
    await waitUntil(() => cards().length === 2);
    await frames();
    cards()[0]!.shadowRoot!.querySelector<HTMLButtonElement>('[part="add-button"]')!.click();
    await frames();
    expect(layer, 'nothing on the data layer before consent').to.deep.equal([]);

    granted = true;
    grid.offers = [mug, tee, catalogue[2]!];
    await waitUntil(() => ga4(layer).some((e) => e.event === 'view_item_list'));
    cards()[0]!.shadowRoot!.querySelector<HTMLButtonElement>('[part="add-button"]')!.click();
    await cards()[1]!.showOptions();
    await waitUntil(() => ga4(layer).some((e) => e.event === 'view_item'));
    await waitUntil(() => ga4(layer).some((e) => e.event === 'add_to_cart'));
    const cart = provider.querySelector<ToteCart>('tote-cart')!;
    (cart.shadowRoot!.querySelector('dialog') as HTMLDialogElement).close();
    cart.shadowRoot!.querySelector<HTMLButtonElement>('[part="badge"]')!.click();
    await waitUntil(() => ga4(layer).filter((e) => e.event === 'view_cart').length === 2);

    const [list, item, add, cartView] = ['view_item_list', 'view_item', 'add_to_cart', 'view_cart'].map((n) => ga4(layer).find((e) => e.event === n)!);
    // The list event carries only what had not been seen (the third offer): earlier ones came before consent.
    expect(list!.ecommerce).to.deep.equal({
      item_list_id: 'home', item_list_name: 'Home',
      items: [{ item_id: String(catalogue[2]!.id), item_name: catalogue[2]!.name, item_brand: 'Kyoto Tea House', affiliation: 'Kyoto Tea House', price: list!.ecommerce.items[0]!.price, quantity: 1, item_list_id: 'home', item_list_name: 'Home' }],
    });
    expect(item!.ecommerce.items[0]).to.include({ item_id: String(tee.id), item_name: tee.name, quantity: 1 });
    expect(item!.ecommerce.currency).to.equal('USD');
    // $18.00 in minor units is 18 in GA4's major units.
    expect(add!.ecommerce).to.deep.equal({
      currency: 'USD', value: 18,
      items: [{ item_id: '5002', item_name: 'Stoneware mug', item_brand: mug.merchant_name, affiliation: mug.merchant_name, price: 18, quantity: 1 }],
    });
    expect(cartView!.ecommerce.value).to.equal(36); // the two mugs, one added before consent
    expect(ga4(layer).filter((e) => e.event === 'add_to_cart').length, 'the add before consent is not sent later').to.equal(1);
  });

  it('follows Google Consent Mode by default: nothing while analytics_storage is denied, events once it is granted', async () => {
    const layer: unknown[] = ((window as { dataLayer?: unknown[] }).dataLayer = []);
    // gtag.js's own way of writing commands: its `arguments` object goes on the data layer.
    function gtag(..._args: unknown[]) {
      // eslint-disable-next-line prefer-rest-params
      layer.push(arguments);
    }
    gtag('consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied' });
    disconnect = connectAnalytics();
    const store = memoryStore(threeMerchantLines);
    const cart = await fixture<ToteCart>(html`<tote-cart .store=${store}></tote-cart>`);
    const removeFirst = () => cart.shadowRoot!.querySelector<HTMLButtonElement>('[part="remove-button"]')!.click();
    removeFirst();
    await frames();
    expect(layer.length, 'only the consent command').to.equal(1);
    gtag('consent', 'update', { analytics_storage: 'granted' });
    await cart.updateComplete;
    removeFirst();
    await waitUntil(() => ga4(layer).length === 1);
    expect(ga4(layer)[0]).to.deep.equal({
      event: 'remove_from_cart',
      ecommerce: { currency: 'USD', value: 36, items: [{ item_id: '502', item_name: 'Wool Socks', item_brand: 'Northwind Outdoor', affiliation: 'Northwind Outdoor', item_variant: 'L', price: 18, quantity: 2 }] },
    });
    gtag('consent', 'update', { analytics_storage: 'denied' });
    await cart.updateComplete;
    removeFirst();
    await frames();
    expect(ga4(layer).length, 'withdrawn consent stops the events').to.equal(1);
  });

  it('waits for a consent answer that is a promise, keeping the events in order; a quantity change counts the difference', async () => {
    const layer: unknown[] = [];
    let answer!: (ok: boolean) => void;
    const pending = new Promise<boolean>((r) => (answer = r));
    disconnect = connectAnalytics({ dataLayer: layer, consent: () => pending });
    const cart = await fixture<ToteCart>(html`<tote-cart .store=${memoryStore([threeMerchantLines[0]!])}></tote-cart>`);
    const step = (which: 'first' | 'last') =>
      cart.shadowRoot!.querySelector<HTMLButtonElement>(`[part="quantity"] button:${which}-of-type`)!.click();
    step('last');
    await cart.updateComplete;
    step('last');
    await cart.updateComplete;
    step('first');
    await frames();
    expect(layer).to.deep.equal([]);
    answer(true);
    await waitUntil(() => ga4(layer).length === 3);
    expect(ga4(layer).map((e) => [e.event, e.ecommerce.items[0]!.quantity, e.ecommerce.value])).to.deep.equal([
      ['add_to_cart', 1, 129],
      ['add_to_cart', 1, 129],
      ['remove_from_cart', 1, 129],
    ]);
  });

  it('one view_cart per currency, never a sum of two, with yen in whole units', async () => {
    const layer: unknown[] = [];
    disconnect = connectAnalytics({ dataLayer: layer, consent: () => true });
    const cart = await fixture<ToteCart>(html`<tote-cart variant="mini" .store=${memoryStore(mixedCurrencyLines)}></tote-cart>`);
    cart.shadowRoot!.querySelector<HTMLButtonElement>('[part="badge"]')!.click();
    await waitUntil(() => ga4(layer).length === 2);
    expect(ga4(layer).map((e) => [e.event, e.ecommerce.currency, e.ecommerce.value, e.ecommerce.items.length])).to.deep.equal([
      ['view_cart', 'USD', 197, 3],
      ['view_cart', 'JPY', 4800, 1],
    ]);
    expect(ga4(layer)[1]!.ecommerce.items[0]).to.include({ item_id: String(yenLine.offer_id), price: 4800 });
  });

  it('a checkout sends begin_checkout, add_shipping_info, add_payment_info once each, then purchase with the order id; no personal data', async () => {
    const layer: unknown[] = [];
    disconnect = connectAnalytics({ dataLayer: layer, consent: () => true });
    const bff = createFakeBff({ catalog: [...threeMerchantLines, yenLine] });
    const store = memoryStore(threeMerchantLines);
    const el = await fixture<ToteCheckout>(html`<tote-checkout mode="cart" payment="sandbox" .api=${createApiClient({ endpoint: '/api', fetch: bff.fetch })} .store=${store} .storage=${null as unknown as Storage}></tote-checkout>`);
    const root = el.shadowRoot!;
    const press = async (text: string) => {
      const find = () => [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent!.trim() === text);
      await waitUntil(() => find() && !find()!.disabled, `"${text}" enabled`, { timeout: 4000 });
      find()!.click();
    };
    const reach = (s: CheckoutStep) => waitUntil(() => root.querySelector<HTMLElement>('section[data-step]')?.dataset.step === s, `step ${s}`, { timeout: 4000 });
    await press('Continue to address');
    await reach('address');
    const form = root.querySelector<ToteAddressForm>('tote-address-form')!;
    form.value = { ...shopperAddress };
    await form.updateComplete;
    form.dispatchEvent(new Event('change', { bubbles: true }));
    await press('Continue to shipping');
    await reach('shipping');
    await press('Continue to payment');
    await reach('payment');
    await waitUntil(() => el.querySelectorAll('input[type="radio"]').length === 2, 'sandbox cards', { timeout: 4000 });
    el.querySelector<HTMLInputElement>('input[type="radio"]')!.click();
    await press('Review order');
    await reach('confirm');
    let order: { id: number; bags: { shipping_total?: number | null; tax_total?: number | null }[] } | undefined;
    el.addEventListener('tote-checkout-complete', (e) => (order = e.detail.order as never));
    await press('Place order');
    await reach('placed');
    await waitUntil(() => ga4(layer).some((e) => e.event === 'purchase'));

    expect(ga4(layer).map((e) => e.event)).to.deep.equal(['begin_checkout', 'add_shipping_info', 'add_payment_info', 'purchase']);
    const begin = ga4(layer)[0]!;
    expect(begin.ecommerce).to.include({ currency: 'USD', value: 221 });
    expect(begin.ecommerce.items.map((i) => [i.item_id, i.quantity])).to.deep.equal([['501', 1], ['502', 2], ['701', 1], ['801', 1]]);
    const bought = ga4(layer)[3]!.ecommerce;
    expect(bought.transaction_id).to.equal(String(order!.id));
    expect(bought.currency).to.equal('USD');
    expect(bought.value).to.equal(221);
    const minor = (pick: (b: (typeof order & object)['bags'][number]) => number | null | undefined) => order!.bags.reduce((n, b) => n + (pick(b) ?? 0), 0) / 100;
    expect(bought.shipping).to.equal(minor((b) => b.shipping_total));
    expect(bought.tax).to.equal(minor((b) => b.tax_total));
    expect(bought.items.map((i) => [i.item_id, i.item_name, i.price, i.quantity])).to.deep.include.members([['502', 'Wool Socks', 18, 2]]);
    const sent = JSON.stringify([...layer]);
    for (const personal of [shopperAddress.email, shopperAddress.last_name, shopperAddress.address_1, shopperAddress.phone, shopperAddress.postal_code]) {
      expect(sent, 'no personal data').not.to.contain(personal);
    }
  });
});
