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
    const es = FakeEventSource.instances[0]!;
    expect(es.url).to.equal('/api/orders/77/events?access=acc%201');
    es.open();
    const bag = order.bags[1]!;
    expect(statusOf(el, bag.id)).to.equal('ACCEPTED');
    expect(labelOf(el, bag.id)).to.equal('Accepted');
    es.send('bag', { order_id: 77, bag_id: bag.id, topic: 'ORDER_SHIPPED', status: 'COMPLETED', fulfillment_status: 'SHIPPED' });
    await el.updateComplete;
    expect(statusOf(el, bag.id)).to.equal('COMPLETED');
    expect(labelOf(el, bag.id)).to.equal('Completed');
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
    expect(root(el).querySelector(`[data-bag="${bag.id}"] [data-field="fulfillment"] [data-value]`)!.getAttribute('data-value')).to.equal('SHIPPED');
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

  it('names documented statuses in the locale and shows unknown ones as the service spells them', async () => {
    const o = orderFor(threeMerchantLines, { status: 'ACCEPTED', id: 6 });
    o.bags[0]!.bag_status = 'ON_HOLD_FOR_REVIEW';
    o.bags[0]!.status = 'ON_HOLD_FOR_REVIEW';
    const el = await fixture<ToteOrderStatus>(html`<tote-order-status .order=${o}></tote-order-status>`);
    expect(labelOf(el, o.bags[0]!.id)).to.equal('on hold for review');
    expect(root(el).querySelector(`[data-bag="${o.bags[1]!.id}"] [data-field="financial"]`)!.textContent!.trim()).to.equal('Paid');
  });
});
