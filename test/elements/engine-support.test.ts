// What Tote uses from the platform, checked in each engine the suite runs in
// (npm test runs it in Chromium, Firefox and WebKit): the README's browser
// table is written from these results. Where an engine in the supported range
// may lack a feature, the element tests cover the degradation (Trusted Types:
// offer-card-trusted-types.test.ts).
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/checkout/view/address-form/address-form.js';
import '../../src/elements/offer-card/offer-card.js';
import type { ToteOfferCard } from '../../src/elements/offer-card/offer-card.js';
import { tee } from '../../stories/fixtures/offers.js';

describe('engine support for what Tote uses', () => {
  it('form-associated custom elements: a Tote field takes part in its form', async () => {
    expect('attachInternals' in HTMLElement.prototype, 'attachInternals').to.be.true;
    const form = await fixture<HTMLFormElement>(html`<form><tote-address-form name="shipping"></tote-address-form></form>`);
    expect([...form.elements].map((e) => e.localName)).to.include('tote-address-form');
  });

  it('constructable, adopted stylesheets carry the element styles', async () => {
    const card = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${tee}></tote-offer-card>`);
    expect(card.shadowRoot!.adoptedStyleSheets.length, 'adopted sheets').to.be.greaterThan(0);
    expect(card.shadowRoot!.querySelector('style'), 'no <style> fallback needed').to.equal(null);
  });

  it('Trusted Types', () => {
    expect(typeof (window as unknown as { trustedTypes?: unknown }).trustedTypes).to.equal('object');
  });

  it(':has(), container queries and dynamic viewport units', () => {
    expect(CSS.supports('selector(:has(a))'), ':has()').to.be.true;
    expect(CSS.supports('container-type: inline-size'), 'container queries').to.be.true;
    expect(CSS.supports('height: 100dvh'), 'dvh').to.be.true;
  });

  it('<dialog> opens modally (:modal) and closes', async () => {
    const dialog = await fixture<HTMLDialogElement>(html`<dialog><button>x</button></dialog>`);
    dialog.showModal();
    expect(dialog.open).to.be.true;
    expect(dialog.matches(':modal')).to.be.true;
    dialog.close();
    expect(dialog.open).to.be.false;
  });
});
