import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/order-changes/order-changes.js';
import type { ToteOrderChanges } from '../../src/elements/order-changes/order-changes.js';
import type { ShopperOrder as Order } from '../../src/contract/shopper-order.js';
import { createApiClient } from '../../src/state/api-client.js';
import { orderFor, threeMerchantLines } from '../../stories/fixtures/checkout.js';

const HOUR = 60 * 60_000;
const at = (ms: number) => new Date(ms).toISOString();

/** A placed order of three shops whose remorse window ends at `ends`. */
function placed(ends: number): Order {
  const order = orderFor(threeMerchantLines, { status: 'ACCEPTED', id: 91 });
  return { ...order, bags: order.bags.map((b) => ({ ...b, remorse_period_ends: at(ends) })) };
}

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

let sent: Sent[] = [];
let refunds: unknown[] = [];
let answerCancel: (order: Order) => Response;
const realFetch = window.fetch;

beforeEach(() => {
  sent = [];
  refunds = [];
  answerCancel = (order) => new Response(JSON.stringify({ order }), { headers: { 'content-type': 'application/json' } });
  window.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    sent.push({ url, method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url.endsWith('/refunds')) return new Response(JSON.stringify({ refunds }), { headers: { 'content-type': 'application/json' } });
    return answerCancel(placed(Date.now() + HOUR));
  }) as typeof fetch;
});
afterEach(() => {
  window.fetch = realFetch;
});

const api = () => createApiClient({ endpoint: '/api' });
const root = (el: HTMLElement) => el.shadowRoot!;
const cancels = () => sent.filter((s) => s.url.endsWith('/cancel'));

describe('tote-order-changes', () => {
  it('is accessible with the window open, while confirming, and once it has closed', async () => {
    const el = await fixture<ToteOrderChanges>(html`<tote-order-changes .api=${api()} .order=${placed(Date.now() + HOUR)} access="acc"></tote-order-changes>`);
    await expect(el).to.be.accessible();
    root(el).querySelector<HTMLButtonElement>('[data-cancel]')!.click();
    await el.updateComplete;
    await expect(el).to.be.accessible();
    const closed = await fixture<ToteOrderChanges>(html`<tote-order-changes .api=${api()} .order=${placed(Date.now() - HOUR)} access="acc"></tote-order-changes>`);
    await expect(closed).to.be.accessible();
  });

  it('cancels one shop\'s items after the confirm step, with the reason, the access handle and one key for two presses', async () => {
    const order = placed(Date.now() + HOUR);
    const bag = order.bags[1]!;
    const el = await fixture<ToteOrderChanges>(html`<tote-order-changes .api=${api()} .order=${order} access="acc 1"></tote-order-changes>`);
    const button = root(el).querySelector<HTMLButtonElement>(`[data-cancel="${bag.id}"]`)!;
    expect(button.textContent!.trim()).to.equal(`Cancel items from ${bag.merchant_name}`);
    expect(root(el).querySelector('[data-cancel="order"]')!.textContent!.trim()).to.equal('Cancel this order');
    button.click();
    await el.updateComplete;
    expect(cancels()).to.have.length(0, 'nothing is sent before the confirm step');
    const reason = root(el).querySelector<HTMLTextAreaElement>(`[data-confirm="${bag.id}"] textarea`)!;
    reason.value = 'Ordered twice';
    reason.dispatchEvent(new Event('input'));
    let detail: unknown;
    el.addEventListener('tote-order-cancel', (e) => (detail = e.detail));
    const yes = root(el).querySelector<HTMLButtonElement>('[data-confirm-yes]')!;
    yes.click();
    await waitUntil(() => cancels().length === 1);
    expect(detail).to.deep.equal({ order_id: 91, bag_id: bag.id, reason: 'Ordered twice' });
    const [call] = cancels();
    expect(call!.url).to.equal(`/api/orders/91/bags/${bag.id}/cancel`);
    expect(call!.method).to.equal('POST');
    expect(call!.headers['tote-access']).to.equal('acc 1');
    expect(call!.body).to.deep.equal({ reason: 'Ordered twice' });
    await waitUntil(() => root(el).textContent!.includes('Cancelled.'));
  });

  it('sends nothing when the host prevents tote-order-cancel', async () => {
    const el = await fixture<ToteOrderChanges>(html`<tote-order-changes .api=${api()} .order=${placed(Date.now() + HOUR)} access="acc"></tote-order-changes>`);
    el.addEventListener('tote-order-cancel', (e) => e.preventDefault());
    root(el).querySelector<HTMLButtonElement>('[data-cancel="order"]')!.click();
    await el.updateComplete;
    root(el).querySelector<HTMLButtonElement>('[data-confirm-yes]')!.click();
    await el.updateComplete;
    expect(cancels()).to.have.length(0);
  });

  it('retries a failed cancel with the same key, and says when the window has closed', async () => {
    answerCancel = () => new Response('{"error":{"code":"upstream_unavailable","message":"x"}}', { status: 502 });
    const el = await fixture<ToteOrderChanges>(html`<tote-order-changes .api=${api()} .order=${placed(Date.now() + HOUR)} access="acc"></tote-order-changes>`);
    root(el).querySelector<HTMLButtonElement>('[data-cancel="order"]')!.click();
    await el.updateComplete;
    root(el).querySelector<HTMLButtonElement>('[data-confirm-yes]')!.click();
    await waitUntil(() => root(el).querySelector('.error')?.textContent?.includes('did not go through'));
    answerCancel = () => new Response('{"error":{"code":"cancel_window_closed","message":"x"}}', { status: 409 });
    root(el).querySelector<HTMLButtonElement>('[data-confirm-yes]')!.click();
    await waitUntil(() => root(el).textContent!.includes('The time to cancel has ended.'));
    const [first, second] = cancels();
    expect(first!.headers['idempotency-key']).to.match(/^cancel-/);
    expect(second!.headers['idempotency-key']).to.equal(first!.headers['idempotency-key']);
  });

  it('says why cancelling is no longer possible once the window has closed, and offers no cancel', async () => {
    const ended = Date.now() - HOUR;
    const el = await fixture<ToteOrderChanges>(html`<tote-order-changes .api=${api()} .order=${placed(ended)} access="acc"></tote-order-changes>`);
    expect(root(el).querySelector('[data-cancel]')).to.equal(null);
    const hints = [...root(el).querySelectorAll('[data-window="closed"]')].map((p) => p.textContent!.trim());
    expect(hints).to.have.length(3);
    expect(hints[0]).to.match(/^The time to cancel ended /);
  });

  it('shows refunds with their amount and items', async () => {
    const order = placed(Date.now() + HOUR);
    const bag = order.bags[0]!;
    const line = bag.skus[0]!;
    refunds = [{ id: 5, bag_id: bag.id, amount: 150, currency: 'USD', status: 'COMPLETED', date_created: null, items: [{ order_sku_id: line.id, quantity: 1 }] }];
    const el = await fixture<ToteOrderChanges>(html`<tote-order-changes .api=${api()} .order=${order} access="acc"></tote-order-changes>`);
    await waitUntil(() => root(el).querySelector('[data-refund="5"]'));
    expect(root(el).querySelector('[data-refund="5"]')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(`$1.50 refunded: ${line.name} × 1`);
    await expect(el).to.be.accessible();
  });
});
