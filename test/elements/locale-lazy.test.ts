// A provider with locale="de-DE" loads the German strings itself, area by
// area, when its elements need them: the page imports no locale module. Each
// element waits for its area's strings, so no English shows first.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/provider/provider.js';
import '../../src/elements/offer-grid/offer-grid.js';
import '../../src/elements/cart/cart.js';
import { msg } from '../../src/elements/internal/localize.js';
import type { ToteProvider } from '../../src/elements/provider/provider.js';
import { fakeBff } from '../../stories/fixtures/fake-bff.js';
import { catalogue } from '../../stories/fixtures/offers.js';

const loadedScripts = () => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);

describe('German strings loaded by the provider', () => {
  it('are not there before a German provider appears', () => {
    expect(msg('de-DE', 'addToCart')).to.equal('Add to cart');
    expect(loadedScripts().some((p) => p.includes('/locales/de/'))).to.equal(false);
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
    const german = loadedScripts().filter((p) => p.includes('/locales/de/'));
    const fetched = (area: string) => german.some((p) => new RegExp(`/locales/de/${area}\\.[jt]s$`).test(p));
    expect(fetched('catalog'), german.join()).to.equal(true);
    expect(fetched('cart'), german.join()).to.equal(true);
    expect(fetched('checkout') || fetched('operator'), german.join()).to.equal(false);
  });
});
