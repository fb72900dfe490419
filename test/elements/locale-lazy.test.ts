// A provider with locale="de-DE" loads the German strings itself, area by
// area, when its elements need them: the page imports no locale module. Each
// element waits for its area's strings, so no English shows first.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/provider/provider.js';
import '../../src/elements/offer-grid/offer-grid.js';
import '../../src/elements/cart/cart.js';
import { msg } from '../../src/i18n/localize.js';
import type { ToteProvider } from '../../src/elements/provider/provider.js';
import { fakeBff } from '../../stories/fixtures/fake-bff.js';
import { catalogue, tee } from '../../stories/fixtures/offers.js';
import '../../src/elements/offer-card/offer-card.js';
import type { ToteOfferCard } from '../../src/elements/offer-card/offer-card.js';

const loadedScripts = () => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);

describe('German strings loaded by the provider', () => {
  it('are not there before a German provider appears', () => {
    expect(msg('de-DE', 'addToCart')).to.equal('Add to cart');
    expect(loadedScripts().some((p) => p.includes('/i18n/de/'))).to.equal(false);
  });

  it('a provider with locale="de-DE" shows the catalogue and the cart in German, never English first', async () => {
    localStorage.clear();
    const bff = fakeBff({ offers: catalogue });
    const seen: string[] = [];
    const provider = await fixture<ToteProvider>(html`<tote-provider endpoint="/api" locale="de-DE" .fetch=${bff.fetch}>
      <tote-cart variant="mini"></tote-cart>
      <tote-offer-grid manual></tote-offer-grid>
    </tote-provider>`);
    const grid = provider.querySelector('tote-offer-grid')!;
    const cart = provider.querySelector('tote-cart')!;
    // Record every text the grid shows while it loads: English must never be one of them.
    seen.push(grid.shadowRoot?.textContent ?? '');
    const watch = new MutationObserver(() => seen.push(grid.shadowRoot?.textContent ?? ''));
    watch.observe(grid.shadowRoot ?? grid, { subtree: true, childList: true, characterData: true });
    await waitUntil(() => grid.shadowRoot!.querySelectorAll('tote-offer-card').length === catalogue.length, 'cards', { timeout: 5000 });
    const card = grid.shadowRoot!.querySelector('tote-offer-card')!;
    await waitUntil(() => /Optionen wählen|In den Warenkorb|Ausverkauft/.test(card.shadowRoot!.textContent!), 'German card', { timeout: 5000 });
    await waitUntil(() => cart.shadowRoot!.textContent!.includes('Warenkorb'), 'German cart', { timeout: 5000 });
    expect(cart.shadowRoot!.textContent).not.to.contain('cart');
    watch.disconnect();
    expect(seen.join(' ')).not.to.match(/Loading products|Choose options|Add to cart/);
    // Only the areas on the page: the catalogue and the cart, not the checkout's or the operator's strings.
    const german = loadedScripts().filter((p) => p.includes('/i18n/de/'));
    const fetched = (area: string) => german.some((p) => new RegExp(`/i18n/de/${area}\\.[jt]s$`).test(p));
    expect(fetched('catalog'), german.join()).to.equal(true);
    expect(fetched('cart'), german.join()).to.equal(true);
    expect(fetched('checkout') || fetched('operator'), german.join()).to.equal(false);
  });

  it('the picker\'s own German strings come with the first "Choose options", never English first', async () => {
    const pickerStrings = () => loadedScripts().filter((p) => /\/i18n\/de\/picker\.[jt]s$/.test(p));
    const before = pickerStrings().length;
    const provider = await fixture<ToteProvider>(html`<tote-provider endpoint="/api" locale="de" .fetch=${fakeBff({ offers: [tee] }).fetch}>
      <tote-offer-card .offer=${tee}></tote-offer-card>
    </tote-provider>`);
    const card = provider.querySelector<ToteOfferCard>('tote-offer-card')!;
    await waitUntil(() => card.shadowRoot!.textContent!.includes('Optionen wählen'), 'German card', { timeout: 5000 });
    expect(pickerStrings().length, 'not before the picker is asked for').to.equal(before);
    await card.showOptions();
    const picker = card.shadowRoot!.querySelector('tote-variant-picker')!;
    await waitUntil(() => picker.shadowRoot?.querySelector('[part~="quantity"]'), 'picker rendered', { timeout: 5000 });
    const text = picker.shadowRoot!.innerHTML;
    expect(text).to.contain('Menge erhöhen');
    expect(text).not.to.contain('Increase quantity');
  });
});
