import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../src/elements/offer-card/offer-card.js';
import type { ToteOfferCard } from '../../src/elements/offer-card/offer-card.js';
import type { ToteVariantPicker } from '../../src/elements/variant-picker/variant-picker.js';
import { CartStore } from '../../src/state/cart-store.js';
import { hostile, longNames, mug, noImage, offer, sencha, soldOutLamp, tee } from '../../stories/fixtures/offers.js';

const part = (el: ToteOfferCard, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
const withCart = (el: ToteOfferCard) => {
  const cart = new CartStore({ storageKey: `test:card:${Math.random()}`, storage: null, eventTarget: null });
  el.store = cart;
  return cart;
};

describe('tote-offer-card', () => {
  it('is accessible in every state', async () => {
    for (const o of [mug, tee, sencha, soldOutLamp, noImage, longNames, hostile]) {
      const el = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${o}></tote-offer-card>`);
      await new Promise((r) => setTimeout(r, 50));
      await expect(el).to.be.accessible();
    }
  });

  it('shows image with size and alt, name, merchant, price range, availability and tags', async () => {
    const el = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${tee}></tote-offer-card>`);
    const img = part(el, 'image') as HTMLImageElement;
    expect(img.getAttribute('loading')).to.equal('lazy');
    expect(img.getAttribute('width')).to.equal('600');
    expect(img.getAttribute('height')).to.equal('600');
    expect(img.alt).to.equal('Red organic cotton tee on a pale background');
    expect(part(el, 'title')!.textContent).to.equal('Organic cotton tee');
    expect(part(el, 'merchant')!.textContent).to.equal('Northwind Outfitters');
    expect(part(el, 'price')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('$19.00 – $26.00');
    expect(part(el, 'availability')!.textContent!.trim()).to.equal('In stock');
    expect([...part(el, 'tags')!.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(['Organic', 'Unisex']);
    expect(part(el, 'add-button')!.textContent!.trim()).to.equal('Choose options');
  });

  it('draws the sale and stock badges over the image without a node of their own (the price and availability say it)', async () => {
    const sale = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${mug}></tote-offer-card>`);
    const media = part(sale, 'media')!;
    expect(media.dataset.badge).to.equal('Sale');
    expect(media.classList.contains('sale')).to.equal(true);
    // Firefox gives the declared value (attr(…)), the others the text it resolves to.
    expect(getComputedStyle(media, '::after').content).to.match(/Sale|attr\(data-badge\)/);
    expect(media.querySelectorAll(':not(img)').length).to.equal(0);
    expect(part(sale, 'price')!.textContent).to.equal('$18.00Regular price $22.00');
    const out = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${soldOutLamp}></tote-offer-card>`);
    expect(part(out, 'media')!.dataset.badge).to.equal('Out of stock');
    const plain = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${tee}></tote-offer-card>`);
    expect(part(plain, 'media')!.hasAttribute('data-badge')).to.equal(false);
  });

  it('is at most 40 DOM nodes with a structured description and three tags (a long grid pays for each)', async () => {
    const rich = offer({
      ...tee,
      tags: ['Organic', 'Unisex', 'New'],
      description: 'Soft organic cotton.\nFit: regular\nCare: guide',
      rich_description: [
        { t: 'p', c: ['Soft ', { t: 'strong', c: ['organic'] }, ' cotton.'] },
        { t: 'ul', c: [{ t: 'li', c: ['Fit: regular'] }, { t: 'li', c: ['Care: ', { t: 'a', href: 'https://shop.example/care', c: ['guide'] }] }] },
      ],
    });
    const el = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${rich}></tote-offer-card>`);
    // Elements, text and comments (lit's markers), the host and its shadow tree, as bench/render.ts counts them; not
    // the whitespace between tags, which the build strips (scripts/minify-templates.mjs) and these tests, run from the
    // sources, still have.
    const count = (node: Node): number =>
      node.nodeType === Node.TEXT_NODE && !node.textContent!.trim()
        ? 0
        : 1 + [...node.childNodes, ...((node as Element).shadowRoot?.childNodes ?? [])].reduce((n, c) => n + count(c), 0);
    expect(count(el)).to.be.at.most(40);
    expect(part(el, 'tags')!.querySelectorAll('li').length).to.equal(3);
    expect(part(el, 'description')!.textContent).to.equal(rich.description);
  });

  it('formats the price in the offer currency and the locale', async () => {
    const el = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${sencha} locale="ja-JP"></tote-offer-card>`);
    expect(part(el, 'price')!.textContent!.trim()).to.equal('￥2,160');
  });

  it('adds a single-SKU offer straight to the cart, after a cancelable event', async () => {
    const el = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${mug}></tote-offer-card>`);
    const cart = withCart(el);
    const event = oneEvent(el, 'tote-cart-add');
    part(el, 'add-button')!.click();
    expect((await event).detail.line).to.include({ sku_id: 201, unit_price: 1800, currency: 'USD', quantity: 1 });
    expect(cart.line(201)?.merchant_name).to.equal('Northwind Outfitters');

    el.addEventListener('tote-cart-add', (e) => e.preventDefault(), { once: true });
    part(el, 'add-button')!.click();
    expect(cart.line(201)?.quantity).to.equal(1, 'the host took over the second add');
  });

  it('an out-of-stock offer cannot be added', async () => {
    const el = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${soldOutLamp}></tote-offer-card>`);
    expect((part(el, 'add-button') as HTMLButtonElement).disabled).to.be.true;
    expect(part(el, 'availability')!.textContent!.trim()).to.equal('Out of stock');
  });

  it('an offer whose every variant is sold out shows a disabled "Out of stock", not "Choose options" into a dead picker', async () => {
    const soldOutTee = offer({ ...tee, skus: tee.skus.map((s) => ({ ...s, in_stock: false, qty_available: 0 })) });
    const el = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${soldOutTee}></tote-offer-card>`);
    const button = part(el, 'add-button') as HTMLButtonElement;
    expect(button.disabled).to.be.true;
    expect(button.textContent!.trim()).to.equal('Out of stock');
    expect(button.hasAttribute('aria-haspopup')).to.be.false;
  });

  it('without an image shows a labelled placeholder, and falls back when the image fails', async () => {
    const el = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${noImage}></tote-offer-card>`);
    expect(el.shadowRoot!.querySelector('[role="img"]')!.getAttribute('aria-label')).to.equal('No image');
    const broken = offer({ ...mug, albums: [{ media: [{ url: 'http://127.0.0.1:1/missing.png', alt_text: 'x' }] }] });
    const el2 = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${broken}></tote-offer-card>`);
    await waitUntil(() => el2.shadowRoot!.querySelector('.no-image'), 'placeholder after the image failed');
    expect(part(el2, 'image')!.getAttribute('alt'), 'the alt text stays for screen readers').to.equal('x');
  });

  it('never renders a javascript:, data: or relative image URL', async () => {
    for (const url of ['javascript:alert(1)', 'data:image/svg+xml,<svg/>', '/account/logout', '//evil.example/x.png', 'javascript&colon;alert(1)']) {
      const bad = offer({ ...mug, albums: [], default_image_url: url });
      const el = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${bad}></tote-offer-card>`);
      expect(part(el, 'image'), url).to.equal(null);
    }
  });

  it('an offer in a currency we cannot format shows no price and is not sold', async () => {
    const odd = offer({ ...mug, currency: 'ZZZ', skus: [{ ...mug.skus[0]!, currency: 'ZZZ' }] });
    const el = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${odd}></tote-offer-card>`);
    // No price beats a made-up one: the price is an empty, hidden paragraph.
    expect(part(el, 'price')!.hidden).to.equal(true);
    expect(part(el, 'price')!.textContent).to.equal('');
    expect((part(el, 'add-button') as HTMLButtonElement).disabled).to.be.true;
    expect(part(el, 'availability')!.textContent!.trim()).to.equal('Unavailable');
  });

  it('a hostile description renders nothing executable or covering', async () => {
    (window as unknown as { __toteHacked?: string }).__toteHacked = undefined;
    const el = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${hostile}></tote-offer-card>`);
    const description = await waitUntil(() => part(el, 'description'), 'the description').then(() => part(el, 'description')!);
    await new Promise((r) => setTimeout(r, 100));
    expect((window as unknown as { __toteHacked?: string }).__toteHacked).to.equal(undefined);
    expect(description.textContent).to.contain('Lovely linen shirt');
    expect(description.querySelector('script, style, form, input, button, iframe, dialog, svg, img, details')).to.equal(null);
    for (const el of description.querySelectorAll('*')) {
      expect([...el.attributes].map((a) => a.name).filter((n) => n.startsWith('on') || n === 'style' || n === 'class' || n === 'id')).to.deep.equal([]);
      expect(getComputedStyle(el).position).to.equal('static');
    }
    // The card shows the BFF's text of it (the picker, its safe structure): no element at all.
    expect(description.textContent).to.equal(hostile.description);
    expect(description.children.length).to.equal(0);
    // Nothing from the description paints outside the card.
    const card = part(el, 'base')!.getBoundingClientRect();
    for (const node of description.querySelectorAll('*')) {
      const r = node.getBoundingClientRect();
      expect(r.width <= card.width + 1 && r.left >= card.left - 1).to.be.true;
    }
  });

  it('parses no HTML: markup in a plain description (from a host page, not the BFF) is shown as text', async () => {
    const plain = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${sencha}></tote-offer-card>`);
    expect(part(plain, 'description')!.tagName).to.equal('P');
    expect(part(plain, 'description')!.textContent).to.equal(sencha.description);
    const spoofed = offer({ ...sencha, description: 'Plain <b>bold</b> & <i>more</i>' });
    const el = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${spoofed}></tote-offer-card>`);
    expect(part(el, 'description')!.textContent).to.equal('Plain <b>bold</b> & <i>more</i>');
    expect(part(el, 'description')!.querySelector('b, i')).to.equal(null);
  });

  it('opens the variant picker in a modal dialog and closes it after adding', async () => {
    const el = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${tee}></tote-offer-card>`);
    const cart = withCart(el);
    part(el, 'add-button')!.click();
    const dialog = await waitUntil(() => el.shadowRoot!.querySelector('dialog[open]')).then(() => el.shadowRoot!.querySelector('dialog')!);
    await expect(el).to.be.accessible();
    const picker = dialog.querySelector<ToteVariantPicker>('tote-variant-picker')!;
    await picker.updateComplete;
    picker.store = cart;
    picker.shadowRoot!.querySelector<HTMLButtonElement>('[part="add-button"]')!.click();
    expect(cart.line(101)?.quantity).to.equal(1);
    await waitUntil(() => !dialog.open, 'dialog closes after adding');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('article [role="status"]')!.textContent).to.equal('Added Organic cotton tee to the cart');
  });

  it('the picker dialog is styled as a dialog (its styles come with the picker), and a card given another offer closes it', async () => {
    const el = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${tee}></tote-offer-card>`);
    await el.showOptions();
    const dialog = el.shadowRoot!.querySelector('dialog')!;
    expect(dialog.open).to.equal(true);
    // The picker's chunk brought the dialog's styles: rounded, no border, a close button 44 px high.
    expect(getComputedStyle(dialog).borderTopStyle).to.equal('none');
    expect(getComputedStyle(el.shadowRoot!.querySelector<HTMLElement>('.close')!).minHeight).to.equal('44px');
    // A grid reuses its cards by position: the same card now shows another product, with nothing of the last open.
    el.offer = { ...tee, id: tee.id + 1000, name: 'Another tee' };
    await el.updateComplete;
    await el.updateComplete;
    expect(dialog.open).to.equal(false);
    expect(el.shadowRoot!.querySelector('tote-variant-picker')).to.equal(null);
    expect(el.shadowRoot!.querySelector('article [role="status"]')!.textContent).to.equal('');
  });
});

