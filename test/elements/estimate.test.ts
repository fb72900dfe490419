import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/checkout/view/estimate/estimate.js';
import type { ToteEstimate } from '../../src/checkout/view/estimate/estimate.js';
import { createApiClient } from '../../src/state/api-client.js';
import { mixedCurrencyLines, quoteFor, shopperAddress, threeMerchantLines } from '../../stories/fixtures/checkout.js';
import { createFakeBff } from '../../stories/fixtures/checkout-bff.js';
import { QUOTE_DEBOUNCE_MS } from '../../src/checkout/controller/checkout-controller.js';
import { realClock, setClock } from '../../src/state/clock.js';
import { manualClock } from '../clock.js';

const root = (el: HTMLElement) => el.shadowRoot!;
const bagTotals = (el: HTMLElement) => [...root(el).querySelectorAll<HTMLElement>('[part="bag"] .total dd')].map((d) => Number(d.dataset.total));
const grand = (el: HTMLElement) => [...root(el).querySelectorAll<HTMLElement>('[part="total"] .grand dd')].map((d) => [Number(d.dataset.total), d.dataset.currency]);
const addressed = { addressed: true, customer: true };

describe('tote-estimate', () => {
  it('is accessible with shops, lines and problems, and before an address', async () => {
    const el = await fixture<ToteEstimate>(html`<tote-estimate .quote=${quoteFor(threeMerchantLines, { ...addressed, noShipping: [1003] })} .lines=${threeMerchantLines}></tote-estimate>`);
    await expect(el).to.be.accessible();
    const before = await fixture<ToteEstimate>(html`<tote-estimate .quote=${quoteFor(threeMerchantLines)} .lines=${threeMerchantLines}></tote-estimate>`);
    await expect(before).to.be.accessible();
    expect(root(before).textContent, 'no shipping price before a method is chosen').to.contain('Calculated at the shipping step');
  });

  it('lists every line by shop (picture, name, options, quantity, price), each shop\'s shipping and tax, and one grand total', async () => {
    const el = await fixture<ToteEstimate>(html`<tote-estimate .quote=${quoteFor(threeMerchantLines, { ...addressed, picks: { 1001: 'exp-1001' } })} .lines=${threeMerchantLines}></tote-estimate>`);
    const bags = [...root(el).querySelectorAll('[part="bag"]')];
    expect(bags.map((b) => b.querySelector('h4')!.textContent)).to.deep.equal(['Northwind Outdoor', 'Leaf & Kettle', 'Paper Lantern Books']);
    const jacket = root(el).querySelector('[part="line"][data-sku="10011"]')!;
    expect(jacket.querySelector('img')!.getAttribute('src')).to.match(/^http.*jacket\.svg/);
    expect(jacket.textContent).to.contain('Trail Jacket').and.contain('M / Forest').and.contain('Qty 1').and.contain('$129.00');
    expect(bags[0]!.textContent).to.contain('$14.99');
    const totals = bagTotals(el);
    expect(grand(el)).to.deep.equal([[totals.reduce((a, b) => a + b, 0), 'USD']]);
  });

  it('shows shops selling in other currencies converted into the one currency paid in', async () => {
    const el = await fixture<ToteEstimate>(html`<tote-estimate .quote=${quoteFor(mixedCurrencyLines, { ...addressed, currency: 'USD' })} .lines=${mixedCurrencyLines}></tote-estimate>`);
    expect(grand(el).length).to.equal(1);
    expect(grand(el)[0]![1]).to.equal('USD');
    expect(root(el).textContent).to.contain('You pay in USD').and.not.contain('¥');
  });

  it('says when the BFF flags a shop whose totals do not add up', async () => {
    const quote = quoteFor(threeMerchantLines, addressed);
    quote.bags[0]!.problems.push({ code: 'totals_disagree' });
    const el = await fixture<ToteEstimate>(html`<tote-estimate .quote=${quote}></tote-estimate>`);
    expect(root(el).querySelector('[role="alert"]')!.textContent).to.contain('do not add up');
  });

  it('given lines and an address it asks for a quote itself, debounced, the stale one aborted', async () => {
    const bff = createFakeBff({ catalog: threeMerchantLines, delayMs: 50 });
    const api = createApiClient({ endpoint: '/api', fetch: bff.fetch });
    const el = await fixture<ToteEstimate>(html`<tote-estimate .api=${api} .lines=${threeMerchantLines} .address=${{ ...shopperAddress, city: '' }}></tote-estimate>`);
    const changes: unknown[] = [];
    el.addEventListener('tote-estimate-change', (e) => changes.push(e.detail.quote));
    el.address = { ...shopperAddress, city: 'San' };
    await el.updateComplete;
    el.address = { ...shopperAddress };
    await waitUntil(() => changes.length === 1 && bagTotals(el).length === 3, 'a quote', { timeout: 3000 });
    expect(bff.quotes().length, 'quick edits: one request').to.equal(1);
    el.lines = threeMerchantLines.slice(0, 2);
    await waitUntil(() => changes.length === 2, 'second quote', { timeout: 3000 });
    await el.updateComplete;
    expect(bagTotals(el).length).to.equal(1);
  });

  it('quotes once its inputs have held still for the debounce, on the clock: nothing a moment before, one request for quick edits', async () => {
    const clock = manualClock();
    setClock(clock);
    try {
      const bff = createFakeBff({ catalog: threeMerchantLines });
      const api = createApiClient({ endpoint: '/api', fetch: bff.fetch });
      const el = await fixture<ToteEstimate>(html`<tote-estimate .api=${api} .lines=${threeMerchantLines} .address=${{ ...shopperAddress, city: '' }}></tote-estimate>`);
      el.address = { ...shopperAddress, city: 'San' };
      await clock.advance(QUOTE_DEBOUNCE_MS - 1);
      el.address = { ...shopperAddress };
      await clock.advance(QUOTE_DEBOUNCE_MS - 1);
      expect(bff.quotes().length, 'an edit starts the wait again: nothing yet').to.equal(0);
      await clock.advance(1);
      await waitUntil(() => bagTotals(el).length === 3, 'a quote', { timeout: 3000 });
      expect(bff.quotes().length, 'quick edits: one request').to.equal(1);
    } finally {
      setClock(realClock);
    }
  });

  it('shows an error with a retry when the quote fails', async () => {
    let fail = true;
    const bff = createFakeBff({ catalog: threeMerchantLines });
    const api = createApiClient({
      endpoint: '/api',
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) =>
        fail ? new Response('{"error":{"code":"upstream_error","message":"x"}}', { status: 502 }) : bff.fetch(input, init)) as typeof fetch,
    });
    const el = await fixture<ToteEstimate>(html`<tote-estimate .api=${api} .lines=${threeMerchantLines} .address=${shopperAddress}></tote-estimate>`);
    await waitUntil(() => root(el).querySelector('[role="alert"]'), 'error shown', { timeout: 3000 });
    await expect(el).to.be.accessible();
    fail = false;
    root(el).querySelector<HTMLButtonElement>('[role="alert"] button')!.click();
    await waitUntil(() => bagTotals(el).length === 3, 'recovered', { timeout: 3000 });
  });

  it('shows a shop\'s discount and a VAT-inclusive shop\'s tax as "incl. VAT", adding neither twice', async () => {
    const quote = quoteFor(threeMerchantLines, { ...addressed, vatIncluded: [1004], discounts: { 1003: { code: 'LUMIERE15', percent: 15 } } });
    const el = await fixture<ToteEstimate>(html`<tote-estimate .quote=${quote} .lines=${threeMerchantLines}></tote-estimate>`);
    await expect(el).to.be.accessible();
    const bag = (id: number) => root(el).querySelector(`[part="bag"][data-merchant="${id}"]`)!;
    const vat = quote.bags.find((b) => b.merchant_id === 1004)!;
    expect(bag(1004).textContent).to.contain('incl. VAT').and.not.contain('Tax');
    expect(bag(1003).querySelector('.discount dd')!.textContent).to.match(/^−/);
    expect(Number(bag(1003).querySelector<HTMLElement>('.discount dd')!.dataset.discount)).to.equal(quote.bags.find((b) => b.merchant_id === 1003)!.discount_total);
    const total = root(el).querySelector('[part="total"]')!.textContent!.replace(/\s+/g, ' ');
    expect(total).to.contain('Discount').and.contain('Tax').and.contain('incl. VAT');
    expect(vat.total).to.equal(vat.sub_total + vat.shipping_total);
    expect(bagTotals(el).reduce((a, b) => a + b, 0)).to.equal(grand(el)[0]![0]);
  });
});
