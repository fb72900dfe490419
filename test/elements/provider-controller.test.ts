// What `<tote-provider>` gives reaches every element one way (provider-controller.ts): under one name on
// every element, typed, followed when it changes, and from the nearest provider only.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/provider/provider.js';
import '../../src/elements/offer-card/offer-card.js';
import '../../src/elements/variant-picker/variant-picker.js';
import '../../src/elements/cart/cart.js';
import '../../src/checkout/view/estimate/estimate.js';
import type { ToteProvider } from '../../src/elements/provider/provider.js';
import { fakeBff } from '../../stories/fixtures/fake-bff.js';
import { mug } from '../../stories/fixtures/offers.js';

describe('the provider controller', () => {
  beforeEach(() => localStorage.clear());

  it('gives the cart store as `store` on the card, the picker and the cart, and the client as `api`', async () => {
    const bff = fakeBff({ offers: [mug] });
    const provider = await fixture<ToteProvider>(html`<tote-provider .fetch=${bff.fetch}>
      <tote-offer-card .offer=${mug}></tote-offer-card>
      <tote-variant-picker .offer=${mug}></tote-variant-picker>
      <tote-cart></tote-cart>
      <tote-estimate></tote-estimate>
    </tote-provider>`);
    const card = provider.querySelector('tote-offer-card')!;
    const picker = provider.querySelector('tote-variant-picker')!;
    const cart = provider.querySelector('tote-cart')!;
    const estimate = provider.querySelector('tote-estimate')!;
    expect(provider.cart).to.be.ok;
    for (const el of [card, picker, cart]) expect(el.store).to.equal(provider.cart);
    expect(estimate.api).to.equal(provider.api);
    // The card adds to the store it was given: the cart beside it shows the line.
    card.shadowRoot!.querySelector<HTMLButtonElement>('[part~="add-button"]')!.click();
    expect(provider.cart!.line(mug.skus[0]!.id)?.quantity).to.equal(1);
    await waitUntil(() => cart.shadowRoot!.querySelector(`[data-sku="${mug.skus[0]!.id}"]`), 'the cart shows the line');
  });

  it('follows a value that changes, and re-renders with it', async () => {
    const bff = fakeBff({ offers: [] });
    const provider = await fixture<ToteProvider>(html`<tote-provider .fetch=${bff.fetch}><tote-estimate></tote-estimate></tote-provider>`);
    const estimate = provider.querySelector('tote-estimate')!;
    expect(estimate.currency).to.equal(undefined);
    provider.currency = 'EUR';
    await waitUntil(() => estimate.currency === 'EUR', 'the estimate takes the new currency');
    provider.locale = 'de-DE';
    await waitUntil(() => estimate.locale === 'de-DE', 'and the new locale');
    await estimate.updateComplete;
    expect(estimate.shadowRoot!.querySelector('h3')!.textContent).to.equal('Bestellübersicht');
  });

  it('an element moved to another provider takes that one’s values and no longer hears the first', async () => {
    const page = await fixture(html`<div>
      <tote-provider id="a" locale="fr"><tote-offer-card .offer=${mug}></tote-offer-card></tote-provider>
      <tote-provider id="b" locale="de"></tote-provider>
    </div>`);
    const [a, b] = [...page.querySelectorAll('tote-provider')] as ToteProvider[];
    const card = a!.querySelector('tote-offer-card')!;
    expect(card.store).to.equal(a!.cart);
    b!.append(card);
    await card.updateComplete;
    expect(card.store).to.equal(b!.cart);
    expect(card.locale).to.equal('de');
    a!.locale = 'es';
    await a!.updateComplete;
    expect(card.locale).to.equal('de');
  });
});
