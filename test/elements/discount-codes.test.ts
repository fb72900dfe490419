import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/checkout/view/discount-codes/discount-codes.js';
import type { ToteDiscountCodes } from '../../src/checkout/view/discount-codes/discount-codes.js';
import type { CodeState } from '../../src/checkout/rules/checkout-quote-codes.js';

const root = (el: HTMLElement) => el.shadowRoot!;
const applied: CodeState = { code: 'TOTE10', status: 'applied', amount: 1250 };
const refused: CodeState[] = [
  { code: 'NOPE', status: 'unknown', amount: 0 },
  { code: 'SUMMER2025', status: 'expired', amount: 0 },
  { code: 'SHOES20', status: 'not_applicable', amount: 0 },
  { code: 'BIGSPEND', status: 'below_minimum', amount: 0 },
  { code: 'ONCE', status: 'used_up', amount: 0 },
];

describe('tote-discount-codes', () => {
  it('is accessible closed, open, applied and refused', async () => {
    const el = await fixture<ToteDiscountCodes>(html`<tote-discount-codes currency="USD"></tote-discount-codes>`);
    await expect(el).to.be.accessible();
    el.open = true;
    await el.updateComplete;
    await expect(el).to.be.accessible();
    el.codes = [applied, ...refused];
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });

  it('starts collapsed; the button opens the field and focuses it', async () => {
    const el = await fixture<ToteDiscountCodes>(html`<tote-discount-codes></tote-discount-codes>`);
    expect(root(el).querySelector('input')).to.equal(null);
    const toggle = root(el).querySelector<HTMLButtonElement>('[part="toggle"]')!;
    expect(toggle.textContent!.trim()).to.equal('Have a discount code?');
    toggle.click();
    await el.updateComplete;
    await el.updateComplete;
    expect(root(el).activeElement).to.equal(root(el).querySelector('input'));
  });

  it('applies a code typed and entered with the keyboard, trimmed, and clears the field', async () => {
    const el = await fixture<ToteDiscountCodes>(html`<tote-discount-codes open></tote-discount-codes>`);
    const got: string[] = [];
    el.addEventListener('tote-discount-apply', (e) => got.push(e.detail.code));
    root(el).querySelector('input')!.focus();
    await sendKeys({ type: '  tote10 ' });
    await sendKeys({ press: 'Enter' });
    expect(got).to.deep.equal(['tote10']);
    expect(root(el).querySelector('input')!.value).to.equal('');
    await sendKeys({ press: 'Enter' });
    expect(got, 'an empty field applies nothing').to.deep.equal(['tote10']);
  });

  it('shows what each code did, naming it, and removes one', async () => {
    const el = await fixture<ToteDiscountCodes>(html`<tote-discount-codes currency="USD" .codes=${[applied, ...refused, { code: 'NEW', status: 'pending', amount: 0 }]}></tote-discount-codes>`);
    expect(root(el).querySelector('input'), 'entered codes keep the field open').to.not.equal(null);
    const text = [...root(el).querySelectorAll('[part="code"] .what')].map((s) => s.textContent!.replace(/\s+/g, ' ').trim());
    expect(text).to.deep.equal([
      'TOTE10 applied −$12.50',
      'NOPE is not a valid discount code.',
      'SUMMER2025 has expired.',
      'SHOES20 does not apply to the items in your order.',
      'BIGSPEND needs a larger order: add items to reach its minimum.',
      'ONCE can no longer be used.',
      'Checking NEW…',
    ]);
    expect(root(el).querySelector('[data-code="TOTE10"] b')!.textContent).to.equal('−$12.50');
    const removed: string[] = [];
    el.addEventListener('tote-discount-remove', (e) => removed.push(e.detail.code));
    const remove = root(el).querySelector<HTMLButtonElement>('[data-code="NOPE"] [part="remove-button"]')!;
    expect(remove.getAttribute('aria-label')).to.equal('Remove code NOPE');
    remove.focus();
    await sendKeys({ press: 'Enter' });
    expect(removed).to.deep.equal(['NOPE']);
  });
});
