/**
 * Group 4 — client misuse, Chromium half: the checkout and cart elements in
 * front of a stand-in BFF (stories/fixtures/checkout-bff.ts, idempotent per
 * key like the real one), abused the way shoppers and host pages do: clicks
 * and Enter presses arriving in a burst, a reload or the back button while
 * the order is being placed, the network dropping mid-checkout, tampered or
 * forbidden storage, junk typed into quantities, host CSS aimed at Tote's
 * controls.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/checkout/view/checkout/checkout.js';
import '../../src/elements/cart/cart.js';
import '../../src/elements/offer-card/offer-card.js';
import type { ToteCheckout } from '../../src/checkout/view/checkout/checkout.js';
import type { ToteAddressForm } from '../../src/checkout/view/address-form/address-form.js';
import type { ToteOfferCard } from '../../src/elements/offer-card/offer-card.js';
import { createApiClient } from '../../src/state/api-client.js';
import { CartStore, cartStorageKey } from '../../src/state/cart-store.js';
import type { CheckoutStep } from '../../src/checkout/rules/checkout-session.js';
import { shopperAddress, threeMerchantLines, yenLine } from '../../stories/fixtures/checkout.js';
import { createFakeBff } from '../../stories/fixtures/checkout-bff.js';
import { mug } from '../../stories/fixtures/offers.js';

class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) { return this.data.get(k) ?? null; }
  setItem(k: string, v: string) { this.data.set(k, v); }
  removeItem(k: string) { this.data.delete(k); }
}

type Bff = ReturnType<typeof createFakeBff>;

async function mount(opts: { bff: Bff; storage: MemoryStorage; store: CartStore; mode?: 'cart' | 'direct'; fetch?: typeof fetch }) {
  const api = createApiClient({ endpoint: '/api', fetch: opts.fetch ?? opts.bff.fetch });
  return fixture<ToteCheckout>(html`<tote-checkout mode=${opts.mode ?? 'cart'} payment="sandbox" .api=${api} .store=${opts.store} .storage=${opts.storage as unknown as Storage}></tote-checkout>`);
}

const root = (el: HTMLElement) => el.shadowRoot!;
const step = (el: ToteCheckout) => root(el).querySelector<HTMLElement>('section[data-step]')?.dataset.step as CheckoutStep | undefined;
const button = (el: HTMLElement, text: string) => [...root(el).querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent!.trim() === text);
async function press(el: ToteCheckout, text: string) {
  await waitUntil(() => button(el, text) && !button(el, text)!.disabled, `"${text}" enabled`, { timeout: 5000 });
  button(el, text)!.click();
}
async function reach(el: ToteCheckout, s: CheckoutStep) {
  await waitUntil(() => step(el) === s, `step ${s} (at ${step(el)})`, { timeout: 5000 });
  await el.updateComplete;
}

async function toConfirm(el: ToteCheckout) {
  await press(el, 'Continue to address');
  await reach(el, 'address');
  const form = root(el).querySelector<ToteAddressForm>('tote-address-form')!;
  form.value = { ...shopperAddress };
  await form.updateComplete;
  form.dispatchEvent(new Event('change', { bubbles: true }));
  await press(el, 'Continue to shipping');
  await reach(el, 'shipping');
  const ship = root(el).querySelector('tote-shipping-step')!;
  await waitUntil(() => ship.shadowRoot!.querySelectorAll('fieldset').length === 3, 'bags to ship', { timeout: 5000 });
  for (const fs of ship.shadowRoot!.querySelectorAll('fieldset')) fs.querySelector<HTMLInputElement>('input[type="radio"]')!.click();
  await press(el, 'Continue to payment');
  await reach(el, 'payment');
  await waitUntil(() => el.querySelectorAll('input[type="radio"]').length === 2, 'sandbox cards', { timeout: 5000 });
  el.querySelectorAll<HTMLInputElement>('input[type="radio"]')[0]!.click();
  await press(el, 'Review order');
  await reach(el, 'confirm');
}

function setup(bffOptions: Partial<Parameters<typeof createFakeBff>[0]> = {}) {
  const bff = createFakeBff({ catalog: [...threeMerchantLines, yenLine], ...bffOptions });
  const store = new CartStore({ storageKey: `hostile-misuse-${Math.random()}`, storage: null, eventTarget: null });
  for (const l of threeMerchantLines) store.add(l);
  return { bff, store, storage: new MemoryStorage() };
}

const keysOf = (bff: Bff) => [...new Set(bff.submits().map((r) => r.headers['idempotency-key']))];

describe('4. Client misuse (Chromium)', () => {
  for (const mode of ['cart', 'direct'] as const) {
    it(`a burst of clicks and Enter presses on "Place order" (${mode}): one key, one order`, async () => {
      const s = setup({ delayMs: 40 });
      const el = await mount({ ...s, mode });
      await toConfirm(el);
      await waitUntil(() => button(el, 'Place order') && !button(el, 'Place order')!.disabled, 'ready', { timeout: 5000 });
      const place = button(el, 'Place order')!;
      place.focus();
      for (let i = 0; i < 3; i++) {
        place.click();
        place.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
        place.dispatchEvent(new MouseEvent('dblclick', { bubbles: true, composed: true }));
      }
      await reach(el, 'placed');
      expect(s.bff.placed.length).to.equal(1);
      expect(keysOf(s.bff).length).to.equal(1);
    });
  }

  it('a reload while the order is being placed: the reloaded page shows that order, never a second one', async () => {
    const s = setup({ delayMs: 120 });
    const first = await mount(s);
    await toConfirm(first);
    await press(first, 'Place order');
    await new Promise((r) => setTimeout(r, 20));
    first.remove(); // the page goes away mid-request
    const second = await mount(s);
    await waitUntil(() => s.bff.placed.length === 1, 'the first request still placed its order', { timeout: 5000 });
    await reach(second, 'placed');
    expect(s.bff.placed.length).to.equal(1);
    expect(keysOf(s.bff).length, 'no attempt with a second key').to.equal(1);
  });

  it('back and forward after the order: the page shows the placed order and sends nothing again', async () => {
    const s = setup();
    const el = await mount(s);
    await toConfirm(el);
    await press(el, 'Place order');
    await reach(el, 'placed');
    const sent = s.bff.submits().length;
    el.remove();
    const back = await mount(s);
    await reach(back, 'placed');
    expect(button(back, 'Place order')).to.equal(undefined);
    expect(s.bff.submits().length).to.equal(sent);
    expect(s.bff.placed.length).to.equal(1);
  });

  it('offline mid-checkout: the page says it is checking, the cart intact, and once online the same attempt places one order by itself', async () => {
    const s = setup();
    let offline = false;
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (offline) throw new TypeError('Failed to fetch');
      return s.bff.fetch(input, init);
    }) as typeof globalThis.fetch;
    const el = await mount({ ...s, fetch });
    await toConfirm(el);
    offline = true;
    await press(el, 'Place order');
    // The place may have reached the BFF before the connection dropped: the widget never abandons it (issue 25.1).
    const status = () => (root(el).querySelector('.notice[role="status"]')?.textContent ?? '').trim();
    await waitUntil(() => /checking/i.test(status()), 'the page says it is checking whether the order went through', { timeout: 5000 });
    expect(step(el)).to.equal('confirm');
    expect(s.store.lines.length).to.equal(threeMerchantLines.length);
    // "Place order" cannot be pressed again while it checks.
    expect(button(el, 'Place order')).to.equal(undefined);
    offline = false;
    // The next resend (its backoff grows 1, 2, 4 … s) finds the BFF again: no press needed.
    await waitUntil(() => step(el) === 'placed', 'placed by the same attempt', { timeout: 20_000 });
    expect(s.bff.placed.length).to.equal(1);
  });

  describe('storage', () => {
    const key = cartStorageKey('/hostile-storage');
    afterEach(() => localStorage.removeItem(key));

    for (const [what, raw] of [
      ['not JSON', '{"v":1,"lines":['],
      ['an array at the top', '[1,2,3]'],
      ['a prototype payload', '{"__proto__":{"tote_polluted":1},"lines":[{"__proto__":{"tote_polluted":1}}]}'],
      ['lines of the wrong types', JSON.stringify({ v: 1, lines: [{ sku_id: '1; drop', offer_id: 1, merchant_id: 1, name: 'x', merchant_name: 'y', unit_price: 1, currency: 'USD', quantity: 1 }] })],
      ['absurd amounts and quantities', JSON.stringify({ v: 1, lines: [{ ...threeMerchantLines[0], unit_price: -5 }, { ...threeMerchantLines[1], quantity: 1e12 }, { ...threeMerchantLines[2], unit_price: 2 ** 60 }] })],
      ['an unknown currency and a javascript: image', JSON.stringify({ v: 1, lines: [{ ...threeMerchantLines[0], currency: 'ZZZ' }, { ...threeMerchantLines[1], image: 'javascript:window.__tote_pwned=1', name: '<img src=x onerror="window.__tote_pwned=1">' }] })],
    ] as const) {
      it(`tampered localStorage (${what}): the cart keeps what makes sense and renders inert`, async () => {
        localStorage.setItem(key, raw);
        const store = new CartStore({ storageKey: key });
        const el = await fixture(html`<tote-cart .store=${store}></tote-cart>`);
        await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
        expect(({} as Record<string, unknown>).tote_polluted).to.equal(undefined);
        for (const line of store.lines) {
          expect(Number.isSafeInteger(line.unit_price) && line.unit_price >= 0).to.be.true;
          expect(line.quantity >= 1 && line.quantity <= 1000).to.be.true;
        }
        for (const img of el.shadowRoot!.querySelectorAll('img')) expect(img.getAttribute('src')).to.match(/^https?:\/\//);
        expect(el.shadowRoot!.querySelector('[onerror]')).to.equal(null);
        expect((window as { __tote_pwned?: number }).__tote_pwned).to.equal(undefined);
        store.dispose();
      });
    }

    it('storage disabled (every access throws): the cart works in memory', async () => {
      const original = Object.getOwnPropertyDescriptor(window, 'localStorage');
      Object.defineProperty(window, 'localStorage', { configurable: true, get() { throw new DOMException('denied', 'SecurityError'); } });
      try {
        const store = new CartStore({ storageKey: key });
        store.add(threeMerchantLines[0]!);
        store.setQuantity(threeMerchantLines[0]!.sku_id, 2);
        expect(store.lines[0]!.quantity).to.equal(2);
        const el = await fixture(html`<tote-cart .store=${store}></tote-cart>`);
        expect(el.shadowRoot!.textContent).to.contain(threeMerchantLines[0]!.name);
      } finally {
        if (original) Object.defineProperty(window, 'localStorage', original);
        else delete (window as { localStorage?: Storage }).localStorage;
      }
    });

    it('another tab writing junk into the cart key: this tab keeps its valid lines', async () => {
      const store = new CartStore({ storageKey: key });
      store.add(threeMerchantLines[0]!);
      localStorage.setItem(key, '{"v":1,"lines":[{"sku_id":-1}]}');
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: localStorage.getItem(key), storageArea: localStorage }));
      expect(store.lines.every((l) => l.sku_id > 0)).to.be.true;
      store.add(threeMerchantLines[1]!);
      expect(store.lines.some((l) => l.sku_id === threeMerchantLines[1]!.sku_id)).to.be.true;
      store.dispose();
    });
  });

  it('junk typed into a quantity (-5, 1e9, abc, 2.5, empty) leaves a quantity within 1…stock', async () => {
    const store = new CartStore({ storageKey: 'hostile-qty', storage: null, eventTarget: null });
    store.add(threeMerchantLines[0]!);
    const el = await fixture(html`<tote-cart .store=${store}></tote-cart>`);
    const max = threeMerchantLines[0]!.max_quantity ?? 1000;
    for (const typed of ['-5', '1e9', 'abc', '2.5', '', '0', '9999999999999999999']) {
      const input = el.shadowRoot!.querySelector<HTMLInputElement>('input[type="number"]')!;
      input.value = typed;
      input.dispatchEvent(new Event('change', { bubbles: true }));
      await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
      const q = store.line(threeMerchantLines[0]!.sku_id)!.quantity;
      expect(Number.isInteger(q) && q >= 1 && q <= max, `${JSON.stringify(typed)} → ${q}`).to.be.true;
    }
  });

  it('host CSS aimed at buttons, inputs and dialogs does not hide or disable Tote\'s controls', async () => {
    const style = document.createElement('style');
    style.textContent = `
      button, input, dialog, [part], .button { display: none !important; visibility: hidden !important; pointer-events: none !important; opacity: 0 !important; }
      tote-offer-card button, tote-offer-card > * { display: none !important; }
    `;
    document.head.append(style);
    try {
      const el = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${mug}></tote-offer-card>`);
      const add = el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="add-button"]')!;
      const cs = getComputedStyle(add);
      expect(cs.display).to.not.equal('none');
      expect(cs.visibility).to.equal('visible');
      expect(cs.pointerEvents).to.not.equal('none');
      expect(Number(cs.opacity)).to.equal(1);
      const r = add.getBoundingClientRect();
      expect(r.width > 0 && r.height > 0).to.be.true;
    } finally {
      style.remove();
    }
  });
});
