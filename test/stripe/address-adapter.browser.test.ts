// The Stripe address adapter in every engine against the stand-in Stripe.js (test/stripe/stand-in/stripe.js),
// which follows Stripe's documented Address Element: `mode` required, its fields in an iframe in the light
// DOM, `change` events whose value the adapter maps into Tote's address. The address form shows the
// element in its `address` slot, keeps the email its own, and shows the BFF's refusals below it.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/checkout/view/address-form/address-form.js';
import type { ToteAddressForm } from '../../src/checkout/view/address-form/address-form.js';
import { addressFromStripe, createStripeAddressAdapter } from '../../src/stripe/index.js';

interface StandIn {
  calls: { name: string; detail: any }[];
}
const standIn = () => (window as unknown as { __stripeStandIn: StandIn; Stripe: (pk: string) => any });

before(async () => {
  await new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = new URL('./stand-in/stripe.js', import.meta.url).href;
    script.onload = () => resolve();
    script.onerror = reject;
    document.head.append(script);
  });
});

/** The form inside a light-DOM host, with the light-DOM container slotted through, as the checkout does. */
async function mounted(errors: Record<string, string> = {}) {
  const container = document.createElement('div');
  container.slot = 'address';
  const el = await fixture<ToteAddressForm>(html`<tote-address-form .errors=${errors} .value=${{ country: 'CA', first_name: 'Ada' } as never}></tote-address-form>`);
  el.append(container);
  el.container = container;
  el.adapter = createStripeAddressAdapter({ publishableKey: 'pk_test_tote' });
  // Loaded, not only parsed: the element listens to its fields from its frame's `load` (as Stripe's emits `ready`), and
  // typing before then was lost on a busy machine (0 changes seen once in Chromium in CI).
  const loaded = () => container.querySelector('iframe')?.contentDocument;
  await waitUntil(() => loaded()?.readyState === 'complete' && loaded()!.querySelector('[name="line1"]'), 'the Address Element mounted');
  return { el, container, doc: container.querySelector('iframe')!.contentDocument! };
}

function type(doc: Document, name: string, value: string) {
  const input = doc.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('Stripe address adapter', () => {
  it("maps the Address Element's value into Tote's fields", () => {
    const value = {
      name: 'Ada King Lovelace',
      address: { line1: '24 Sussex Dr', line2: null, city: 'Ottawa', state: 'ON', postal_code: 'K1A 0A3', country: 'CA' },
      phone: '+16135550199',
    };
    expect(addressFromStripe(value)).to.deep.equal({
      first_name: 'Ada', last_name: 'King Lovelace', address_1: '24 Sussex Dr', address_2: '', city: 'Ottawa', state: 'ON',
      postal_code: 'K1A 0A3', country: 'CA', phone: '+16135550199',
    });
    expect(addressFromStripe({ ...value, firstName: 'Ada', lastName: 'Lovelace' })).to.include({ first_name: 'Ada', last_name: 'Lovelace' });
  });

  it('the stand-in refuses an Address Element without a mode, as Stripe does', () => {
    const elements = standIn().Stripe('pk_test_tote').elements();
    expect(() => elements.create('address', {})).to.throw(/mode/);
    elements.create('address', { mode: 'shipping' });
    expect(() => elements.create('address', { mode: 'shipping' })).to.throw(/one Address Element/);
  });

  it("mounts in shipping mode in the light DOM, starts from the form's address, and fills it from each change", async () => {
    const { el, doc } = await mounted();
    const create = standIn().__stripeStandIn.calls.filter((c) => c.name === 'mount').at(-1);
    expect(create?.detail.type).to.equal('address');
    expect(doc.querySelector<HTMLInputElement>('[name="firstName"]')!.value, 'defaultValues from the form').to.equal('Ada');
    expect(doc.querySelector<HTMLSelectElement>('[name="country"]')!.value).to.equal('CA');
    // Tote's own fields give way to the element's; the email stays Tote's.
    expect([...el.shadowRoot!.querySelectorAll('label')].map((l) => l.textContent!.trim())).to.include.members(['Email']);
    expect(el.shadowRoot!.querySelector('#shipping-address_1')).to.equal(null);
    expect(el.shadowRoot!.querySelector('slot[name="address"]')).to.not.equal(null);
    let changes = 0;
    el.addEventListener('change', () => changes++);
    type(doc, 'lastName', 'Lovelace');
    type(doc, 'line1', '24 Sussex Dr');
    type(doc, 'city', 'Ottawa');
    type(doc, 'state', 'ON');
    type(doc, 'postal_code', 'K1A 0A3');
    type(doc, 'phone', '613 555 0199');
    await el.updateComplete;
    expect(changes).to.equal(6);
    expect(el.value).to.include({ first_name: 'Ada', last_name: 'Lovelace', address_1: '24 Sussex Dr', city: 'Ottawa', state: 'ON', postal_code: 'K1A 0A3', country: 'CA', phone: '613 555 0199' });
    await expect(el).to.be.accessible();
  });

  it("shows the BFF's refusal of a field the element holds below it", async () => {
    const { el } = await mounted({ 'shipping.phone': 'invalid_phone' });
    expect(el.shadowRoot!.querySelector('p.error.wide')!.textContent).to.contain('Enter a valid phone number.');
  });
});
