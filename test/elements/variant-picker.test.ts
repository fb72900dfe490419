import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/elements/variant-picker/variant-picker.js';
import type { ToteVariantPicker } from '../../src/elements/variant-picker/variant-picker.js';
import { CartStore } from '../../src/state/cart-store.js';
import { skuInStock } from '../../src/state/offer.js';
import { manyVariants, tee, offer } from '../../stories/fixtures/offers.js';
import type { WidgetOffer } from '../../src/contract/api.js';

const radios = (el: ToteVariantPicker, variant: string) =>
  [...el.shadowRoot!.querySelectorAll<HTMLInputElement>(`input[name="variant-${variant}"]`)];
const byLabel = (el: ToteVariantPicker, name: string) =>
  [...el.shadowRoot!.querySelectorAll<HTMLLabelElement>('label.value')].find(
    (l) => l.querySelector('.chip')!.textContent!.trim() === name,
  )!;
const addButton = (el: ToteVariantPicker) => el.shadowRoot!.querySelector<HTMLButtonElement>('[part="add-button"]')!;

describe('tote-variant-picker', () => {
  it('is accessible with a choice made, with disabled values, and when everything is sold out', async () => {
    const el = await fixture<ToteVariantPicker>(html`<tote-variant-picker .offer=${tee}></tote-variant-picker>`);
    await expect(el).to.be.accessible();
    const soldOut = offer({ ...tee, skus: tee.skus.map((s) => ({ ...s, qty_available: 0, in_stock: false })) });
    el.offer = soldOut;
    await el.updateComplete;
    await expect(el).to.be.accessible();
    expect(addButton(el).disabled).to.be.true;
  });

  it('starts on the first in-stock SKU and shows its price, stock and image', async () => {
    const el = await fixture<ToteVariantPicker>(html`<tote-variant-picker .offer=${tee}></tote-variant-picker>`);
    expect(el.selectedSku?.id).to.equal(101);
    const root = el.shadowRoot!;
    expect(root.querySelector('[part="price"]')!.textContent).to.contain('$24.00');
    expect(root.querySelector('[part="stock"]')!.textContent).to.contain('8 items in stock');
    expect(root.querySelector<HTMLImageElement>('[part="image"]')!.src).to.contain('tee-red.svg');
  });

  it('disables values that lead to no in-stock SKU, with the reason', async () => {
    const el = await fixture<ToteVariantPicker>(html`<tote-variant-picker .offer=${tee}></tote-variant-picker>`);
    // Red chosen: L is sold out in red; Green has no stock at all.
    const large = byLabel(el, 'L');
    expect(large.querySelector('input')!.disabled).to.be.true;
    expect(large.querySelector('.reason')!.textContent).to.equal('Not available with Red');
    const green = byLabel(el, 'Green');
    expect(green.querySelector('input')!.disabled).to.be.true;
    expect(green.querySelector('.reason')!.textContent).to.equal('Out of stock');
  });

  it('keyboard only: arrow keys choose values, the stepper and Add to cart add that SKU', async () => {
    const cart = new CartStore({ storageKey: 'test:picker', storage: null, eventTarget: null });
    const el = await fixture<ToteVariantPicker>(html`<tote-variant-picker .offer=${tee}></tote-variant-picker>`);
    el.store = cart;
    const [red] = radios(el, '1');
    red!.focus();
    await sendKeys({ press: 'ArrowRight' }); // Red → Blue
    await el.updateComplete;
    expect(radios(el, '1')[1]!.checked).to.be.true;
    expect(el.selectedSku?.id).to.equal(105, 'Blue/S does not exist: the size moves to M');
    await sendKeys({ press: 'Tab' }); // into the Size group, on M
    await sendKeys({ press: 'ArrowRight' });
    await el.updateComplete;
    expect(el.selectedSku?.id).to.equal(106); // Blue / L
    expect(el.shadowRoot!.querySelector('[part="price"]')!.textContent).to.contain('$19.00').and.contain('$24.00');
    await sendKeys({ press: 'Tab' }); // quantity input (− is disabled at 1)
    expect(el.shadowRoot!.activeElement?.id).to.equal('quantity');
    await sendKeys({ press: 'Tab' }); // stepper +
    expect(el.shadowRoot!.activeElement?.getAttribute('aria-label')).to.equal('Increase quantity');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    const added = oneEvent(el, 'tote-cart-add');
    await sendKeys({ press: 'Tab' }); // Add to cart
    expect(el.shadowRoot!.activeElement).to.equal(addButton(el));
    await sendKeys({ press: 'Enter' });
    const event = await added;
    expect(event.detail.line.sku_id).to.equal(106);
    expect(event.detail.line.quantity).to.equal(2);
    expect(cart.line(106)?.quantity).to.equal(2);
    expect(cart.line(106)?.variant_values).to.deep.equal([
      { variant: 'Colour', value: 'Blue' },
      { variant: 'Size', value: 'L' },
    ]);
  });

  it('a cancelled tote-cart-add leaves the cart to the host', async () => {
    const cart = new CartStore({ storageKey: 'test:picker2', storage: null, eventTarget: null });
    const el = await fixture<ToteVariantPicker>(html`<tote-variant-picker .offer=${tee}></tote-variant-picker>`);
    el.store = cart;
    el.addEventListener('tote-cart-add', (e) => e.preventDefault());
    addButton(el).click();
    expect(cart.lines).to.have.length(0);
  });

  it('the stepper stops at the stock of the chosen SKU', async () => {
    const el = await fixture<ToteVariantPicker>(html`<tote-variant-picker .offer=${tee}></tote-variant-picker>`);
    byLabel(el, 'M').querySelector('input')!.click(); // Red / M: 3 left
    await el.updateComplete;
    const plus = el.shadowRoot!.querySelector<HTMLButtonElement>('[aria-label="Increase quantity"]')!;
    for (let i = 0; i < 5; i++) {
      plus.click();
      await el.updateComplete;
    }
    expect(el.shadowRoot!.querySelector<HTMLInputElement>('#quantity')!.value).to.equal('3');
    expect(plus.disabled).to.be.true;
    expect(el.shadowRoot!.querySelector('[part="stock"]')!.textContent).to.contain('Only 3 left');
  });

  it('a typed quantity past the stock shows the stock it was held to, even when that is what it showed before', async () => {
    const el = await fixture<ToteVariantPicker>(html`<tote-variant-picker .offer=${tee}></tote-variant-picker>`);
    byLabel(el, 'M').querySelector('input')!.click(); // Red / M: 3 left
    await el.updateComplete;
    const input = el.shadowRoot!.querySelector<HTMLInputElement>('#quantity')!;
    for (const typed of ['99', '42']) {
      input.focus();
      input.select();
      await sendKeys({ type: typed });
      await sendKeys({ press: 'Tab' }); // leaving the field commits it (\`change\`)
      await el.updateComplete;
      await el.updateComplete;
      expect(input.value, `after typing ${typed}`).to.equal('3');
    }
  });

  it('never resolves to an out-of-stock or missing SKU, whatever is clicked', async () => {
    for (const o of [tee, manyVariants] as WidgetOffer[]) {
      const el = await fixture<ToteVariantPicker>(html`<tote-variant-picker .offer=${o}></tote-variant-picker>`);
      const events: (number | null)[] = [];
      el.addEventListener('tote-sku-select', (e) => events.push(e.detail.sku_id));
      const all = [...el.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
      // A fixed pseudo-random walk over every value, disabled ones included.
      for (let i = 0; i < 60; i++) {
        const input = [...el.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type="radio"]')][(i * 7919) % all.length]!;
        input.click();
        await el.updateComplete;
        const sku = el.selectedSku;
        if (sku) {
          expect(o.skus).to.include(sku);
          expect(skuInStock(sku)).to.be.true;
        } else {
          expect(addButton(el).disabled).to.be.true;
        }
      }
      expect(events.every((id) => id === null || o.skus.some((s) => s.id === id && skuInStock(s)))).to.be.true;
      expect(events.length).to.be.greaterThan(0);
    }
  });
});

describe('tote-variant-picker with offer-id (a product page)', () => {
  /** Requests that hung (`'hang'`) until the element aborted them. */
  let aborted = 0;
  const mountById = async (offerId: number, script: (number | 'hang')[] = []) => {
    const { fakeBff } = await import('../../stories/fixtures/fake-bff.js');
    await import('../../src/elements/provider/provider.js');
    const bff = fakeBff({ offers: [tee] });
    const scripted = script.slice();
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const step = scripted.shift();
      if (step === 429) return new Response(JSON.stringify({ error: { code: 'merchant_busy', message: 'busy', merchant_id: 1001, retry_after: 1 } }), { status: 429 });
      if (step === 500) return new Response('{}', { status: 500 });
      if (step === 'hang') {
        return new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => {
            aborted++;
            reject(init.signal!.reason);
          }),
        );
      }
      return bff.fetch(input, init);
    };
    const provider = await fixture(html`<tote-provider .fetch=${fetch}><tote-variant-picker offer-id=${offerId}></tote-variant-picker></tote-provider>`);
    return provider.querySelector('tote-variant-picker')!;
  };

  it('fetches the offer, and is accessible while loading and when not found', async () => {
    const el = await mountById(tee.id);
    await waitUntil(() => el.selectedSku?.id === 101, 'offer loaded');
    await expect(el).to.be.accessible();
    const missing = await mountById(424242);
    await waitUntil(() => missing.shadowRoot!.textContent!.includes('This product is no longer available.'));
    await expect(missing).to.be.accessible();
  });

  it('a busy merchant is retried by itself; a failure offers a retry', async () => {
    const busy = await mountById(tee.id, [429]);
    await waitUntil(() => /is busy, retrying in 1 s/.test(busy.shadowRoot!.textContent!), 'busy notice');
    await expect(busy).to.be.accessible();
    await waitUntil(() => busy.selectedSku?.id === 101, 'recovered', { timeout: 5000 });

    const failed = await mountById(tee.id, [500]);
    await waitUntil(() => failed.shadowRoot!.querySelector('[part="retry-button"]'));
    failed.shadowRoot!.querySelector<HTMLButtonElement>('[part="retry-button"]')!.click();
    await waitUntil(() => failed.selectedSku?.id === 101, 'loaded after retry');
  });

  it('taken off the page mid-load, it aborts the request; put back, it loads the offer again', async () => {
    aborted = 0;
    const el = await mountById(tee.id, ['hang']);
    const provider = el.parentElement!;
    await waitUntil(() => el.shadowRoot!.querySelector('.skeleton-card'), 'loading');
    el.remove();
    await waitUntil(() => aborted === 1, 'the request is aborted');
    provider.append(el);
    await waitUntil(() => el.selectedSku?.id === 101, 'loaded again once back');
  });
});
