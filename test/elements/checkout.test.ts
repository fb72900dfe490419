import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/checkout/checkout.js';
import '../../src/elements/provider/provider.js';
import type { ToteProvider } from '../../src/elements/provider/provider.js';
import type { ToteCheckout } from '../../src/elements/checkout/checkout.js';
import type { ToteAddressForm } from '../../src/elements/address-form/address-form.js';
import type { ToteCart } from '../../src/elements/cart/cart.js';
import { createApiClient } from '../../src/state/api-client.js';
import { CartStore } from '../../src/state/cart-store.js';
import type { CheckoutMode, CheckoutStep } from '../../src/state/checkout-session.js';
import { shopperAddress, threeMerchantLines, yenLine } from '../../stories/fixtures/checkout.js';
import { type FakeBffOptions, createFakeBff } from '../../stories/fixtures/checkout-bff.js';

class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) { return this.data.get(k) ?? null; }
  setItem(k: string, v: string) { this.data.set(k, v); }
  removeItem(k: string) { this.data.delete(k); }
}

interface Setup {
  mode?: CheckoutMode;
  bff?: Partial<FakeBffOptions>;
  storage?: unknown;
  store?: CartStore;
  bffInstance?: ReturnType<typeof createFakeBff>;
}

async function mount(setup: Setup = {}) {
  const bff = setup.bffInstance ?? createFakeBff({ catalog: [...threeMerchantLines, yenLine], ...setup.bff });
  const api = createApiClient({ endpoint: '/api', fetch: bff.fetch });
  let store = setup.store;
  if (!store) {
    store = new CartStore({ storageKey: 'checkout-test', storage: null, eventTarget: null });
    for (const l of threeMerchantLines) store.add(l);
  }
  const storage = setup.storage === undefined ? new MemoryStorage() : setup.storage;
  const el = await fixture<ToteCheckout>(html`<tote-checkout
    mode=${setup.mode ?? 'cart'}
    payment="sandbox"
    .api=${api}
    .store=${store}
    .storage=${storage as Storage}
  ></tote-checkout>`);
  return { el, bff, api, store, storage };
}

const root = (el: HTMLElement) => el.shadowRoot!;
const step = (el: ToteCheckout) => root(el).querySelector<HTMLElement>('section[data-step]')!.dataset.step as CheckoutStep;
const button = (el: HTMLElement, text: string) =>
  [...root(el).querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent!.trim() === text);
async function press(el: ToteCheckout, text: string) {
  await waitUntil(() => button(el, text) && !button(el, text)!.disabled, `"${text}" enabled`, { timeout: 4000 });
  button(el, text)!.click();
}
async function reach(el: ToteCheckout, s: CheckoutStep) {
  await waitUntil(() => step(el) === s, `step ${s} (at ${step(el)})`, { timeout: 4000 });
  await el.updateComplete;
}

async function fillAddress(el: ToteCheckout) {
  const form = root(el).querySelector<ToteAddressForm>('tote-address-form')!;
  form.value = { ...shopperAddress };
  await form.updateComplete;
  form.dispatchEvent(new Event('change', { bubbles: true }));
}

async function chooseShipping(el: ToteCheckout, pick: 'first' | 'last' = 'first') {
  const stepEl = root(el).querySelector('tote-shipping-step')!;
  await waitUntil(() => stepEl.shadowRoot!.querySelectorAll('fieldset').length === 3, 'three bags to ship', { timeout: 4000 });
  for (const fs of stepEl.shadowRoot!.querySelectorAll('fieldset')) {
    const radios = fs.querySelectorAll<HTMLInputElement>('input[type="radio"]');
    radios[pick === 'first' ? 0 : radios.length - 1]!.click();
  }
}

/** Chooses the first method of every bag shown (any number of bags). */
async function chooseShipping2(el: ToteCheckout) {
  const stepEl = root(el).querySelector('tote-shipping-step')!;
  for (const fs of stepEl.shadowRoot!.querySelectorAll('fieldset')) fs.querySelector<HTMLInputElement>('input[type="radio"]')!.click();
}

async function pay(el: ToteCheckout, card: 'approve' | 'decline' = 'approve') {
  await waitUntil(() => el.querySelectorAll('input[type="radio"]').length === 2, 'sandbox cards', { timeout: 4000 });
  el.querySelectorAll<HTMLInputElement>('input[type="radio"]')[card === 'approve' ? 0 : 1]!.click();
}

/** Review → address → shipping → payment → confirm. */
async function toConfirm(el: ToteCheckout, card: 'approve' | 'decline' = 'approve') {
  await press(el, 'Continue to address');
  await reach(el, 'address');
  await fillAddress(el);
  await press(el, 'Continue to shipping');
  await reach(el, 'shipping');
  await chooseShipping(el);
  await press(el, 'Continue to payment');
  await reach(el, 'payment');
  await pay(el, card);
  await press(el, 'Review order');
  await reach(el, 'confirm');
}

const summaryTotals = (el: ToteCheckout) => {
  const est = root(el).querySelector('tote-estimate')!;
  const bags = [...est.shadowRoot!.querySelectorAll<HTMLElement>('[part="bag"] .total dd')].map((d) => Number(d.dataset.total));
  const order = [...est.shadowRoot!.querySelectorAll<HTMLElement>('[part="total"] dd')].map((d) => Number(d.dataset.total));
  return { bags, order };
};

for (const mode of ['cart', 'direct'] as const) {
  describe(`tote-checkout mode=${mode}`, () => {
    it('is accessible at every step and places the order', async () => {
      const { el, bff, store } = await mount({ mode });
      await expect(el).to.be.accessible();
      await press(el, 'Continue to address');
      await reach(el, 'address');
      await expect(el).to.be.accessible();
      await fillAddress(el);
      await press(el, 'Continue to shipping');
      await reach(el, 'shipping');
      await chooseShipping(el, 'last');
      await waitUntil(() => summaryTotals(el).bags.length === 3, 'estimate by bag', { timeout: 4000 });
      await expect(el).to.be.accessible();
      await press(el, 'Continue to payment');
      await reach(el, 'payment');
      await pay(el);
      await expect(el).to.be.accessible();
      await press(el, 'Review order');
      await reach(el, 'confirm');
      await waitUntil(() => summaryTotals(el).bags.length === 3 && summaryTotals(el).order.length === 1, 'summary', { timeout: 4000 });
      const { bags, order } = summaryTotals(el);
      expect(bags.reduce((a, b) => a + b, 0), 'bag totals add up to the order total').to.equal(order[0]);
      await expect(el).to.be.accessible();
      let completed: { order: { id: number; bags: unknown[] } } | undefined;
      el.addEventListener('tote-checkout-complete', (e) => (completed = e.detail as never));
      await press(el, 'Place order');
      await reach(el, 'placed');
      expect(completed!.order.bags.length).to.equal(3);
      expect(store.lines.length, 'ordered lines leave the cart').to.equal(0);
      const submit = bff.submits()[0]!;
      expect(submit.headers['idempotency-key']).to.match(/^[\w-]{8,}$/);
      if (mode === 'direct') {
        const body = submit.body as { order: { bags: { shipping_method: { shipping_method_id: string } }[] }; payment_method: { token: string } };
        expect(body.order.bags.map((b) => b.shipping_method.shipping_method_id)).to.deep.equal(['exp-1001', 'exp-1003', 'exp-1004']);
        expect(body.payment_method.token).to.equal('tok_sandbox_visa');
      } else {
        expect(bff.requests.some((r) => r.path.endsWith('/payment') && (r.body as { token: string }).token === 'tok_sandbox_visa')).to.equal(true);
      }
      await expect(el).to.be.accessible();
    });

    it('a double click on "Place order" sends one request and places one order', async () => {
      const { el, bff } = await mount({ mode, bff: { delayMs: 30 } });
      await toConfirm(el);
      await waitUntil(() => button(el, 'Place order') && !button(el, 'Place order')!.disabled, 'ready', { timeout: 4000 });
      const place = button(el, 'Place order')!;
      place.click();
      place.click();
      place.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
      await el.placeOrder();
      await reach(el, 'placed');
      expect(bff.submits().length).to.equal(1);
      expect(bff.placed.length).to.equal(1);
    });

    it('a declined card returns to the payment step with the cart intact; a new card is a new attempt', async () => {
      const { el, bff, store } = await mount({ mode });
      await toConfirm(el, 'decline');
      await press(el, 'Place order');
      await reach(el, 'payment');
      const payment = root(el).querySelector('tote-payment')!;
      await waitUntil(() => payment.shadowRoot!.querySelector('[part="error"]')!.textContent!.includes('declined'));
      expect(store.lines.length).to.equal(4);
      expect(bff.placed.length).to.equal(0);
      await expect(el).to.be.accessible();
      await pay(el, 'approve');
      await press(el, 'Review order');
      await reach(el, 'confirm');
      await press(el, 'Place order');
      await reach(el, 'placed');
      const keys = bff.submits().map((r) => r.headers['idempotency-key']);
      expect(keys.length).to.equal(2);
      expect(keys[0]).to.not.equal(keys[1]);
    });

    it('out of stock at submit marks that line in the cart and moves focus to it', async () => {
      const { el, store } = await mount({ mode, bff: { outOfStockAtSubmit: [10031] } });
      await toConfirm(el);
      await press(el, 'Place order');
      await reach(el, 'review');
      expect(store.line(10031)!.issue).to.equal('out_of_stock');
      expect(store.lines.length).to.equal(4);
      const cart = root(el).querySelector<ToteCart>('tote-cart')!;
      await waitUntil(() => (cart.shadowRoot!.activeElement as HTMLElement | null)?.dataset.sku === '10031', 'focus on the line');
      expect(cart.shadowRoot!.querySelector('[data-sku="10031"] [part="issue"]')!.textContent).to.contain('Out of stock');
      expect(root(el).querySelector('[part="error"]')!.textContent).to.contain('Some items changed');
      expect(button(el, 'Continue to address')!.disabled).to.equal(false);
      await expect(el).to.be.accessible();
    });

    it('one rejected bag shows as rejected while the others complete', async () => {
      const { el, store } = await mount({ mode, bff: { rejectMerchants: [1003] } });
      await toConfirm(el);
      let detail: { order: { bags: { merchant_id: number; bag_status: string }[] } } | undefined;
      el.addEventListener('tote-checkout-complete', (e) => (detail = e.detail as never));
      await press(el, 'Place order');
      await reach(el, 'placed');
      expect(detail!.order.bags.map((b) => b.bag_status)).to.deep.equal(['ACCEPTED', 'REJECTED', 'ACCEPTED']);
      const est = root(el).querySelector('tote-estimate')!;
      await est.updateComplete;
      expect(est.shadowRoot!.querySelector('[data-merchant="1003"]')!.textContent).to.contain('Rejected by the shop');
      expect(store.lines.map((l) => l.merchant_id), 'the rejected bag stays in the cart').to.deep.equal([1003]);
    });

    it('a reload between steps comes back to the same step with nothing re-typed', async () => {
      const first = await mount({ mode });
      const { el, storage, store } = first;
      await press(el, 'Continue to address');
      await reach(el, 'address');
      await fillAddress(el);
      // Reload on the address step: typed values are back.
      el.remove();
      const second = await mount({ mode, storage, store, bffInstance: first.bff });
      await reach(second.el, 'address');
      const form = root(second.el).querySelector<ToteAddressForm>('tote-address-form')!;
      expect(form.value).to.deep.equal(shopperAddress);
      await press(second.el, 'Continue to shipping');
      await reach(second.el, 'shipping');
      await chooseShipping(second.el, 'last');
      second.el.remove();
      // Reload on the shipping step: choices are back.
      const third = await mount({ mode, storage, store, bffInstance: first.bff });
      await reach(third.el, 'shipping');
      const stepEl = root(third.el).querySelector('tote-shipping-step')!;
      await waitUntil(() => stepEl.shadowRoot!.querySelectorAll('input:checked').length === 3, 'choices restored', { timeout: 4000 });
      await press(third.el, 'Continue to payment');
      await reach(third.el, 'payment');
      await pay(third.el);
      await press(third.el, 'Review order');
      await reach(third.el, 'confirm');
      third.el.remove();
      const fourth = await mount({ mode, storage, store, bffInstance: first.bff });
      await reach(fourth.el, 'confirm');
      await press(fourth.el, 'Place order');
      await reach(fourth.el, 'placed');
      if (mode === 'cart') expect(first.bff.requests.filter((r) => r.method === 'POST' && r.path === '/api/carts').length, 'one service cart').to.equal(1);
    });
  });
}

describe('tote-checkout resilience', () => {
  it('works with storage that throws on every call', async () => {
    const throwing = { getItem() { throw new Error('denied'); }, setItem() { throw new Error('denied'); }, removeItem() { throw new Error('denied'); } };
    const { el } = await mount({ storage: throwing });
    await toConfirm(el);
    await press(el, 'Place order');
    await reach(el, 'placed');
  });

  it('keeps only what is well formed from tampered storage', async () => {
    const storage = new MemoryStorage();
    storage.setItem('tote:checkout:cart', '{"v":1,"mode":"cart","step":"confirm","shipping":{"city":{"x":1}},"payment":{"token":5},"attempt":{"key":"<x>","status":"pending"}}');
    const { el } = await mount({ storage });
    await el.updateComplete;
    expect(step(el), 'the furthest step the (empty) input allows').to.equal('address');
    const form = root(el).querySelector<ToteAddressForm>('tote-address-form')!;
    expect(form.value.city).to.equal('');
    await expect(el).to.be.accessible();
  });

  it('tote-checkout-submit is cancelable: nothing is sent when the host prevents it', async () => {
    const { el, bff } = await mount();
    await toConfirm(el);
    el.addEventListener('tote-checkout-submit', (e) => e.preventDefault(), { once: true });
    await press(el, 'Place order');
    await el.updateComplete;
    expect(bff.submits().length).to.equal(0);
    expect(step(el)).to.equal('confirm');
  });

  it('a connection lost during submit keeps the key: pressing again returns the one order', async () => {
    const bff = createFakeBff({ catalog: [...threeMerchantLines, yenLine] });
    let drop = true;
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await bff.fetch(input, init);
      if (drop && String(input).endsWith('/submit')) {
        drop = false;
        throw new TypeError('Failed to fetch');
      }
      return res;
    }) as typeof globalThis.fetch;
    const { el } = await mount({ bffInstance: { ...bff, fetch } });
    await toConfirm(el);
    await press(el, 'Place order');
    await waitUntil(() => root(el).querySelector('[part="error"]')!.textContent!.includes('could not confirm'));
    await press(el, 'Place order');
    await reach(el, 'placed');
    const keys = bff.submits().map((r) => r.headers['idempotency-key']);
    expect(keys.length).to.equal(2);
    expect(keys[0]).to.equal(keys[1]);
    expect(bff.placed.length).to.equal(1);
  });

  it('re-checks the cart before the address step, blocks on a vanished SKU and focuses its line', async () => {
    const { el, store } = await mount({ bff: { catalog: threeMerchantLines.filter((l) => l.sku_id !== 10041) } });
    await press(el, 'Continue to address');
    const cart = root(el).querySelector<ToteCart>('tote-cart')!;
    await waitUntil(() => (cart.shadowRoot!.activeElement as HTMLElement | null)?.dataset.sku === '10041', 'focus on flagged line');
    expect(store.line(10041)!.issue).to.equal('unavailable');
    expect(step(el)).to.equal('review');
  });

  it('works inside <tote-provider> with its client and cart, and answers its startCheckout()', async () => {
    const bff = createFakeBff({ catalog: [...threeMerchantLines, yenLine] });
    localStorage.removeItem('tote:cart:v1:/provided');
    const provider = await fixture<ToteProvider>(html`<tote-provider endpoint="/provided" .fetch=${bff.fetch}>
      <button id="host-button">Buy</button>
      <tote-checkout .storage=${new MemoryStorage() as unknown as Storage}></tote-checkout>
    </tote-provider>`);
    const el = provider.querySelector('tote-checkout')!;
    for (const l of threeMerchantLines) provider.cart!.add(l);
    await waitUntil(() => root(el).querySelectorAll('tote-cart').length === 1);
    const cart = root(el).querySelector<ToteCart>('tote-cart')!;
    await waitUntil(() => cart.shadowRoot!.querySelectorAll('[part="bag"]').length === 3, 'the provider\'s cart is shown');
    provider.querySelector<HTMLButtonElement>('#host-button')!.focus();
    provider.startCheckout();
    await waitUntil(() => root(el).activeElement?.tagName === 'H2', 'the checkout takes focus');
    await press(el, 'Continue to address');
    await reach(el, 'address');
    expect(bff.requests.some((r) => r.path.startsWith('/provided/offers/')), 'lines re-checked through the provider\'s client').to.equal(true);
    localStorage.removeItem('tote:cart:v1:/provided');
  });

  it('a price change at submit is flagged on its line; the shopper can go on after seeing it', async () => {
    const { el, store, bff } = await mount({ bff: { priceChangedAtSubmit: [10012] } });
    await toConfirm(el);
    await press(el, 'Place order');
    await reach(el, 'review');
    expect(store.line(10012)!.issue).to.equal('price_changed');
    const cart = root(el).querySelector<ToteCart>('tote-cart')!;
    await waitUntil(() => (cart.shadowRoot!.activeElement as HTMLElement | null)?.dataset.sku === '10012', 'focus on the line');
    expect(button(el, 'Continue to address')!.disabled, 'a price change does not block').to.equal(false);
    expect(bff.placed.length).to.equal(0);
  });

  for (const mode of ['cart', 'direct'] as const) {
    it(`mode=${mode}: a cart changed elsewhere (another tab) during shipping refreshes the bags and totals`, async () => {
      const { el, store, bff } = await mount({ mode });
      await press(el, 'Continue to address');
      await reach(el, 'address');
      await fillAddress(el);
      await press(el, 'Continue to shipping');
      await reach(el, 'shipping');
      await chooseShipping(el);
      store.remove(10031);
      store.setQuantity(10012, 3);
      const stepEl = root(el).querySelector('tote-shipping-step')!;
      await waitUntil(() => stepEl.shadowRoot!.querySelectorAll('fieldset').length === 2, 'two bags left', { timeout: 4000 });
      await waitUntil(() => summaryTotals(el).bags.length === 2);
      if (mode === 'cart') {
        const edits = bff.requests.filter((r) => /\/skus\/\d+$/.test(r.path)).map((r) => r.method).sort();
        expect(edits, 'the service cart is edited, not replaced').to.deep.equal(['DELETE', 'PUT']);
        expect(bff.requests.filter((r) => r.method === 'POST' && r.path === '/api/carts').length).to.equal(1);
      } else {
        const last = bff.requests.filter((r) => r.path === '/api/estimate').at(-1)!.body as { skus: { sku_id: number; quantity: number }[] };
        expect(last.skus).to.deep.include({ sku_id: 10012, quantity: 3 });
        expect(last.skus.map((x) => x.sku_id)).to.not.include(10031);
      }
      await chooseShipping2(el);
      await press(el, 'Continue to payment');
      await reach(el, 'payment');
    });
  }
});
