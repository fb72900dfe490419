import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/elements/order-desk/order-desk.js';
import type { ToteOrderDesk } from '../../src/elements/order-desk/order-desk.js';
import type { DeskOrder } from '../../src/contract/after-order.js';

const bag = (id: number, shop: string, status: string, attention: DeskOrder['bags'][number]['attention'] = null): DeskOrder['bags'][number] => ({
  id,
  merchant_id: 1000 + id,
  merchant_name: shop,
  status,
  financial_status: status === 'REJECTED' ? 'VOIDED' : 'AUTHORIZED',
  fulfillment_status: 'PROCESSING',
  total: 2500,
  currency: 'USD',
  remorse_period_ends: null,
  date_submitted: null,
  date_last_modified: null,
  items: [],
  tracking: [],
  attention,
  errors: [],
});
const ORDERS: DeskOrder[] = [
  { id: 2, app_order_id: 'app-2', status: 'PROCESSING', date_submitted: null, date_last_modified: null, needs_attention: true, bags: [bag(21, 'Kumo Goods', 'REJECTED', 'rejected'), bag(22, 'Aurora Outfitters', 'SUBMITTED')] },
  { id: 1, app_order_id: 'app-1', status: 'PROCESSING', date_submitted: null, date_last_modified: null, needs_attention: false, bags: [bag(11, 'Aurora Outfitters', 'ACCEPTED')] },
];

const EVENTS = [
  { id: 7, webhook_id: 1, event_type: 'ORDER_SHIPPED', entity_id: 1, status: 'FAILED', status_code: 503, attempts: 1, date_created: null, date_last_modified: null, date_next_attempt: null },
  { id: 6, webhook_id: 1, event_type: 'ORDER_COMPLETED', entity_id: 1, status: 'SUCCEEDED', status_code: 200, attempts: 1, date_created: null, date_last_modified: null, date_next_attempt: null },
];

const HISTORY = [
  {
    bag_id: 21,
    history: [
      { event_id: 'evt-2', topic: 'ORDER_REJECTED', status: 'REJECTED', financial_status: 'VOIDED', fulfillment_status: null, received_at: '2026-03-02T14:05:09.000Z' },
      { event_id: 'evt-1', topic: 'ORDER_UPDATED', status: 'SUBMITTED', financial_status: 'AUTHORIZED', fulfillment_status: 'PROCESSING', received_at: '2026-03-02T14:00:00.000Z' },
    ],
  },
];

interface Call {
  url: string;
  method: string;
  auth: string | null;
  body: unknown;
}

function bff() {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    calls.push({ url: String(input), method: init.method ?? 'GET', auth: headers.get('authorization'), body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (headers.get('authorization') !== 'Bearer op-token') return new Response('{"error":{"code":"unauthorized","message":"x"}}', { status: 401 });
    const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    if (String(input).endsWith('/redeliver')) return json({ event: { ...EVENTS[0]!, id: 9, status: 'IN_PROGRESS' } });
    if (String(input).endsWith('/operator/webhooks')) return json({ events: EVENTS });
    if (String(input).endsWith('/history')) return json({ order_id: 2, bags: HISTORY });
    if (String(input).includes('/cancel')) {
      const cancelled = { ...ORDERS[1]!, bags: [{ ...ORDERS[1]!.bags[0]!, status: 'CANCELED' }] };
      return new Response(JSON.stringify({ order: cancelled }), { headers: { 'content-type': 'application/json' } });
    }
    const q = new URL(String(input), location.href).searchParams.get('q');
    const orders = q ? ORDERS.filter((o) => String(o.id) === q) : ORDERS;
    return new Response(JSON.stringify({ orders }), { headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

const root = (el: HTMLElement) => el.shadowRoot!;

describe('tote-order-desk', () => {
  it('is accessible without a token, with orders, and with a cancel form open; sends nothing without a token', async () => {
    const { calls, fetch } = bff();
    const el = await fixture<ToteOrderDesk>(html`<tote-order-desk endpoint="/api" .fetch=${fetch}></tote-order-desk>`);
    expect(root(el).textContent).to.contain('Enter the operator token to continue.');
    await expect(el).to.be.accessible();
    expect(calls).to.have.length(0);
    el.token = 'op-token';
    await waitUntil(() => root(el).querySelectorAll('[part="order"]').length === 2);
    await expect(el).to.be.accessible();
    root(el).querySelector<HTMLButtonElement>('[part="cancel-button"]')!.click();
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });

  it('lists the order needing attention first with the reason, and gives a rejected bag no cancel', async () => {
    const { fetch } = bff();
    const el = await fixture<ToteOrderDesk>(html`<tote-order-desk endpoint="/api" token="op-token" .fetch=${fetch}></tote-order-desk>`);
    await waitUntil(() => root(el).querySelectorAll('[part="order"]').length === 2);
    const first = root(el).querySelector('[part="order"]')!;
    expect(first.getAttribute('data-order')).to.equal('2');
    expect(first.querySelector('[data-bag="21"] [data-attention="rejected"]')!.textContent).to.equal('Rejected by the shop');
    expect(first.querySelector('[data-bag="21"] [part="cancel-button"]')).to.equal(null);
  });

  it('searches with the query and cancels a bag with reason, restock and notify', async () => {
    const { calls, fetch } = bff();
    const el = await fixture<ToteOrderDesk>(html`<tote-order-desk endpoint="/api" token="op-token" .fetch=${fetch}></tote-order-desk>`);
    await waitUntil(() => root(el).querySelectorAll('[part="order"]').length === 2);
    root(el).querySelector<HTMLInputElement>('input[name="q"]')!.value = '1';
    root(el).querySelector<HTMLButtonElement>('form.search button[type="submit"]')!.click();
    await waitUntil(() => root(el).querySelectorAll('[part="order"]').length === 1);
    expect(calls.at(-1)!.url).to.equal('/api/operator/orders?q=1');
    root(el).querySelector<HTMLButtonElement>('[data-bag="11"] [part="cancel-button"]')!.click();
    await el.updateComplete;
    const form = root(el).querySelector<HTMLFormElement>('[data-bag="11"] form')!;
    form.querySelector('button[type="submit"]')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await el.updateComplete;
    expect(calls.filter((c) => c.method === 'POST')).to.have.length(0, 'a reason is required');
    form.querySelector('textarea')!.value = 'Out of stock at the shop';
    form.querySelector<HTMLInputElement>('input[name="restock"]')!.click();
    form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitUntil(() => root(el).querySelector('[data-bag="11"]')!.getAttribute('data-status') === 'CANCELED');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).to.equal('/api/operator/orders/1/bags/11/cancel');
    expect(post.auth).to.equal('Bearer op-token');
    expect(post.body).to.deep.equal({ reason: 'Out of stock at the shop', restock_items: false, notify_customer: true });
  });

  it('says the token was rejected', async () => {
    const { fetch } = bff();
    const el = await fixture<ToteOrderDesk>(html`<tote-order-desk endpoint="/api" token="wrong" .fetch=${fetch}></tote-order-desk>`);
    await waitUntil(() => root(el).querySelector('[part="message"]')!.textContent!.includes('not accepted'));
    await expect(el).to.be.accessible();
  });

  it('lists webhook deliveries and redelivers a failed one', async () => {
    const { calls, fetch } = bff();
    const el = await fixture<ToteOrderDesk>(html`<tote-order-desk endpoint="/api" token="op-token" .fetch=${fetch}></tote-order-desk>`);
    await waitUntil(() => root(el).querySelectorAll('[part="webhook"]').length === 2);
    expect(root(el).querySelector('[part="webhook"][data-event="6"] button')).to.equal(null, 'only failed events are redelivered');
    await expect(el).to.be.accessible();
    root(el).querySelector<HTMLButtonElement>('[part="webhook"][data-event="7"] button')!.click();
    await waitUntil(() => root(el).textContent!.includes('Event 7 sent again as event 9.'));
    const post = calls.find((c) => c.url.endsWith('/redeliver'))!;
    expect(post.url).to.equal('/api/operator/webhooks/1/events/7/redeliver');
    expect(post.auth).to.equal('Bearer op-token');
  });

  it('shows a bag\'s received events on request, newest first, in the operator\'s locale, and says when none came', async () => {
    const { calls, fetch } = bff();
    const el = await fixture<ToteOrderDesk>(html`<tote-order-desk endpoint="/api" token="op-token" locale="de-DE" .fetch=${fetch}></tote-order-desk>`);
    await waitUntil(() => root(el).querySelectorAll('[part="order"]').length === 2);
    const bag21 = root(el).querySelector('[data-bag="21"]')!;
    const button = bag21.querySelector<HTMLButtonElement>('[part="history-button"]')!;
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(calls.some((c) => c.url.endsWith('/history'))).to.equal(false, 'read only when asked');
    // By keyboard: focus the button, press Enter.
    button.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => bag21.querySelectorAll('[part="history"] li').length === 2);
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(root(el).getElementById(button.getAttribute('aria-controls')!)).to.equal(bag21.querySelector('[part="history"]'));
    expect(calls.find((c) => c.url.endsWith('/history'))).to.include({ url: '/api/operator/orders/2/history', auth: 'Bearer op-token' });
    const items = [...bag21.querySelectorAll('[part="history"] li')];
    expect(items.map((li) => li.getAttribute('data-event'))).to.deep.equal(['evt-2', 'evt-1']);
    const time = items[0]!.querySelector('time')!;
    expect(time.getAttribute('datetime')).to.equal('2026-03-02T14:05:09.000Z');
    const german = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date('2026-03-02T14:05:09.000Z'));
    expect(time.textContent).to.equal(german);
    expect(time.textContent).to.contain('2026').and.not.contain('Mar');
    expect(items[0]!.textContent!.replace(/\s+/g, ' ')).to.contain('ORDER_REJECTED').and.contain('Status: REJECTED').and.contain('Zahlung: VOIDED').and.contain('Lieferung: —');
    await expect(el).to.be.accessible();

    const bag22 = root(el).querySelector('[data-bag="22"]')!;
    bag22.querySelector<HTMLButtonElement>('[part="history-button"]')!.click();
    await waitUntil(() => bag22.querySelector('[part="history"] p')?.textContent === 'Für dieses Paket sind noch keine Ereignisse eingegangen.');
    await expect(el).to.be.accessible();

    button.click();
    await el.updateComplete;
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(bag21.querySelector<HTMLElement>('[part="history"]')!.hidden).to.equal(true);
  });
});
