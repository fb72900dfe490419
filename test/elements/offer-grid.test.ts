import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/provider/provider.js';
import '../../src/elements/offer-grid/offer-grid.js';
import type { ToteOfferGrid } from '../../src/elements/offer-grid/offer-grid.js';
import type { ToteProvider } from '../../src/elements/provider/provider.js';
import { fakeBff, type FakeBffOptions } from '../../stories/fixtures/fake-bff.js';
import { catalogue, manyOffers, tee } from '../../stories/fixtures/offers.js';

async function mount(options: FakeBffOptions, attrs: { merchantId?: number; pageSize?: number; manual?: boolean } = {}) {
  localStorage.clear();
  const bff = fakeBff(options);
  const provider = await fixture<ToteProvider>(html`<tote-provider endpoint="/api" .fetch=${bff.fetch}>
    <tote-offer-grid .merchantId=${attrs.merchantId} page-size=${attrs.pageSize ?? 24} ?manual=${attrs.manual ?? true}></tote-offer-grid>
  </tote-provider>`);
  const grid = provider.querySelector('tote-offer-grid')!;
  return { provider, grid, bff };
}

const cards = (grid: ToteOfferGrid) => [...grid.shadowRoot!.querySelectorAll('tote-offer-card')];
const text = (grid: ToteOfferGrid) => grid.shadowRoot!.textContent!.replace(/\s+/g, ' ');
const button = (grid: ToteOfferGrid, name: string) =>
  [...grid.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent!.trim() === name);

describe('tote-offer-grid', () => {
  it('is accessible while loading, loaded, empty, failed and busy', async () => {
    const loading = await mount({ offers: catalogue, script: ['hang'] });
    expect(loading.grid.shadowRoot!.querySelectorAll('.skeleton-card').length).to.be.greaterThan(0);
    expect(text(loading.grid)).to.contain('Loading products…');
    await expect(loading.grid).to.be.accessible();

    const loaded = await mount({ offers: catalogue });
    await waitUntil(() => cards(loaded.grid).length === catalogue.length);
    await expect(loaded.grid).to.be.accessible();

    const empty = await mount({ offers: [] });
    await waitUntil(() => text(empty.grid).includes('No products to show yet.'));
    await expect(empty.grid).to.be.accessible();

    const failed = await mount({ offers: catalogue, script: [500] });
    await waitUntil(() => text(failed.grid).includes('Products could not be loaded.'));
    await expect(failed.grid).to.be.accessible();

    const busy = await mount({ offers: catalogue, script: [429], retryAfter: 30 });
    await waitUntil(() => text(busy.grid).includes('is busy'));
    await expect(busy.grid).to.be.accessible();
  });

  it('works without a provider from offers given as a property', async () => {
    const grid = await fixture<ToteOfferGrid>(html`<tote-offer-grid .offers=${catalogue}></tote-offer-grid>`);
    expect(cards(grid).length).to.equal(catalogue.length);
  });

  it('pages through a merchant with Load more, without duplicates', async () => {
    const offers = [...manyOffers(23, 1001), ...manyOffers(5, 1002)];
    const { grid, bff } = await mount({ offers }, { merchantId: 1001, pageSize: 10 });
    await waitUntil(() => cards(grid).length === 10);
    button(grid, 'Load more')!.click();
    await waitUntil(() => cards(grid).length === 20);
    button(grid, 'Load more')!.click();
    await waitUntil(() => cards(grid).length === 23);
    expect(text(grid)).to.contain('You have seen every product.');
    expect(button(grid, 'Load more')).to.equal(undefined);
    const ids = cards(grid).map((c) => c.offer!.id);
    expect(new Set(ids).size).to.equal(23);
    expect(cards(grid).every((c) => c.offer!.merchant_id === 1001)).to.be.true;
    expect(bff.requests.filter((u) => u.pathname.endsWith('/offers')).map((u) => [u.searchParams.get('merchant_id'), u.searchParams.get('cursor')])).to.deep.equal([
      ['1001', null],
      ['1001', '10'],
      ['1001', '20'],
    ]);
  });

  it('drops offers a later page repeats', async () => {
    const offers = manyOffers(6);
    const { grid } = await mount({ offers: [...offers.slice(0, 4), ...offers.slice(2, 6)] }, { pageSize: 4 });
    await waitUntil(() => cards(grid).length === 4);
    button(grid, 'Load more')!.click();
    await waitUntil(() => text(grid).includes('You have seen every product.'));
    expect(cards(grid).map((c) => c.offer!.id)).to.deep.equal(offers.map((o) => o.id));
  });

  it('loads the next page on scroll', async () => {
    const { grid } = await mount({ offers: manyOffers(30) }, { pageSize: 6, manual: false });
    // With the sentinel in view the grid keeps loading until the list outgrows the viewport margin or ends.
    await waitUntil(() => cards(grid).length >= 12, 'second page from scrolling', { timeout: 5000 });
    const ids = cards(grid).map((c) => c.offer!.id);
    expect(new Set(ids).size).to.equal(ids.length);
  });

  it('does not load more once the shopper is past the grid, so what follows it stays put; scrolling back toward the end loads', async () => {
    localStorage.clear();
    const bff = fakeBff({ offers: manyOffers(30) });
    const provider = await fixture<ToteProvider>(html`<tote-provider endpoint="/api" .fetch=${bff.fetch}>
      <tote-offer-grid page-size="6"></tote-offer-grid>
      <div id="after" style="height: 3000px">A checkout after the grid</div>
    </tote-provider>`);
    const grid = provider.querySelector('tote-offer-grid')!;
    const after = provider.querySelector<HTMLElement>('#after')!;
    const offerRequests = () => bff.requests.filter((u) => u.pathname.endsWith('/offers')).length;
    await waitUntil(() => cards(grid).length > 0 && grid.shadowRoot!.querySelector('.sentinel'), 'first page');
    const sentinel = grid.shadowRoot!.querySelector<HTMLElement>('.sentinel')!;
    // Whatever the first view asked for is answered and shown first (a busy machine can still have a page in
    // flight): requests and cards hold still for five frames.
    const state = () => `${offerRequests()} ${cards(grid).length}`;
    for (let still = 0, last = ''; still < 5; still = state() === last ? still + 1 : 0, last = state()) {
      await new Promise((r) => requestAnimationFrame(r));
    }
    // The shopper jumps to what follows the grid (a "Check out" scrolls there): the grid's end sits at the top.
    after.scrollIntoView({ block: 'start' });
    const top = after.getBoundingClientRect().top;
    const loaded = offerRequests();
    for (let i = 0; i < 10; i++) await new Promise((r) => requestAnimationFrame(r));
    expect(offerRequests()).to.equal(loaded);
    expect(after.getBoundingClientRect().top).to.equal(top);
    // Scrolling back until the grid's end is in the lower half of the view: the next page comes.
    scrollBy(0, sentinel.getBoundingClientRect().top - innerHeight * 0.75);
    await waitUntil(() => offerRequests() > loaded, 'next page once scrolling toward the end', { timeout: 5000 });
    scrollTo(0, 0);
  });

  it('a 429 shows "<merchant> is busy, retrying in N s" and recovers by itself', async () => {
    const { grid } = await mount({ offers: [tee], script: [429], retryAfter: 1 });
    await waitUntil(() => /Northwind Outfitters is busy, retrying in 1 s|This shop is busy/.test(text(grid)), 'busy notice');
    await waitUntil(() => cards(grid).length === 1, 'recovered without a click', { timeout: 5000 });
    expect(text(grid)).not.to.contain('is busy');
  });

  it('names the busy merchant from the merchant list', async () => {
    const { grid } = await mount({ offers: [tee], script: [429], retryAfter: 5, merchants: [{ id: 1001, name: 'Northwind Outfitters' }] });
    await waitUntil(() => text(grid).includes('Northwind Outfitters is busy, retrying in'), 'named busy notice');
    expect(text(grid)).to.match(/retrying in [1-5] s/);
  });

  it('an error offers a retry that loads', async () => {
    const { grid } = await mount({ offers: catalogue, script: [500] });
    await waitUntil(() => button(grid, 'Try again'));
    button(grid, 'Try again')!.click();
    await waitUntil(() => cards(grid).length === catalogue.length);
  });

  describe('long grids', () => {
    it('renders only the cards near the screen of 10,000 given, and more as the shopper scrolls near the last', async () => {
      const grid = await fixture<ToteOfferGrid>(html`<tote-offer-grid .offers=${manyOffers(10_000)}></tote-offer-grid>`);
      const first = cards(grid).length;
      expect(first).to.be.greaterThan(0);
      expect(first).to.be.at.most(96, 'the DOM holds what is near the screen, not all 10,000');
      // The shopper scrolls after the page has drawn (WebKit ignores a scroll made before its observers' first check).
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      grid.shadowRoot!.querySelector('.reveal')!.scrollIntoView();
      await waitUntil(() => cards(grid).length > first, 'more cards near the end', { timeout: 5000 });
      expect(cards(grid).length).to.be.at.most(first + 96);
      // New offers given: back to the first cards.
      grid.offers = manyOffers(500);
      await grid.updateComplete;
      expect(cards(grid).length).to.be.at.most(96);
    });

    it('an item off screen is not drawn and holds the size of a drawn card, so a card jumped to keeps its place', async () => {
      // Two columns of narrow cards, as on a phone (a 1280 px card is far taller).
      const grid = await fixture<ToteOfferGrid>(html`<tote-offer-grid style="width: 375px" .offers=${manyOffers(60)}></tote-offer-grid>`);
      const items = [...grid.shadowRoot!.querySelectorAll<HTMLElement>('.list > li')];
      const style = getComputedStyle(items[0]!);
      expect(style.contentVisibility).to.equal('auto');
      // `auto`: a card drawn once keeps its size when it is skipped again. Only the height is held: the width is the
      // grid column's.
      const held = (li: HTMLElement) => getComputedStyle(li).getPropertyValue('contain-intrinsic-block-size');
      expect(held(items[0]!)).to.match(/^auto [\d.]+px$/);
      // A card measured (a frame after it was drawn): an item never drawn holds its height.
      await waitUntil(() => getComputedStyle(grid).getPropertyValue('--_item-block-size'), 'a drawn card measured');
      const drawn = items[0]!.getBoundingClientRect();
      expect(drawn.height).to.be.greaterThan(200);
      expect(Number(held(items.at(-1)!).match(/[\d.]+/)![0])).to.be.closeTo(drawn.height, 1);
      expect(items.at(-1)!.getBoundingClientRect().width).to.be.closeTo(drawn.width, 1);
      // The last item was never drawn: the height it holds is the one it has once the shopper jumps to it.
      const last = items.at(-1)!;
      const before = last.getBoundingClientRect().height;
      expect(before).to.be.closeTo(drawn.height, 1);
      last.scrollIntoView({ block: 'center' });
      await waitUntil(() => last.querySelector('tote-offer-card')!.shadowRoot!.querySelector('article')!.getBoundingClientRect().height > 0);
      for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(r));
      expect(last.getBoundingClientRect().height).to.be.closeTo(before, 1);
      scrollTo(0, 0);
    });

    it('pages it loads itself are shown whole', async () => {
      const offers = manyOffers(120, 1001);
      const { grid } = await mount({ offers }, { merchantId: 1001, pageSize: 100 });
      await waitUntil(() => cards(grid).length === 100);
      button(grid, 'Load more')!.click();
      await waitUntil(() => cards(grid).length === 120);
    });
  });
});
