import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/order-lookup/order-lookup.js';
import type { ToteOrderLookup } from '../../src/elements/order-lookup/order-lookup.js';
import { createApiClient } from '../../src/state/api-client.js';

const realFetch = window.fetch;
let bodies: unknown[] = [];

beforeEach(() => {
  bodies = [];
  window.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = JSON.parse(String(init.body ?? '{}'));
    bodies.push(body);
    if (String(input) === '/api/orders/lookup' && body.order_id === 42 && body.email === 'ada@example.com') {
      return new Response(JSON.stringify({ order_id: 42, access: 'acc42' }), { headers: { 'content-type': 'application/json' } });
    }
    if (String(input) === '/api/orders/lookup') return new Response('{"error":{"code":"not_found","message":"x"}}', { status: 404 });
    return new Response('{"error":{"code":"not_found","message":"x"}}', { status: 404 });
  }) as typeof fetch;
});
afterEach(() => {
  window.fetch = realFetch;
});

const root = (el: HTMLElement) => el.shadowRoot!;

async function submit(el: ToteOrderLookup, number: string, email: string) {
  const [num, mail] = root(el).querySelectorAll('input');
  num!.value = number;
  mail!.value = email;
  root(el).querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
}

describe('tote-order-lookup', () => {
  it('is accessible, empty and after a miss', async () => {
    const el = await fixture<ToteOrderLookup>(html`<tote-order-lookup .api=${createApiClient({ endpoint: '/api' })}></tote-order-lookup>`);
    await expect(el).to.be.accessible();
    await submit(el, '41', 'ada@example.com');
    await waitUntil(() => root(el).querySelector('[role="alert"]')!.textContent);
    expect(root(el).querySelector('[role="alert"]')!.textContent).to.equal('No order matches that number and email. Check both and try again.');
    await expect(el).to.be.accessible();
  });

  it('asks for both fields before sending anything', async () => {
    const el = await fixture<ToteOrderLookup>(html`<tote-order-lookup .api=${createApiClient({ endpoint: '/api' })}></tote-order-lookup>`);
    await submit(el, '', 'ada@example.com');
    await el.updateComplete;
    expect(bodies).to.have.length(0);
  });

  it('finds the order, says so with tote-order-found, and shows the order page with the handle', async () => {
    const el = await fixture<ToteOrderLookup>(html`<tote-order-lookup .api=${createApiClient({ endpoint: '/api' })}></tote-order-lookup>`);
    let found: unknown;
    el.addEventListener('tote-order-found', (e) => (found = e.detail));
    await submit(el, '42', ' ada@example.com ');
    await waitUntil(() => root(el).querySelector('tote-order-status'));
    expect(found).to.deep.equal({ order_id: 42, access: 'acc42' });
    const page = root(el).querySelector('tote-order-status')!;
    expect(page.getAttribute('order-id')).to.equal('42');
    expect(page.getAttribute('access')).to.equal('acc42');
  });

  it('leaves the page to the host when tote-order-found is prevented', async () => {
    const el = await fixture<ToteOrderLookup>(html`<tote-order-lookup .api=${createApiClient({ endpoint: '/api' })}></tote-order-lookup>`);
    el.addEventListener('tote-order-found', (e) => e.preventDefault());
    await submit(el, '42', 'ada@example.com');
    await waitUntil(() => bodies.length === 1);
    await el.updateComplete;
    expect(root(el).querySelector('tote-order-status')).to.equal(null);
  });
});
