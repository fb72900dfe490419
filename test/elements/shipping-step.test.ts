import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/checkout/view/shipping-step/shipping-step.js';
import type { ToteShippingStep } from '../../src/checkout/view/shipping-step/shipping-step.js';
import { mixedCurrencyLines, quoteFor, threeMerchantLines } from '../../stories/fixtures/checkout.js';

const choices = (noShipping: number[] = []) => quoteFor(threeMerchantLines, { addressed: true, noShipping }).bags;
const root = (el: HTMLElement) => el.shadowRoot!;
/** Thursday 26 November 2026, noon: the delivery dates count business days from here. */
const thursday = () => new Date(2026, 10, 26, 12);

describe('tote-shipping-step', () => {
  it('is accessible with choices, loading, and with a bag that cannot ship', async () => {
    const el = await fixture<ToteShippingStep>(html`<tote-shipping-step currency="USD" .bags=${choices()}></tote-shipping-step>`);
    await expect(el).to.be.accessible();
    el.loading = true;
    await el.updateComplete;
    await expect(el).to.be.accessible();
    el.loading = false;
    el.bags = choices([1003]);
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });

  it('offers each bag its methods with carrier and price, one choice per bag, by keyboard', async () => {
    const el = await fixture<ToteShippingStep>(html`<tote-shipping-step currency="USD" .bags=${choices()} .now=${thursday}></tote-shipping-step>`);
    const bags = [...root(el).querySelectorAll('fieldset')];
    expect(bags.map((b) => b.querySelector('legend')!.textContent)).to.deep.equal([
      'Shipping from Northwind Outdoor', 'Shipping from Leaf & Kettle', 'Shipping from Paper Lantern Books',
    ]);
    expect(bags[0]!.textContent).to.contain('USPS').and.contain('$5.99').and.contain('$14.99').and.contain('Arrives Thu, Dec 3 – Mon, Dec 7').and.contain('Arrives Mon, Nov 30');
    const events: unknown[] = [];
    el.addEventListener('tote-shipping-select', (e) => events.push(e.detail));
    bags[0]!.querySelector<HTMLInputElement>('input')!.focus();
    await sendKeys({ press: ' ' }); // Space; puppeteer's Firefox (BiDi) keyboard knows only the key ' '
    await sendKeys({ press: 'ArrowDown' });
    expect(events.at(-1)).to.deep.equal({ merchant_id: 1001, shipping_method_id: 'exp-1001' });
    expect(el.complete).to.equal(false);
    for (const b of bags.slice(1)) b.querySelector<HTMLInputElement>('input')!.click();
    expect(el.complete).to.equal(true);
    expect(el.selections).to.deep.equal({ '1001': 'exp-1001', '1003': 'std-1003', '1004': 'std-1004' });
  });

  it('writes each delivery window as dates in business days, in the shopper\'s locale', async () => {
    const saturday = () => new Date(2026, 10, 28, 12);
    const el = await fixture<ToteShippingStep>(html`<tote-shipping-step currency="USD" .bags=${choices()} .now=${saturday} locale="de-DE"></tote-shipping-step>`);
    const days = [...root(el).querySelectorAll('[data-merchant="1001"] .days')].map((d) => d.textContent!.trim());
    // Saturday: the weekend does not count; business day 1 is Monday 30 November.
    expect(days).to.deep.equal(['Lieferung Fr., 4. – Di., 8. Dez.', 'Lieferung Di., 1. Dez.']);
  });

  it('a bag without shipping says so and blocks only itself', async () => {
    const el = await fixture<ToteShippingStep>(html`<tote-shipping-step currency="USD" .bags=${choices([1003])} .selections=${{ '1001': 'std-1001', '1004': 'std-1004' }}></tote-shipping-step>`);
    const blocked = root(el).querySelector('[data-merchant="1003"]')!;
    expect(blocked.querySelector('[part="no-shipping"]')!.textContent).to.contain('Leaf & Kettle does not ship to this address');
    expect(root(el).querySelectorAll('[data-merchant="1001"] input').length).to.equal(2);
    expect(el.blockedBags).to.deep.equal([1003]);
    let removed: unknown;
    el.addEventListener('tote-shipping-remove-bag', (e) => (removed = e.detail));
    blocked.querySelector<HTMLButtonElement>('button')!.click();
    expect(removed).to.deep.equal({ merchant_id: 1003 });
  });
});

describe('tote-shipping-step, shops and carriers', () => {
  it('a busy shop says it is busy and when it is asked again, never that it does not ship', async () => {
    const busy = new Map([[1003, Date.now() + 4000]]);
    const quote = quoteFor(threeMerchantLines, { addressed: true, busy: [1003] });
    const el = await fixture<ToteShippingStep>(html`<tote-shipping-step .bags=${quote.bags} currency="USD" .busy=${busy}></tote-shipping-step>`);
    const bag = root(el).querySelector('[data-merchant="1003"]')!;
    expect(bag.querySelector('[part="busy"]')!.textContent).to.match(/Leaf & Kettle is busy — trying again in [1-4]\s+s/);
    expect(bag.textContent).to.not.contain('does not ship');
    expect(el.blockedBags).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it("a busy shop's notice is read out once (polite), offers to remove its items, and the button works by keyboard", async () => {
    const busy = new Map([[1003, Date.now() + 5000]]);
    const quote = quoteFor(threeMerchantLines, { addressed: true, busy: [1003] });
    const el = await fixture<ToteShippingStep>(html`<tote-shipping-step .bags=${quote.bags} currency="USD" .busy=${busy}></tote-shipping-step>`);
    const note = root(el).querySelector('[data-merchant="1003"] [part="busy"]')!;
    expect(note.getAttribute('role')).to.equal('status');
    // The countdown ticks for the eye only; the live region's spoken text is fixed when the wait starts.
    expect(note.querySelector('[aria-hidden="true"]')!.textContent).to.match(/trying again in [1-5]\s+s/);
    expect(note.querySelector('.sr-only')!.textContent).to.match(/^Leaf & Kettle is busy — trying again in [1-5]\s+s$/);
    let removed: number | undefined;
    el.addEventListener('tote-shipping-remove-bag', (e) => (removed = e.detail.merchant_id));
    const remove = [...root(el).querySelectorAll('button')].find((b) => b.textContent!.trim() === "Remove Leaf & Kettle's items and place the rest")!;
    remove.focus();
    await sendKeys({ press: 'Enter' });
    expect(removed).to.equal(1003);
  });

  it('shows a method without a carrier without one (the BFF names carriers, and drops codes such as OTHER)', async () => {
    const quote = quoteFor(mixedCurrencyLines, { addressed: true });
    const el = await fixture<ToteShippingStep>(html`<tote-shipping-step .bags=${quote.bags} currency=${quote.currency}></tote-shipping-step>`);
    const yen = root(el).querySelector('[data-merchant="1002"]')!;
    expect(yen.textContent).to.contain('Yu-Pack').and.not.contain('·');
  });
});
