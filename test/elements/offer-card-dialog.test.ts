// The variant picker's dialog must have its final box from its first frame:
// WebKit once laid it out taller and moved it on the first pointer move, so a
// click aimed at "Add to cart" before any move missed it.
import { expect, fixture, html } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import '../../src/elements/offer-card/offer-card.js';
import type { ToteOfferCard } from '../../src/elements/offer-card/offer-card.js';
import { tee } from '../../stories/fixtures/offers.js';

const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
const center = (el: Element): [number, number] => {
  const r = el.getBoundingClientRect();
  return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)];
};
const box = (el: Element) => {
  const r = el.getBoundingClientRect();
  return { top: Math.round(r.top), height: Math.round(r.height) };
};

describe('tote-offer-card variant dialog layout', () => {
  afterEach(() => resetMouse());

  it('the dialog keeps its box from the first frame, and a click aimed then lands on "Add to cart"', async () => {
    const wrap = await fixture(html`<div style="display: grid; grid-template-columns: repeat(3, 1fr); gap: 16px; max-width: 960px">
      <tote-offer-card .offer=${tee}></tote-offer-card>
    </div>`);
    const card = wrap.querySelector<ToteOfferCard>('tote-offer-card')!;
    const choose = card.shadowRoot!.querySelector<HTMLButtonElement>('[part~="add-button"]')!;
    // A shopper's click: a real pointer, which then rests over the card's button.
    await sendMouse({ type: 'click', position: center(choose) });

    // The dialog is rendered when the picker opens (a card keeps no empty dialog).
    const addButton = () =>
      card.shadowRoot!.querySelector('dialog tote-variant-picker')?.shadowRoot?.querySelector<HTMLButtonElement>('[part~="add-button"]');
    for (let i = 0; i < 100 && !addButton(); i++) await frame();
    const dialog = card.shadowRoot!.querySelector('dialog')!;
    expect(dialog.open, 'dialog open').to.be.true;
    await frame();
    const first = box(dialog);
    const firstButton = box(addButton()!);
    for (let i = 0; i < 3; i++) await frame();
    expect(box(dialog), 'unchanged over the next frames').to.deep.equal(first);

    // The first pointer move over the dialog (a hover restyle) must not move anything.
    const [x, y] = center(addButton()!);
    await sendMouse({ type: 'move', position: [x - 40, y - 60] });
    await frame();
    expect(box(dialog), 'dialog after the first pointer move').to.deep.equal(first);
    expect(box(addButton()!), 'Add to cart after the first pointer move').to.deep.equal(firstButton);

    // The dialog is as tall as its content: no empty band below "Add to cart" (or the description under it).
    const body = dialog.querySelector('.dialog-body')!;
    const padding = parseFloat(getComputedStyle(body).paddingBottom);
    const description = dialog.querySelector('tote-variant-picker')!.shadowRoot!.querySelector('[part~="description"]');
    const contentBottom = Math.max(addButton()!.getBoundingClientRect().bottom, description?.getBoundingClientRect().bottom ?? 0);
    const below = body.getBoundingClientRect().bottom - padding - contentBottom;
    expect(below, 'space below the picker content').to.be.lessThan(2);

    const picked = new Promise<Event>((r) => card.addEventListener('tote-cart-add', r, { once: true }));
    await sendMouse({ type: 'click', position: [x, y] });
    await picked;
  });
});
