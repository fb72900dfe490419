// What `<tote-provider>` gives reaches every element one way (provider-controller.ts): under one name on
// every element, typed, followed when it changes, and from the nearest provider only.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { ContextConsumer } from '@lit/context';
import { ReactiveElement } from 'lit';
import '../../src/elements/provider/provider.js';
import '../../src/elements/offer-card/offer-card.js';
import '../../src/elements/variant-picker/variant-picker.js';
import '../../src/elements/cart/cart.js';
import '../../src/checkout/view/estimate/estimate.js';
import { ToteProvider } from '../../src/elements/provider/provider.js';
import { cartContext, localeContext } from '../../src/state/context.js';
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

  // The provider speaks the community context protocol (provided-values.ts): a host page's own elements built with
  // @lit/context find it, and a provider that turns up later between it and its elements takes them over.
  it('answers a host page’s @lit/context consumer, and tells it of changes', async () => {
    class HostWidget extends ReactiveElement {
      readonly cart = new ContextConsumer(this, { context: cartContext, subscribe: true });
      readonly locale = new ContextConsumer(this, { context: localeContext, subscribe: true });
    }
    customElements.define('host-widget', HostWidget);
    const provider = await fixture<ToteProvider>(html`<tote-provider locale="fr"><div><host-widget></host-widget></div></tote-provider>`);
    const widget = provider.querySelector<HostWidget>('host-widget')!;
    expect(widget.cart.value).to.equal(provider.cart);
    expect(widget.locale.value).to.equal('fr');
    provider.locale = 'de';
    await provider.updateComplete;
    expect(widget.locale.value).to.equal('de');
  });

  it('a provider upgraded later inside another takes over the elements below it; the outer one no longer sends them changes', async () => {
    const outer = await fixture<ToteProvider>(html`<tote-provider locale="fr"
      ><late-provider locale="de" endpoint="/late/api"><tote-offer-card .offer=${mug}></tote-offer-card></late-provider
    ></tote-provider>`);
    const card = outer.querySelector('tote-offer-card')!;
    await card.updateComplete;
    expect(card.store).to.equal(outer.cart);
    expect(card.locale).to.equal('fr');
    customElements.define('late-provider', class extends ToteProvider {});
    const late = outer.querySelector<ToteProvider>('late-provider')!;
    await late.updateComplete;
    expect(card.store).to.equal(late.cart);
    expect(card.store).not.to.equal(outer.cart);
    expect(card.locale).to.equal('de');
    outer.locale = 'es';
    await outer.updateComplete;
    expect(card.locale).to.equal('de');
  });
});
