/**
 * Merchant descriptions as the BFF serves them (`rich_description`, the safe structure of
 * contract/shopper-description.ts, beside `description`, its text): the picker renders the structure
 * with templates (elements/internal/description.ts): paragraphs, lists, emphasis and links opening in
 * a new tab with `rel="noopener noreferrer"`; the card shows the text, three lines of it, as one text
 * node (a long grid pays no element or marker for the structure); what the BFF made of hostile markup
 * runs nothing; a structure forged by a host page still links only to http(s).
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/offer-card/offer-card.js';
import '../../src/elements/variant-picker/variant-picker.js';
import type { ToteOfferCard } from '../../src/elements/offer-card/offer-card.js';
import type { ToteVariantPicker } from '../../src/elements/variant-picker/variant-picker.js';
import type { WidgetOffer } from '../../src/contract/api.js';
import { hostile, mug, offer, tee } from '../../stories/fixtures/offers.js';

/** What the BFF serves for `<p>Soft <strong>organic</strong> cotton, <em>pre-washed</em>.<br>Made in Portugal.</p><ul><li>Fit: regular<ul><li>true to size</li></ul></li><li>Care: <a href="https://shop.example/care">guide</a></li></ul><ol><li>one</li></ol>`. */
const structured: WidgetOffer['rich_description'] = [
  { t: 'p', c: ['Soft ', { t: 'strong', c: ['organic'] }, ' cotton, ', { t: 'em', c: ['pre-washed'] }, '.', { t: 'br' }, 'Made in Portugal.'] },
  {
    t: 'ul',
    c: [
      { t: 'li', c: [{ t: 'p', c: ['Fit: regular'] }, { t: 'ul', c: [{ t: 'li', c: ['true to size'] }] }] },
      { t: 'li', c: ['Care: ', { t: 'a', href: 'https://shop.example/care', c: ['guide'] }] },
    ],
  },
  { t: 'ol', c: [{ t: 'li', c: ['one'] }] },
];
/** The BFF's text of the same markup (`descriptionText` in bff/description.ts): paragraphs and items on lines of their own. */
const text = 'Soft organic cotton, pre-washed.\nMade in Portugal.\nFit: regular\ntrue to size\nCare: guide\none';
const described = offer({ ...mug, id: 7001, description: text, rich_description: structured });

const pwned = () => (window as unknown as { __toteHacked?: string; __tote_pwned?: number }).__toteHacked ?? (window as unknown as { __tote_pwned?: number }).__tote_pwned;

/** The description part of a card or picker. */
const description = (el: HTMLElement) => el.shadowRoot!.querySelector<HTMLElement>('[part~="description"]')!;

async function card(o: WidgetOffer) {
  const el = await fixture<ToteOfferCard>(html`<tote-offer-card .offer=${o}></tote-offer-card>`);
  await el.updateComplete;
  return el;
}
async function picker(o: WidgetOffer) {
  const el = await fixture<ToteVariantPicker>(html`<tote-variant-picker .offer=${o}></tote-variant-picker>`);
  await el.updateComplete;
  return el;
}

describe('structured descriptions in the card and the picker', () => {
  it('are accessible', async () => {
    await expect(await card(described)).to.be.accessible();
    await expect(await picker(described)).to.be.accessible();
  });

  it('the picker renders paragraphs, line breaks, lists, emphasis and a link with rel="noopener noreferrer"', async () => {
    const d = description(await picker(described));
    expect(d.querySelector('p')!.textContent).to.equal('Soft organic cotton, pre-washed.Made in Portugal.');
    expect(d.querySelector('p strong')!.textContent).to.equal('organic');
    expect(d.querySelector('p em')!.textContent).to.equal('pre-washed');
    expect(d.querySelectorAll('p br').length).to.equal(1);
    expect(d.querySelector(':scope > ul > li > ul > li')!.textContent).to.equal('true to size');
    expect(d.querySelector('ol')!.textContent).to.equal('one');
    const link = d.querySelector('a')!;
    expect(link.getAttribute('href')).to.equal('https://shop.example/care');
    expect(link.getAttribute('rel')).to.equal('noopener noreferrer');
    expect(link.getAttribute('target')).to.equal('_blank');
    expect(link.textContent).to.equal('guide');
    // Only the elements of the structure, and no attribute but the link's.
    for (const node of d.querySelectorAll('*')) {
      expect(['P', 'BR', 'UL', 'OL', 'LI', 'STRONG', 'EM', 'A']).to.include(node.tagName);
      if (node.tagName !== 'A') expect(node.getAttributeNames()).to.deep.equal([]);
    }
  });

  it('the card shows the text, its paragraphs and items on lines of their own, as one text node', async () => {
    const d = description(await card(described));
    expect(d.tagName).to.equal('P');
    expect(d.textContent).to.equal(text);
    expect(d.children.length, 'no element of the structure').to.equal(0);
    expect([...d.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).length).to.equal(1);
    expect(getComputedStyle(d).whiteSpace).to.equal('pre-line');
  });

  it("what the BFF made of hostile markup renders as text and formatting, and runs nothing", async () => {
    (window as unknown as { __toteHacked?: string }).__toteHacked = undefined;
    for (const el of [await card(hostile), await picker(hostile)]) {
      const d = description(el);
      expect(d.textContent).to.contain('Lovely linen shirt');
      expect(d.textContent).to.contain('Free gift');
      expect(d.querySelector('script, style, iframe, form, img, svg, dialog, details')).to.equal(null);
    }
    expect(description(await card(hostile)).children.length).to.equal(0);
    expect([...description(await picker(hostile)).querySelectorAll('a')].map((a) => a.href)).to.deep.equal(['https://shop.example/care']);
    await new Promise((r) => setTimeout(r, 50));
    expect(pwned()).to.equal(undefined);
  });

  it('a structure forged by a host page (not the BFF) links nowhere but http(s), and its text stays text', async () => {
    const forged = offer({
      ...tee,
      id: 7002,
      rich_description: [
        { t: 'p', c: [{ t: 'a', href: 'javascript:window.__tote_pwned=1', c: ['click'] }, ' <img src=x onerror="window.__tote_pwned=1">'] },
        { t: 'script' as 'p', c: ['window.__tote_pwned=1'] },
      ],
    });
    const d = description(await picker(forged));
    expect(d.querySelector('a, img, script')).to.equal(null);
    expect(d.textContent).to.contain('click <img src=x onerror="window.__tote_pwned=1">');
    // The card shows the offer's text, never the structure.
    expect(description(await card(forged)).children.length).to.equal(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(pwned()).to.equal(undefined);
  });
});
