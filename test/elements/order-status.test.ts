import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/order-status/order-status.js';
import type { ToteOrderStatus } from '../../src/elements/order-status/order-status.js';
import { createApiClient } from '../../src/state/api-client.js';
import { orderFor, threeMerchantLines } from '../../stories/fixtures/checkout.js';

/** An EventSource stand-in the test drives by hand. */
class FakeEventSource extends EventTarget {
  static instances: FakeEventSource[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  send(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  drop() {
    this.readyState = 2;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.readyState = 2;
  }
}

const order = orderFor(threeMerchantLines, { status: 'ACCEPTED', id: 77 });
const root = (el: HTMLElement) => el.shadowRoot!;
const statusOf = (el: HTMLElement, bagId: number) => root(el).querySelector<HTMLElement>(`[data-bag="${bagId}"] [data-field="status"] [data-value]`)!.dataset.value;
const labelOf = (el: HTMLElement, bagId: number) => root(el).querySelector(`[data-bag="${bagId}"] [data-field="status"]`)!.textContent!.trim();

function setup() {
  FakeEventSource.instances = [];
  const fetch = (async (input: RequestInfo | URL) =>
    String(input).endsWith('/orders/77')
      ? new Response(JSON.stringify({ order }), { headers: { 'content-type': 'application/json' } })
      : new Response('{"error":{"code":"not_found","message":"x"}}', { status: 404 })) as typeof globalThis.fetch;
  return createApiClient({ endpoint: '/api', fetch, EventSource: FakeEventSource as unknown as typeof EventSource, reconnectDelayMs: 10 });
}

describe('tote-order-status', () => {
  it('is accessible while loading, loaded, and on error', async () => {
    const api = setup();
    const el = await fixture<ToteOrderStatus>(html`<tote-order-status .api=${api} order-id="77" access="a"></tote-order-status>`);
    await expect(el).to.be.accessible();
    await waitUntil(() => el.order);
    await expect(el).to.be.accessible();
    const missing = await fixture<ToteOrderStatus>(html`<tote-order-status .api=${api} order-id="78" access="a" no-live></tote-order-status>`);
    await waitUntil(() => root(missing).querySelector('[role="alert"]'));
    await expect(missing).to.be.accessible();
  });

  it('shows each bag status and follows bag events live, reconnecting after a drop', async () => {
    const api = setup();
    const el = await fixture<ToteOrderStatus>(html`<tote-order-status .api=${api} order-id="77" access="acc 1"></tote-order-status>`);
    await waitUntil(() => el.order);
    // The stream opens after the order has loaded, in a task of its own: under load, not yet at this point.
    await waitUntil(() => FakeEventSource.instances[0], 'the live stream opened');
    const es = FakeEventSource.instances[0]!;
    expect(es.url).to.equal('/api/orders/77/events?access=acc%201');
    es.open();
    const bag = order.bags[1]!;
    expect(statusOf(el, bag.id)).to.equal('ACCEPTED');
    expect(labelOf(el, bag.id)).to.equal('Confirmed by the shop');
    es.send('bag', { order_id: 77, bag_id: bag.id, topic: 'ORDER_SHIPPED', status: 'ACCEPTED', fulfillment_status: 'SHIPPED' });
    await el.updateComplete;
    expect(labelOf(el, bag.id)).to.equal('Shipped');
    es.send('bag', { order_id: 77, bag_id: bag.id, topic: 'ORDER_DELIVERED', status: 'COMPLETED', fulfillment_status: 'DELIVERED' });
    await el.updateComplete;
    expect(statusOf(el, bag.id)).to.equal('COMPLETED');
    expect(labelOf(el, bag.id)).to.equal('Delivered');
    expect(statusOf(el, order.bags[0]!.id)).to.equal('ACCEPTED');
    es.drop();
    await el.updateComplete;
    expect(root(el).textContent).to.contain('reconnecting');
    await waitUntil(() => FakeEventSource.instances.length === 2, 'reconnected');
    const again = FakeEventSource.instances[1]!;
    again.open();
    again.send('order', { order: orderFor(threeMerchantLines, { status: 'COMPLETED', id: 77 }) });
    await el.updateComplete;
    expect(order.bags.map((b) => statusOf(el, b.id))).to.deep.equal(['COMPLETED', 'COMPLETED', 'COMPLETED']);
    expect(root(el).textContent).to.contain('Live updates on');
  });

  it('a live bag event with the whole bag shows its new fulfillment and tracking link at once', async () => {
    const api = setup();
    const el = await fixture<ToteOrderStatus>(html`<tote-order-status .api=${api} order-id="77" access="a"></tote-order-status>`);
    await waitUntil(() => el.order);
    // The stream opens after the order has loaded, in a task of its own: under load, not yet at this point.
    await waitUntil(() => FakeEventSource.instances[0], 'the live stream opened');
    const es = FakeEventSource.instances[0]!;
    es.open();
    const bag = order.bags[0]!;
    expect(root(el).querySelector(`[data-bag="${bag.id}"] a[part="tracking"]`)).to.equal(null);
    const shipped = {
      ...bag,
      fulfillment_status: 'SHIPPED',
      fulfillments: [{ id: 9, tracking_number: 'TRK-42', tracking_url: 'https://tracking.example/TRK-42', carrier: 'UPS' }],
    };
    es.send('bag', { order_id: 77, bag_id: bag.id, topic: 'ORDER_SHIPPED', status: 'ACCEPTED', fulfillment_status: 'SHIPPED', bag: shipped });
    await el.updateComplete;
    const link = root(el).querySelector<HTMLAnchorElement>(`[data-bag="${bag.id}"] a[part="tracking"]`);
    expect(link?.href).to.equal('https://tracking.example/TRK-42');
    expect(link?.textContent).to.contain('TRK-42');
    expect(labelOf(el, bag.id)).to.equal('Shipped');
  });

  it('links tracking only through http(s) URLs', async () => {
    const completed = orderFor(threeMerchantLines, { status: 'COMPLETED', id: 5 });
    completed.bags[1]!.fulfillments[0]!.tracking_url = 'javascript:alert(1)';
    completed.bags[2]!.fulfillments[0]!.tracking_url = ' JaVaScRiPt:alert(1)';
    const el = await fixture<ToteOrderStatus>(html`<tote-order-status .order=${completed}></tote-order-status>`);
    const links = [...root(el).querySelectorAll<HTMLAnchorElement>('a[part="tracking"]')];
    expect(links.map((a) => a.href)).to.deep.equal(['https://tracking.example/50']);
    expect(links[0]!.rel).to.equal('noopener noreferrer');
    expect(root(el).textContent).to.contain('Tracking number 1Z51');
  });

  it('stops listening when removed', async () => {
    const api = setup();
    const el = await fixture<ToteOrderStatus>(html`<tote-order-status .api=${api} order-id="77" access="a"></tote-order-status>`);
    await waitUntil(() => FakeEventSource.instances.length === 1);
    el.remove();
    expect(FakeEventSource.instances[0]!.readyState).to.equal(2);
  });

  it('speaks the shopper\'s words for every state, never the service\'s, in English and German', async () => {
    const o = orderFor(threeMerchantLines, { status: 'ACCEPTED', id: 6 });
    const cases: [Record<string, string | undefined>, string, string][] = [
      [{ status: 'SUBMITTED', financial_status: 'AUTHORIZED', fulfillment_status: 'PROCESSING' }, 'Order received', 'Bestellung eingegangen'],
      [{ status: 'IN_PROGRESS', financial_status: 'UNPAID' }, 'Order received', 'Bestellung eingegangen'],
      [{ status: 'ON_HOLD_FOR_REVIEW', financial_status: 'PENDING' }, 'Order received', 'Bestellung eingegangen'],
      [{ status: 'ACCEPTED', financial_status: 'PAID', fulfillment_status: 'PROCESSING' }, 'Confirmed by the shop', 'Vom Shop bestätigt'],
      [{ status: 'ACCEPTED', financial_status: 'PAID', fulfillment_status: 'PARTIALLY_SHIPPED' }, 'Partly shipped', 'Teilweise versandt'],
      [{ status: 'ACCEPTED', financial_status: 'PAID', fulfillment_status: 'FULFILLED' }, 'Shipped', 'Versandt'],
      [{ status: 'COMPLETED', financial_status: 'PAID', fulfillment_status: 'DELIVERED' }, 'Delivered', 'Zugestellt'],
      [{ status: 'CANCELED', financial_status: 'VOIDED' }, 'Cancelled', 'Storniert'],
      [{ status: 'REJECTED', financial_status: 'VOIDED' }, 'Cancelled', 'Storniert'],
      [{ status: 'REFUNDED', financial_status: 'REFUNDED' }, 'Refunded', 'Erstattet'],
      [{ status: 'PARTIALLY_REFUNDED', financial_status: 'PARTIALLY_REFUNDED', fulfillment_status: 'DELIVERED' }, 'Partly refunded', 'Teilweise erstattet'],
    ];
    for (const [statuses, en, de] of cases) {
      Object.assign(o.bags[0]!, { bag_status: statuses.status, ...statuses });
      for (const [locale, word] of [['en', en], ['de', de]] as const) {
        const el = await fixture<ToteOrderStatus>(html`<tote-order-status .order=${structuredClone(o)} locale=${locale}></tote-order-status>`);
        await waitUntil(() => labelOf(el, o.bags[0]!.id) === word, `${JSON.stringify(statuses)} reads "${word}" in ${locale}, not "${labelOf(el, o.bags[0]!.id)}"`);
        expect(root(el).textContent).not.to.match(/Submitted|Authorized|Accepted|Voided|Unpaid|Pending|Rejected|Canceled\b|ON HOLD|on hold/i);
      }
    }
  });

  it('shows each shop\'s items with variant values and quantity, its method and delivery, the address and the card', async () => {
    const o = orderFor(threeMerchantLines, { status: 'ACCEPTED', id: 8, selections: { '1001': 'std-1001' } });
    Object.assign(o, {
      date_submitted: '2026-11-26T12:00:00Z',
      shipping_address: { first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' },
      payment_method: { brand: 'mastercard', last4: '4444' },
      total: o.bags.reduce((n, b) => n + (b.total ?? 0), 0),
    });
    Object.assign(o.bags[0]!.shipping_method!, { min_days: 2, max_days: 4 });
    Object.assign(o.bags[0]!, { discounts: [{ code: 'SPRING10', amount: 150, status: 'APPLIED' }], taxes_included: true });
    const el = await fixture<ToteOrderStatus>(html`<tote-order-status .order=${o}></tote-order-status>`);
    await expect(el).to.be.accessible();
    const bag = root(el).querySelector(`[data-bag="${o.bags[0]!.id}"]`)!;
    const first = threeMerchantLines.find((l) => l.merchant_id === o.bags[0]!.merchant_id)!;
    expect(bag.querySelector('.item .name')!.textContent).to.equal(first.name);
    expect(bag.querySelector('.item .variants')?.textContent ?? '').to.equal(first.variant_values.map((v) => `${v.variant}: ${v.value}`).join(', '));
    expect(bag.querySelector('.item .qty')!.textContent).to.equal(`Qty ${first.quantity}`);
    expect(bag.querySelector('[part="method"]')!.textContent).to.contain('Standard');
    expect(bag.querySelector('[part="delivery"]')!.textContent).to.equal('Estimated delivery Mon, Nov 30 – Wed, Dec 2');
    expect(bag.querySelector('[data-code="SPRING10"]')!.textContent).to.contain('Discount SPRING10').and.contain('−$1.50');
    expect(bag.textContent).to.contain('Incl. VAT');
    expect(root(el).querySelector('[part="address"] address')!.textContent).to.equal('Ada Lovelace1 Market St94105 San Francisco CAUnited States');
    expect(root(el).querySelector('[part="payment"]')!.textContent).to.contain('Mastercard ending in 4444');
  });
});
