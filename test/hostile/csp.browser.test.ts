/**
 * The elements' key renders inside a fresh iframe whose CSP is the strict
 * policy with Trusted Types enforced (`test/hostile/csp/frame.html`), fed the
 * BFF's answers to hostile offers. Helper "ship" checks the built script-tag
 * bundle under the same policy; this checks the element sources themselves.
 */
import { expect } from '@open-wc/testing';
import type { WidgetOffer } from '../../src/contract/api.js';
import { orderFor, threeMerchantLines } from '../../stories/fixtures/checkout.js';
import { BAD_URLS, SCRIPTY } from './hostile-data.js';

interface Frame extends Window {
  toteReady?: boolean;
  cspViolations: string[];
  __tote_pwned?: number;
  CartStore: typeof import('../../src/state/cart-store.js').CartStore;
  lineForSku: typeof import('../../src/state/offer.js').lineForSku;
}

let frame: HTMLIFrameElement;
let win: Frame;
let offers: WidgetOffer[];

const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

async function mount(tag: string, props: Record<string, unknown>, attrs: Record<string, string> = {}) {
  const el = win.document.createElement(tag) as HTMLElement & { updateComplete?: Promise<unknown> };
  Object.assign(el, props);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  win.document.body.append(el);
  await el.updateComplete;
  await settle();
  return el;
}

before(async function () {
  this.timeout(60_000);
  offers = await (await fetch(new URL('./fixtures/bff-hostile-offers.json', import.meta.url))).json();
  frame = document.createElement('iframe');
  frame.src = new URL('./csp/frame.html', import.meta.url).href;
  document.body.append(frame);
  const started = Date.now();
  while (!(frame.contentWindow as Frame | null)?.toteReady) {
    if (Date.now() - started > 50_000) throw new Error('the CSP frame never loaded its elements');
    await settle(50);
  }
  win = frame.contentWindow as Frame;
});

/**
 * Every violation counts: no merchant markup is parsed in the browser any more (the BFF sends descriptions as
 * structure), so not even a refused inline handler inside merchant HTML is reported.
 */
const ownViolations = () => [...win.cspViolations];

after(() => frame.remove());
beforeEach(() => {
  // Each case answers for its own renders.
  if (win) win.cspViolations.length = 0;
});

describe('key renders under a strict CSP with Trusted Types enforced', () => {
  it('the offer grid of every hostile offer renders, structured descriptions included, with no violation', async () => {
    const grid = await mount('tote-offer-grid', { offers });
    await settle(400);
    const cards = grid.shadowRoot!.querySelectorAll('tote-offer-card');
    expect(cards.length).to.equal(offers.length);
    const described = [...cards].filter((c) => c.shadowRoot!.querySelector('[part~="description"]'));
    expect(described.length, 'descriptions rendered from the BFF\'s structure').to.be.greaterThan(3);
    expect(ownViolations()).to.deep.equal([]);
    expect(win.__tote_pwned).to.equal(undefined);
    grid.remove();
  });

  it('a card with HTML description and the variant picker dialog render with no violation', async () => {
    const offer = offers.find((o) => o.skus.length > 1)!;
    const card = await mount('tote-offer-card', { offer });
    (card.shadowRoot!.querySelector('[part~="add-button"]') as HTMLButtonElement).click();
    await settle(300);
    const picker = card.shadowRoot!.querySelector('tote-variant-picker');
    expect(picker?.shadowRoot?.textContent).to.contain(SCRIPTY[1]);
    expect(ownViolations()).to.deep.equal([]);
    card.remove();
  });

  it('the cart and the order status render hostile lines and a javascript: tracking URL with no violation', async () => {
    const store = new win.CartStore({ storageKey: 'csp-test', storage: null, eventTarget: null });
    for (const offer of offers.filter((o) => o.currency === 'USD').slice(0, 6)) store.add(win.lineForSku(offer, offer.skus[0]!, 1));
    const cart = await mount('tote-cart', { store });
    expect(cart.shadowRoot!.textContent).to.contain(SCRIPTY[0]);
    const order = orderFor(threeMerchantLines) as any;
    order.bags[0].fulfillments = [{ tracking_number: SCRIPTY[0], tracking_url: BAD_URLS[0] }];
    const status = await mount('tote-order-status', { order }, { 'no-live': '' });
    expect(status.shadowRoot!.querySelector('a[href^="javascript"]')).to.equal(null);
    expect(ownViolations()).to.deep.equal([]);
    expect(win.__tote_pwned).to.equal(undefined);
  });

  it('the checkout and the operator elements render their first step with no violation', async () => {
    await mount('tote-checkout', { store: new win.CartStore({ storageKey: 'csp-co', storage: null, eventTarget: null }) });
    await mount('tote-merchant-health', {});
    await mount('tote-merchant-onboarding', {});
    expect(ownViolations()).to.deep.equal([]);
  });

  it('the frame really enforces Trusted Types (a raw innerHTML write throws)', () => {
    // Chromium and WebKit name the missing TrustedHTML; Firefox reports a sink type mismatch.
    expect(() => {
      win.document.body.innerHTML = '<b>x</b>';
    }).to.throw(/TrustedHTML|Sink type mismatch/);
    win.cspViolations.length = 0;
  });
});
