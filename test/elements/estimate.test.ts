import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/estimate/estimate.js';
import type { ToteEstimate } from '../../src/elements/estimate/estimate.js';
import { createApiClient } from '../../src/state/api-client.js';
import { estimateFor, orderFor, shopperAddress, threeMerchantLines } from '../../stories/fixtures/checkout.js';
import { createFakeBff } from '../../stories/fixtures/checkout-bff.js';

const root = (el: HTMLElement) => el.shadowRoot!;
const bagTotals = (el: HTMLElement) => [...root(el).querySelectorAll<HTMLElement>('[part="bag"] .total dd')].map((d) => Number(d.dataset.total));
const orderTotals = (el: HTMLElement) => [...root(el).querySelectorAll<HTMLElement>('[part="total"] dd')].map((d) => [Number(d.dataset.total), d.dataset.currency]);

describe('tote-estimate', () => {
  it('is accessible with bags, problems and while waiting for an address', async () => {
    const el = await fixture<ToteEstimate>(html`<tote-estimate .estimate=${estimateFor(threeMerchantLines, { noShipping: [1003] })} .lines=${threeMerchantLines}></tote-estimate>`);
    await expect(el).to.be.accessible();
    const waiting = await fixture<ToteEstimate>(html`<tote-estimate .lines=${threeMerchantLines}></tote-estimate>`);
    await expect(waiting).to.be.accessible();
  });

  it('groups by bag with subtotal, shipping, tax and total, and bag totals add up to the order total', async () => {
    const el = await fixture<ToteEstimate>(html`<tote-estimate
      .estimate=${estimateFor(threeMerchantLines)}
      .lines=${threeMerchantLines}
      .selections=${{ '1001': 'exp-1001' }}
    ></tote-estimate>`);
    const bags = [...root(el).querySelectorAll('[part="bag"]')];
    expect(bags.map((b) => b.querySelector('h4')!.textContent)).to.deep.equal(['Northwind Outdoor', 'Leaf & Kettle', 'Paper Lantern Books']);
    expect(bags[0]!.textContent).to.contain('$14.99');
    const totals = bagTotals(el);
    expect(orderTotals(el)).to.deep.equal([[totals.reduce((a, b) => a + b, 0), 'USD']]);
  });

  it('fetches once the address is complete, debounced, aborting stale requests', async () => {
    const bff = createFakeBff({ catalog: threeMerchantLines, delayMs: 50 });
    const api = createApiClient({ endpoint: '/api', fetch: bff.fetch });
    const el = await fixture<ToteEstimate>(html`<tote-estimate .api=${api} .lines=${threeMerchantLines} .address=${{ ...shopperAddress, city: '' }}></tote-estimate>`);
    expect(root(el).textContent).to.contain('once the address is complete');
    const changes: unknown[] = [];
    el.addEventListener('tote-estimate-change', (e) => changes.push(e.detail.estimate));
    // Three quick edits: one request.
    el.address = { ...shopperAddress, city: 'San' };
    await el.updateComplete;
    el.address = { ...shopperAddress, city: 'San Fran' };
    await el.updateComplete;
    el.address = { ...shopperAddress };
    await waitUntil(() => changes.length === 1);
    expect(bff.requests.filter((r) => r.path === '/api/estimate').length).to.equal(1);
    expect(bagTotals(el).length).to.equal(3);
    // A change while a request is in flight aborts it; only the newest answer is shown.
    el.lines = threeMerchantLines.slice(0, 2);
    await el.updateComplete;
    await new Promise((r) => setTimeout(r, 320));
    el.lines = threeMerchantLines.slice(0, 3);
    await waitUntil(() => changes.length === 2, 'second estimate', { timeout: 3000 });
    await el.updateComplete;
    expect(bagTotals(el).length).to.equal(2);
  });

  it('shows per-bag problems and a rejected bag, leaving it out of the order total', async () => {
    const order = orderFor(threeMerchantLines, { status: 'ACCEPTED', rejected: [1003] });
    const el = await fixture<ToteEstimate>(html`<tote-estimate .cart=${order}></tote-estimate>`);
    const rejected = root(el).querySelector('[data-merchant="1003"]')!;
    expect(rejected.className).to.contain('rejected');
    expect(rejected.textContent).to.contain('Rejected by the shop');
    const totals = bagTotals(el);
    expect(orderTotals(el)[0]![0]).to.equal(totals[0]! + totals[2]!);
    const problems = await fixture<ToteEstimate>(html`<tote-estimate .estimate=${estimateFor(threeMerchantLines, { noShipping: [1004] })}></tote-estimate>`);
    expect(root(problems).querySelector('[data-merchant="1004"] [part="problems"]')!.textContent).to.contain('No shipping method');
  });

  it('shows an error with a retry when the estimate fails', async () => {
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
});
