// A shop's own language from JSON (tote-checkout/locales/json): registered up front, or loaded area by area
// like the shipped languages, it shows in the elements; keys it lacks fall back to English.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/provider/provider.js';
import '../../src/elements/cart/cart.js';
import '../../src/elements/offer-grid/offer-grid.js';
import { addJsonMessages, messagesFromJson, registerLocale } from '../../src/locales/json.js';
import type { ToteProvider } from '../../src/elements/provider/provider.js';
import { fakeBff } from '../../stories/fixtures/fake-bff.js';
import { catalogue } from '../../stories/fixtures/offers.js';

describe('a language from JSON', () => {
  it('registered up front: the cart speaks it, plurals follow its rules, missing keys are English', async () => {
    localStorage.clear();
    addJsonMessages('sv', {
      language: 'sv',
      source: 'en',
      messages: {
        cartTitle: { area: 'cart', source: 'Your cart', translation: 'Din varukorg' },
        cartEmpty: { area: 'cart', source: 'Your cart is empty.', translation: 'Din varukorg är tom.' },
        openCart: { area: 'cart', source: {}, translation: { one: 'Öppna varukorgen, {count} vara', other: 'Öppna varukorgen, {count} varor' } },
      },
    });
    const provider = await fixture<ToteProvider>(html`<tote-provider endpoint="/api" locale="sv-SE" .fetch=${fakeBff({ offers: catalogue }).fetch}>
      <tote-cart></tote-cart>
    </tote-provider>`);
    const cart = provider.querySelector('tote-cart')!;
    await waitUntil(() => cart.shadowRoot?.textContent?.includes('Din varukorg är tom.'), 'Swedish cart', { timeout: 5000 });
    expect(cart.shadowRoot!.textContent).to.contain('Din varukorg');
    // A key the file lacks: English, never a key name.
    expect(cart.shadowRoot!.textContent).to.contain('Add something you like');
  });

  it('loaded lazily by area: the grid waits for its strings, then shows them', async () => {
    let asked = 0;
    registerLocale('fi', {
      catalog: async () => {
        asked++;
        return messagesFromJson({ loading: 'Ladataan tuotteita…', chooseOptions: 'Valitse vaihtoehdot', addToCart: 'Lisää ostoskoriin' });
      },
    });
    const provider = await fixture<ToteProvider>(html`<tote-provider endpoint="/api" locale="fi" .fetch=${fakeBff({ offers: catalogue }).fetch}>
      <tote-offer-grid></tote-offer-grid>
    </tote-provider>`);
    const grid = provider.querySelector('tote-offer-grid')!;
    await waitUntil(() => grid.shadowRoot!.querySelectorAll('tote-offer-card').length > 0, 'cards', { timeout: 5000 });
    const card = grid.shadowRoot!.querySelector('tote-offer-card')!;
    await waitUntil(() => /Valitse vaihtoehdot|Lisää ostoskoriin/.test(card.shadowRoot!.textContent!), 'Finnish card', { timeout: 5000 });
    expect(asked).to.equal(1);
  });
});
