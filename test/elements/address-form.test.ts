import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/checkout/view/address-form/address-form.js';
import type { ToteAddressForm } from '../../src/checkout/view/address-form/address-form.js';
import type { AddressFormat } from '../../src/contract/address.js';
import type { ToteApi } from '../../src/state/api-client.js';
import { shopperAddress } from '../../stories/fixtures/checkout.js';

const root = (el: HTMLElement) => el.shadowRoot!;
const byLabel = (el: HTMLElement, text: string, section = 'shipping') => {
  const label = [...root(el).querySelectorAll<HTMLLabelElement>(`fieldset[part="${section}"] label`)].find((l) => l.textContent!.trim() === text);
  if (!label) throw new Error(`no label ${text}`);
  return root(el).getElementById(label.htmlFor) as HTMLInputElement;
};
const labels = (el: HTMLElement) => [...root(el).querySelectorAll('fieldset[part="shipping"] label')].map((l) => l.textContent!.trim());
const errorOf = (el: HTMLElement, input: HTMLElement) => root(el).getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)!;

// Before a country's form arrives (or with no BFF): the order and labels most countries use.
const FIELDS: [string, string][] = [
  ['Country', 'country'],
  ['First name', 'given-name'],
  ['Last name', 'family-name'],
  ['Address line 1', 'address-line1'],
  ['Address line 2', 'address-line2'],
  ['City', 'address-level2'],
  ['State / Province', 'address-level1'],
  ['Postal code', 'postal-code'],
  ['Email', 'email'],
  ['Phone', 'tel'],
];

/** The BFF's answers (`GET /api/address-format/:country`, trimmed to two regions), counted. */
const base = { address: [], upper: [], countries: ['CA', 'JP', 'US'] };
const FORMATS: Record<string, AddressFormat> = {
  US: {
    ...base, country: 'US', fields: ['address_1', 'address_2', 'city', 'state', 'postal_code'], required: ['address_1', 'city', 'state', 'postal_code'],
    labels: { state: 'state', postal_code: 'zip' }, format: '%N%n%O%n%A%n%C %S %Z', postal_example: '95014', postal_pattern: '\\d{5}([ \\-]\\d{4})?',
    regions: [{ code: 'CA', name: 'California' }, { code: 'NY', name: 'New York' }],
  } as AddressFormat,
  JP: {
    ...base, country: 'JP', fields: ['postal_code', 'state', 'city', 'address_1', 'address_2'], required: ['address_1', 'city', 'state', 'postal_code'],
    labels: { state: 'prefecture', postal_code: 'postal' }, format: '〒%Z%n%S%C%n%A%n%O%n%N', postal_example: '154-0023', postal_pattern: '\\d{3}-?\\d{4}',
    regions: [{ code: '東京都', name: '東京都', latin_name: 'Tokyo' }, { code: '大阪府', name: '大阪府', latin_name: 'Osaka' }],
  } as AddressFormat,
};
const asked: string[] = [];
const api = {
  addressFormat: async (c: string) => {
    asked.push(c);
    return FORMATS[c]!;
  },
} as unknown as ToteApi;

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

  it('puts the country first, with a visible label and the right autocomplete token for every field', async () => {
    const el = await fixture<ToteAddressForm>(html`<tote-address-form locale="en-US"></tote-address-form>`);
    expect(labels(el)).to.deep.equal(FIELDS.map(([l]) => l));
    for (const [label, token] of FIELDS) expect(byLabel(el, label).getAttribute('autocomplete'), label).to.equal(token);
    expect(el.value.country, "the page's locale's country").to.equal('US');
    const same = root(el).querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(same.checked, 'billing same as shipping by default').to.equal(true);
    expect(root(el).querySelector('fieldset[part="billing"]')).to.equal(null);
  });

  it("defaults the country from the shop's country, else the page's language", async () => {
    const shop = await fixture<ToteAddressForm>(html`<tote-address-form default-country="ca" locale="en-US"></tote-address-form>`);
    expect(shop.value.country).to.equal('CA');
    const page = await fixture<ToteAddressForm>(html`<tote-address-form locale="pt-BR"></tote-address-form>`);
    expect(page.value.country).to.equal('BR');
  });

  it('can be filled by keyboard alone and then reports itself valid inside a form', async () => {
    const form = await fixture<HTMLFormElement>(html`<form><tote-address-form name="ship" locale="en-US"></tote-address-form><button>Go</button></form>`);
    const el = form.querySelector('tote-address-form')!;
    byLabel(el, 'First name').focus();
    const typed: Record<string, string> = {
      'First name': 'Ada', 'Last name': 'Lovelace', 'Address line 1': '1 Market St', 'Address line 2': '', City: 'San Francisco',
      'State / Province': 'CA', 'Postal code': '94105', Email: 'ada@example.com', Phone: '+1 415 555 0100',
    };
    for (const [label, value] of Object.entries(typed)) {
      expect(root(el).activeElement, `focus on ${label}`).to.equal(byLabel(el, label));
      if (value) await sendKeys({ type: value });
      await sendKeys({ press: 'Tab' });
    }
    await el.updateComplete;
    expect(el.value).to.include({ first_name: 'Ada', postal_code: '94105', country: 'US', city: 'San Francisco' });
    expect(el.checkValidity()).to.equal(true);
    expect(form.checkValidity()).to.equal(true);
    expect(new FormData(form).get('ship.postal_code')).to.equal('94105');
  });

  it('shows an error after the shopper leaves a field they changed, never for one merely tabbed past', async () => {
    const el = await fixture<ToteAddressForm>(html`<tote-address-form></tote-address-form>`);
    byLabel(el, 'First name').focus();
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    await el.updateComplete;
    expect(byLabel(el, 'First name').getAttribute('aria-invalid'), 'tabbed past').to.equal('false');
    expect(errorOf(el, byLabel(el, 'Last name')).textContent).to.equal('');
    const email = byLabel(el, 'Email');
    email.focus();
    await sendKeys({ type: 'ada@' });
    await sendKeys({ press: 'Tab' });
    await el.updateComplete;
    expect(email.getAttribute('aria-invalid')).to.equal('true');
    expect(errorOf(el, email).textContent).to.contain('email address');
    // Announced once through the form's polite status, named by its field.
    expect(root(el).querySelector('[role="status"]')!.textContent).to.match(/^Email: Enter an email address/);
    expect(byLabel(el, 'City').getAttribute('aria-invalid'), 'untouched fields stay quiet').to.equal('false');
  });

  it("shows the BFF's refusals on their fields until the shopper changes that field", async () => {
    const el = await fixture<ToteAddressForm>(html`<tote-address-form .value=${shopperAddress} .errors=${{ 'shipping.phone': 'invalid_phone' }}></tote-address-form>`);
    const phone = byLabel(el, 'Phone');
    expect(phone.getAttribute('aria-invalid')).to.equal('true');
    expect(errorOf(el, phone).textContent).to.equal('Enter a valid phone number.');
    expect(el.checkValidity()).to.equal(false);
    phone.focus();
    await sendKeys({ type: '1' });
    await el.updateComplete;
    expect(errorOf(el, phone).textContent).to.equal('');
    expect(el.checkValidity()).to.equal(true);
  });

  it("keeps a refusal that came while the shopper was still in the field once they leave it unchanged", async () => {
    // The quote goes out 250 ms after the last keystroke: a shopper who pauses in the phone field gets its refusal
    // before leaving it, and leaving it (`change`) is no new answer to that refusal.
    const el = await fixture<ToteAddressForm>(html`<tote-address-form .value=${{ ...shopperAddress, phone: '' }}></tote-address-form>`);
    const phone = byLabel(el, 'Phone');
    phone.focus();
    await sendKeys({ type: '12' });
    el.errors = { 'shipping.phone': 'invalid_phone' };
    await el.updateComplete;
    expect(errorOf(el, phone).textContent).to.equal('Enter a valid phone number.');
    await sendKeys({ press: 'Tab' });
    await el.updateComplete;
    expect(phone.getAttribute('aria-invalid')).to.equal('true');
    expect(errorOf(el, phone).textContent).to.equal('Enter a valid phone number.');
  });

  it('takes a pick from the region list as the answer to its refusal', async () => {
    const el = await fixture<ToteAddressForm>(html`<tote-address-form .api=${api} .value=${shopperAddress} locale="en-US"></tote-address-form>`);
    await waitUntil(() => labels(el).includes('State'), 'the US form');
    el.errors = { 'shipping.state': 'unknown_region' };
    await el.updateComplete;
    const state = byLabel(el, 'State') as unknown as HTMLSelectElement;
    expect(state.getAttribute('aria-invalid')).to.equal('true');
    state.value = 'NY';
    state.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(state.getAttribute('aria-invalid')).to.equal('false');
  });

  it('reportValidity shows every error, announces the count and focuses the first invalid field', async () => {
    const el = await fixture<ToteAddressForm>(html`<tote-address-form></tote-address-form>`);
    expect(el.reportValidity()).to.equal(false);
    await waitUntil(() => root(el).activeElement === byLabel(el, 'First name'));
    expect(root(el).querySelector('[role="status"]')!.textContent).to.match(/\d+ fields need your attention/);
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

  // Last: a country's form, once loaded, stays known to the page.
  it("takes the chosen country's fields, order, labels, regions and postal rule from the BFF, one country at a time", async () => {
    const el = await fixture<ToteAddressForm>(html`<tote-address-form .api=${api} .value=${shopperAddress} locale="en-US"></tote-address-form>`);
    await waitUntil(() => labels(el).includes('ZIP code'), 'the US form');
    expect(labels(el).slice(3, 8)).to.deep.equal(['Address line 1', 'Address line 2', 'City', 'State', 'ZIP code']);
    expect([...(byLabel(el, 'State') as unknown as HTMLSelectElement).options].map((o) => o.value)).to.deep.equal(['', 'CA', 'NY']);
    const country = byLabel(el, 'Country') as unknown as HTMLSelectElement;
    expect([...country.options].map((o) => o.value), 'the countries the BFF lists, by name').to.deep.equal(['CA', 'JP', 'US']);
    country.value = 'JP';
    country.dispatchEvent(new Event('change'));
    await waitUntil(() => labels(el).includes('Prefecture'), 'the Japanese form');
    expect(asked).to.deep.equal(['US', 'JP']);
    expect(labels(el).slice(3, 8)).to.deep.equal(['Postal code', 'Prefecture', 'City', 'Address line 1', 'Address line 2']);
    expect(el.value.state, "California means nothing in Japan").to.equal('');
    const prefecture = byLabel(el, 'Prefecture') as unknown as HTMLSelectElement;
    expect([...prefecture.options].map((o) => o.textContent!.trim())).to.deep.equal(['', 'Tokyo', 'Osaka']);
    const postal = byLabel(el, 'Postal code');
    postal.focus();
    postal.select();
    await sendKeys({ type: '9410' });
    await sendKeys({ press: 'Tab' });
    await el.updateComplete;
    expect(errorOf(el, postal).textContent).to.equal('Enter a postal code like 154-0023.');
    await expect(el).to.be.accessible();
  });
});
