import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/elements/address-form/address-form.js';
import type { ToteAddressForm } from '../../src/elements/address-form/address-form.js';
import { shopperAddress } from '../../stories/fixtures/checkout.js';

const root = (el: HTMLElement) => el.shadowRoot!;
const byLabel = (el: HTMLElement, text: string, section = 'shipping') => {
  const label = [...root(el).querySelectorAll<HTMLLabelElement>(`fieldset[part="${section}"] label`)].find((l) => l.textContent!.trim() === text);
  if (!label) throw new Error(`no label ${text}`);
  return root(el).getElementById(label.htmlFor) as HTMLInputElement;
};
const errorOf = (el: HTMLElement, input: HTMLElement) => root(el).getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)!;

const FIELDS: [string, string][] = [
  ['First name', 'given-name'],
  ['Last name', 'family-name'],
  ['Email', 'email'],
  ['Phone', 'tel'],
  ['Address line 1', 'address-line1'],
  ['Address line 2', 'address-line2'],
  ['City', 'address-level2'],
  ['State / Province', 'address-level1'],
  ['Postal code', 'postal-code'],
  ['Country', 'country'],
];

describe('tote-address-form', () => {
  it('is accessible empty, with errors shown, and with a separate billing address', async () => {
    const el = await fixture<ToteAddressForm>(html`<tote-address-form></tote-address-form>`);
    await expect(el).to.be.accessible();
    el.reportValidity();
    await el.updateComplete;
    await expect(el).to.be.accessible();
    root(el).querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });

  it('has a visible label with the exact name and the right autocomplete token for every field', async () => {
    const el = await fixture<ToteAddressForm>(html`<tote-address-form></tote-address-form>`);
    for (const [label, token] of FIELDS) expect(byLabel(el, label).getAttribute('autocomplete'), label).to.equal(token);
    const same = root(el).querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(same.checked, 'billing same as shipping by default').to.equal(true);
    expect(root(el).querySelector('fieldset[part="billing"]')).to.equal(null);
  });

  it('can be filled by keyboard alone and then reports itself valid inside a form', async () => {
    const form = await fixture<HTMLFormElement>(html`<form><tote-address-form name="ship"></tote-address-form><button>Go</button></form>`);
    const el = form.querySelector('tote-address-form')!;
    byLabel(el, 'First name').focus();
    const typed: Record<string, string> = {
      'First name': 'Ada', 'Last name': 'Lovelace', Email: 'ada@example.com', Phone: '+1 415 555 0100',
      'Address line 1': '1 Market St', 'Address line 2': '', City: 'San Francisco', 'State / Province': 'CA', 'Postal code': '94105',
    };
    for (const [label, value] of Object.entries(typed)) {
      expect(root(el).activeElement, `focus on ${label}`).to.equal(byLabel(el, label));
      if (value) await sendKeys({ type: value });
      await sendKeys({ press: 'Tab' });
    }
    expect(root(el).activeElement).to.equal(byLabel(el, 'Country'));
    await el.updateComplete;
    expect(el.value).to.include({ first_name: 'Ada', postal_code: '94105', country: 'US', city: 'San Francisco' });
    expect(el.checkValidity()).to.equal(true);
    expect(form.checkValidity()).to.equal(true);
    expect(new FormData(form).get('ship.postal_code')).to.equal('94105');
  });

  it('shows an error next to a field when it is left invalid, announced and described', async () => {
    const el = await fixture<ToteAddressForm>(html`<tote-address-form></tote-address-form>`);
    const email = byLabel(el, 'Email');
    email.focus();
    await sendKeys({ type: 'ada@' });
    await sendKeys({ press: 'Tab' });
    await el.updateComplete;
    expect(email.getAttribute('aria-invalid')).to.equal('true');
    const error = errorOf(el, email);
    expect(error.textContent).to.contain('email address');
    expect(error.getAttribute('aria-live')).to.equal('polite');
    expect(byLabel(el, 'City').getAttribute('aria-invalid'), 'untouched fields stay quiet').to.equal('false');
  });

  it('checks the postal code by country and re-checks it when the country changes', async () => {
    const el = await fixture<ToteAddressForm>(html`<tote-address-form .value=${{ ...shopperAddress, postal_code: 'SW1A 1AA' }}></tote-address-form>`);
    expect(el.checkValidity()).to.equal(false);
    el.reportValidity();
    await el.updateComplete;
    const postal = byLabel(el, 'Postal code');
    expect(errorOf(el, postal).textContent).to.contain('94105');
    const country = byLabel(el, 'Country') as unknown as HTMLSelectElement;
    country.value = 'GB';
    country.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(errorOf(el, postal).textContent).to.equal('');
    expect(el.checkValidity()).to.equal(true);
  });

  it('reportValidity shows every error, announces the count and focuses the first invalid field', async () => {
    const el = await fixture<ToteAddressForm>(html`<tote-address-form></tote-address-form>`);
    expect(el.reportValidity()).to.equal(false);
    await waitUntil(() => root(el).activeElement === byLabel(el, 'First name'));
    expect(root(el).querySelector('[role="alert"]')!.textContent).to.match(/\d+ fields need your attention/);
    expect(el.validity.valid).to.equal(false);
  });

  it('asks for a billing address only when it differs, and validates it', async () => {
    const el = await fixture<ToteAddressForm>(html`<tote-address-form .value=${shopperAddress}></tote-address-form>`);
    expect(el.checkValidity()).to.equal(true);
    root(el).querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    await el.updateComplete;
    expect(el.billingSameAsShipping).to.equal(false);
    expect(el.checkValidity()).to.equal(false);
    expect(byLabel(el, 'City', 'billing').getAttribute('autocomplete')).to.equal('billing address-level2');
  });

  it('ignores junk handed in as a value', async () => {
    const el = await fixture<ToteAddressForm>(html`<tote-address-form .value=${{ city: 5, first_name: '<b>x</b>', evil: 'y' } as never}></tote-address-form>`);
    expect(byLabel(el, 'City').value).to.equal('');
    expect(byLabel(el, 'First name').value).to.equal('<b>x</b>');
    expect(root(el).querySelector('b')).to.equal(null);
  });
});
