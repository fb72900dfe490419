import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/elements/shipping-step/shipping-step.js';
import type { ToteShippingStep } from '../../src/elements/shipping-step/shipping-step.js';
import { choicesFromEstimate } from '../../src/state/checkout-flow.js';
import { estimateFor, mixedCurrencyLines, threeMerchantLines } from '../../stories/fixtures/checkout.js';

const names = new Map(mixedCurrencyLines.concat(threeMerchantLines).map((l) => [l.merchant_id, l.merchant_name]));
const choices = (noShipping: number[] = []) => choicesFromEstimate(estimateFor(threeMerchantLines, { noShipping }), names);
const root = (el: HTMLElement) => el.shadowRoot!;

describe('tote-shipping-step', () => {
  it('is accessible with choices, loading, and with a bag that cannot ship', async () => {
    const el = await fixture<ToteShippingStep>(html`<tote-shipping-step .choices=${choices()}></tote-shipping-step>`);
    await expect(el).to.be.accessible();
    el.loading = true;
    await el.updateComplete;
    await expect(el).to.be.accessible();
    el.loading = false;
    el.choices = choices([1003]);
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });

  it('offers each bag its methods with carrier and price, one choice per bag, by keyboard', async () => {
    const el = await fixture<ToteShippingStep>(html`<tote-shipping-step .choices=${choices()}></tote-shipping-step>`);
    const bags = [...root(el).querySelectorAll('fieldset')];
    expect(bags.map((b) => b.querySelector('legend')!.textContent)).to.deep.equal([
      'Shipping from Northwind Outdoor', 'Shipping from Leaf & Kettle', 'Shipping from Paper Lantern Books',
    ]);
    expect(bags[0]!.textContent).to.contain('USPS').and.contain('$5.99').and.contain('$14.99');
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

  it('a bag without shipping says so and blocks only itself', async () => {
    const el = await fixture<ToteShippingStep>(html`<tote-shipping-step .choices=${choices([1003])} .selections=${{ '1001': 'std-1001', '1004': 'std-1004' }}></tote-shipping-step>`);
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
