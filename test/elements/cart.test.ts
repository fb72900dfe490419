import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/cart/cart.js';
import type { ToteCart } from '../../src/elements/cart/cart.js';
import { CartStore, cartStorageKey } from '../../src/state/cart-store.js';
import { createApiClient } from '../../src/state/api-client.js';
import { revalidateCart } from '../../src/state/cart-revalidate.js';
import { mixedCurrencyLines, staleLines, threeMerchantLines } from '../../stories/fixtures/checkout.js';
import { createFakeBff } from '../../stories/fixtures/checkout-bff.js';

const memoryStore = (lines = threeMerchantLines) => {
  const store = new CartStore({ storageKey: 'test', storage: null, eventTarget: null });
  for (const l of lines) store.add(l);
  return store;
};
const root = (el: HTMLElement) => el.shadowRoot!;
const q = <T extends Element = HTMLElement>(el: HTMLElement, sel: string) => root(el).querySelector<T>(sel)!;
const qa = <T extends Element = HTMLElement>(el: HTMLElement, sel: string) => [...root(el).querySelectorAll<T>(sel)];
const line = (el: HTMLElement, sku: number) => q(el, `[data-sku="${sku}"]`);

describe('tote-cart', () => {
  it('is accessible with three bags, when empty, with flagged lines and as a mini drawer', async () => {
    const el = await fixture<ToteCart>(html`<tote-cart .store=${memoryStore()}></tote-cart>`);
    await expect(el).to.be.accessible();
    el.store = memoryStore([]);
    await el.updateComplete;
    await expect(el).to.be.accessible();
    const s2 = memoryStore([]);
    for (const l of staleLines) {
      s2.add(l);
      if (l.issue) s2.flag(l.sku_id, l.issue);
    }
    el.store = s2;
    await el.updateComplete;
    await expect(el).to.be.accessible();
    const mini = await fixture<ToteCart>(html`<tote-cart variant="mini" .store=${memoryStore()}></tote-cart>`);
    await expect(mini).to.be.accessible();
    q<HTMLButtonElement>(mini, '[part="badge"]').click();
    await waitUntil(() => q<HTMLDialogElement>(mini, 'dialog').open);
    await expect(mini).to.be.accessible();
  });

  it('groups lines into one bag per merchant headed by the merchant name, with per-bag subtotals', async () => {
    const el = await fixture<ToteCart>(html`<tote-cart .store=${memoryStore()}></tote-cart>`);
    const bags = qa(el, '[part="bag"]');
    expect(bags.map((b) => b.querySelector('h3')!.textContent)).to.deep.equal(['Northwind Outdoor', 'Leaf & Kettle', 'Paper Lantern Books']);
    expect(bags[0]!.querySelectorAll('[part="line"]').length).to.equal(2);
    expect(bags[0]!.querySelector('[part="subtotal"] dd')!.textContent!.trim()).to.equal('$165.00');
    expect(line(el, 10011).textContent).to.contain('Size: M, Colour: Forest');
    expect(line(el, 10011).querySelector('img')!.getAttribute('alt')).to.equal('');
    expect(q(el, '[part="total"]').textContent).to.contain('$221.00');
  });

  it('keeps totals per currency and never adds yen to dollars', async () => {
    const el = await fixture<ToteCart>(html`<tote-cart .store=${memoryStore(mixedCurrencyLines)}></tote-cart>`);
    const totals = qa(el, '[part="total"] dd').map((d) => d.textContent!.trim());
    expect(totals).to.deep.equal(['$197.00', '¥4,800']);
  });

  it('bounds the quantity stepper by stock and ignores junk quantities', async () => {
    const store = memoryStore();
    const el = await fixture<ToteCart>(html`<tote-cart .store=${store}></tote-cart>`);
    const socks = () => line(el, 10012);
    const plus = () => socks().querySelector<HTMLButtonElement>('[aria-label="Increase quantity of Wool Socks"]')!;
    plus().click();
    await el.updateComplete;
    expect(store.line(10012)!.quantity).to.equal(3);
    expect(plus().disabled, 'at stock (3)').to.equal(true);
    const input = socks().querySelector<HTMLInputElement>('input')!;
    for (const junk of ['-4', 'abc', '0', '1e9']) {
      input.value = junk;
      input.dispatchEvent(new Event('change'));
      await el.updateComplete;
    }
    expect(store.line(10012)!.quantity).to.be.within(1, 3);
    expect(input.value).to.equal(String(store.line(10012)!.quantity));
  });

  it('removes a line and moves focus to the next one', async () => {
    const store = memoryStore();
    const el = await fixture<ToteCart>(html`<tote-cart .store=${store}></tote-cart>`);
    q<HTMLButtonElement>(el, '[data-sku="10031"] [part="remove-button"]').click();
    await waitUntil(() => root(el).activeElement === line(el, 10041));
    expect(store.line(10031)).to.equal(undefined);
    expect(qa(el, '[part="bag"]').length).to.equal(2);
  });

  it('shows flagged lines in place with their reason and blocks checkout while one cannot be bought', async () => {
    const store = memoryStore();
    store.flag(10031, 'out_of_stock');
    const el = await fixture<ToteCart>(html`<tote-cart .store=${store}></tote-cart>`);
    expect(line(el, 10031).querySelector('[part="issue"]')!.textContent).to.contain('Out of stock');
    expect(q<HTMLButtonElement>(el, '[part="checkout-button"]').disabled).to.equal(true);
    store.remove(10031);
    await el.updateComplete;
    expect(q<HTMLButtonElement>(el, '[part="checkout-button"]').disabled).to.equal(false);
  });

  it('shows a vanished SKU found by a re-check flagged in place, not dropped', async () => {
    const bff = createFakeBff({ catalog: threeMerchantLines.filter((l) => l.offer_id !== 701) });
    const api = createApiClient({ endpoint: '/api', fetch: bff.fetch });
    const store = memoryStore();
    const el = await fixture<ToteCart>(html`<tote-cart .store=${store}></tote-cart>`);
    await revalidateCart(store, api);
    await el.updateComplete;
    expect(store.line(10031)?.issue).to.equal('unavailable');
    expect(line(el, 10031).textContent).to.contain('No longer available');
    expect(store.lines.length).to.equal(4);
  });

  it('survives tampered and throwing storage', async () => {
    const key = cartStorageKey('/tamper');
    localStorage.setItem(key, '{"v":1,"lines":[{"sku_id":"<img src=x onerror=alert(1)>"},null,42]}');
    const tampered = new CartStore({ storageKey: key, eventTarget: null });
    const el = await fixture<ToteCart>(html`<tote-cart .store=${tampered}></tote-cart>`);
    expect(q(el, '.empty')).to.exist;
    localStorage.removeItem(key);
    const throwing = { getItem() { throw new Error('denied'); }, setItem() { throw new Error('denied'); }, removeItem() { throw new Error('denied'); } } as unknown as Storage;
    const store = new CartStore({ storageKey: 'x', storage: throwing, eventTarget: null });
    store.add(threeMerchantLines[0]!);
    el.store = store;
    await el.updateComplete;
    expect(qa(el, '[part="line"]').length).to.equal(1);
  });

  it('the mini variant shows the item count and emits tote-cart-checkout from its drawer', async () => {
    const el = await fixture<ToteCart>(html`<tote-cart variant="mini" .store=${memoryStore()}></tote-cart>`);
    expect(q(el, '[part="badge"]').textContent).to.contain('Open cart, 5 items');
    q<HTMLButtonElement>(el, '[part="badge"]').click();
    await waitUntil(() => q<HTMLDialogElement>(el, 'dialog').open);
    let detail: unknown;
    el.addEventListener('tote-cart-checkout', (e) => (detail = e.detail));
    q<HTMLButtonElement>(el, '[part="checkout-button"]').click();
    expect((detail as { lines: unknown[] }).lines.length).to.equal(4);
    expect(q<HTMLDialogElement>(el, 'dialog').open).to.equal(false);
  });
});
