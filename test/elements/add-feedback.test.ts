// What a shopper sees on "Add to cart" (`add-feedback` on the provider), and where the
// cart's "Check out" goes: the checkout on this page, else the provider's `checkout-url`.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/provider/provider.js';
import '../../src/elements/offer-card/offer-card.js';
import '../../src/elements/cart/cart.js';
import type { ToteProvider } from '../../src/elements/provider/provider.js';
import type { ToteCart } from '../../src/elements/cart/cart.js';
import { fakeBff } from '../../stories/fixtures/fake-bff.js';
import { mug } from '../../stories/fixtures/offers.js';

const shop = (feedback?: string) => html`<tote-provider add-feedback=${feedback ?? 'drawer'} .fetch=${fakeBff({ offers: [mug] }).fetch}>
  <tote-cart variant="mini"></tote-cart>
  <tote-offer-card .offer=${mug}></tote-offer-card>
</tote-provider>`;
const parts = (el: ToteProvider) => {
  const cart = el.querySelector<ToteCart>('tote-cart')!;
  const card = el.querySelector('tote-offer-card')!;
  return {
    cart,
    drawer: () => cart.shadowRoot!.querySelector('dialog')!,
    toast: () => cart.shadowRoot!.querySelector<HTMLElement>('[part~="toast"]'),
    add: () => card.shadowRoot!.querySelector<HTMLButtonElement>('[part="add-button"]')!.click(),
  };
};
const settle = () => new Promise((r) => setTimeout(r, 20));

describe('add to cart feedback', () => {
  beforeEach(() => localStorage.clear());

  it('opens the mini cart as a drawer naming the line, with "Check out" above the lines', async () => {
    const el = await fixture<ToteProvider>(shop());
    const { cart, drawer, add } = parts(el);
    add();
    await waitUntil(() => drawer().open, 'the drawer opened');
    await cart.updateComplete;
    const d = drawer();
    expect(d.querySelector('[part~="added"]')!.textContent).to.contain('Stoneware mug');
    const checkout = d.querySelector('[part~="checkout-button"]')!;
    const firstLine = d.querySelector('[part~="line"]')!;
    expect(checkout.compareDocumentPosition(firstLine) & Node.DOCUMENT_POSITION_FOLLOWING, '"Check out" comes first').to.be.ok;
    expect(d.querySelectorAll('[part~="checkout-button"]')).to.have.length(1);
    await expect(el.parentElement!).to.be.accessible();
  });

  it('add-feedback="toast" says so briefly without covering the page, and offers "Check out"', async () => {
    const el = await fixture<ToteProvider>(shop('toast'));
    const { cart, drawer, toast, add } = parts(el);
    add();
    await waitUntil(() => toast(), 'the toast showed');
    expect(drawer().open).to.be.false;
    expect(toast()!.getAttribute('role')).to.equal('status');
    expect(toast()!.textContent).to.contain('Stoneware mug');
    expect([...toast()!.querySelectorAll('button')].map((b) => b.textContent!.trim())).to.deep.equal(['View cart', 'Check out']);
    await expect(el.parentElement!).to.be.accessible();
  });

  it('add-feedback="none", and a host that took over the add, open nothing', async () => {
    const quiet = await fixture<ToteProvider>(shop('none'));
    parts(quiet).add();
    await settle();
    expect(parts(quiet).drawer().open).to.be.false;
    expect(parts(quiet).toast()).to.equal(null);
    expect(quiet.cart!.lines).to.have.length(1);

    localStorage.clear();
    const hosted = await fixture<ToteProvider>(shop());
    const takeOver = (e: Event) => e.preventDefault();
    document.addEventListener('tote-cart-add', takeOver, { once: true });
    parts(hosted).add();
    await settle();
    expect(hosted.cart!.lines).to.have.length(0);
    expect(parts(hosted).drawer().open).to.be.false;
  });
});

describe("the cart's Check out", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  it('goes to the provider\'s checkout-url when the page has no checkout', async () => {
    const el = await fixture<ToteProvider>(html`<tote-provider checkout-url="#checkout-page" .fetch=${fakeBff({ offers: [mug] }).fetch}>
      <tote-cart></tote-cart>
    </tote-provider>`);
    await el.addToCart({ offer_id: mug.id, sku_id: 201 });
    const cart = el.querySelector<ToteCart>('tote-cart')!;
    await cart.updateComplete;
    cart.shadowRoot!.querySelector<HTMLButtonElement>('[part~="checkout-button"]')!.click();
    await waitUntil(() => location.hash === '#checkout-page', 'went to checkout-url');
  });

  it('begins the checkout on the page instead, and a host can take the step over', async () => {
    const el = await fixture<ToteProvider>(html`<tote-provider checkout-url="#elsewhere" .fetch=${fakeBff({ offers: [mug] }).fetch}>
      <tote-cart></tote-cart>
      <tote-checkout></tote-checkout>
    </tote-provider>`);
    await el.addToCart({ offer_id: mug.id, sku_id: 201 });
    const cart = el.querySelector<ToteCart>('tote-cart')!;
    await cart.updateComplete;
    const button = () => cart.shadowRoot!.querySelector<HTMLButtonElement>('[part~="checkout-button"]')!;
    let started = 0;
    el.addEventListener('tote-checkout-start', () => started++);
    button().click();
    await waitUntil(() => started === 1, 'tote-checkout-start');
    expect(location.hash).to.equal('');

    document.addEventListener('tote-cart-checkout', (e) => e.preventDefault(), { once: true });
    button().click();
    await settle();
    expect(started, 'the host took over').to.equal(1);
  });
});
