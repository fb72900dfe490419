/**
 * Runs in Chromium (bundled by bench/checkout.ts). Drives <tote-checkout> the
 * way a shopper does, from the review step to the placed order, against the
 * BFF mounted under this page's origin, and records every request the
 * browser sends to the BFF with its timing.
 */
import '../../src/checkout/view/checkout/checkout.js';
import type { ToteCheckout } from '../../src/checkout/view/checkout/checkout.js';
import type { ToteAddressForm } from '../../src/checkout/view/address-form/address-form.js';
import type { WidgetOffer } from '../../src/contract/api.js';
import { createApiClient } from '../../src/state/api-client.js';
import { CartStore } from '../../src/state/cart-store.js';
import type { CheckoutMode, CheckoutStep } from '../../src/checkout/rules/checkout-session.js';
import { lineForSku } from '../../src/state/offer.js';

export interface RecordedRequest {
  method: string;
  path: string;
  status: number;
  start: number;
  end: number;
}

const ADDRESS = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+1 415 555 0100',
  address_1: '1 Market St',
  address_2: 'Suite 300',
  city: 'San Francisco',
  state: 'CA',
  postal_code: '94105',
  country: 'US',
};

async function waitFor<T>(what: string, probe: () => T | undefined | null | false, timeoutMs = 30_000): Promise<T> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (performance.now() > until) throw new Error(`checkout bench: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const root = (el: HTMLElement) => el.shadowRoot!;
const stepOf = (el: ToteCheckout) => root(el).querySelector<HTMLElement>('section[data-step]')?.dataset.step as CheckoutStep | undefined;

async function press(el: ToteCheckout, text: string) {
  const button = await waitFor(`"${text}" enabled`, () =>
    [...root(el).querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent!.trim() === text && !b.disabled),
  );
  button.click();
}

async function reach(el: ToteCheckout, step: CheckoutStep) {
  await waitFor(`step ${step} (at ${stepOf(el)})`, () => stepOf(el) === step || (root(el).querySelector('[part="error"]')?.textContent?.trim() && 'error'));
  if (stepOf(el) !== step) throw new Error(`checkout bench: ${root(el).querySelector('[part="error"]')!.textContent!.trim()}`);
  await el.updateComplete;
}

/** One checkout from review to placed order; resolves to the requests the browser sent to the BFF. */
async function run(
  mode: CheckoutMode,
  offers: WidgetOffer[],
): Promise<{ requests: RecordedRequest[]; orderId: number; bags: number; placedAt: number; placedEpoch: number }> {
  const requests: RecordedRequest[] = [];
  const recording: typeof fetch = async (input, init) => {
    const url = new URL(String(input), location.href);
    const entry: RecordedRequest = { method: init?.method ?? 'GET', path: url.pathname, status: 0, start: performance.now(), end: 0 };
    requests.push(entry);
    try {
      const res = await fetch(input, init);
      entry.status = res.status;
      // The body is part of the wait: the caller reads it next.
      await res.clone().arrayBuffer();
      return res;
    } finally {
      // Aborted requests keep status 0.
      entry.end = performance.now();
    }
  };
  const api = createApiClient({ endpoint: '/api', fetch: recording });
  const store = new CartStore({ storageKey: `bench-${performance.now()}`, storage: null, eventTarget: null });
  for (const offer of offers) store.add(lineForSku(offer, offer.skus[0]!, 1));

  const el = document.createElement('tote-checkout');
  el.mode = mode;
  el.payment = 'sandbox';
  el.api = api;
  el.store = store;
  el.storage = null;
  document.body.replaceChildren(el);
  let placed: { order: { id: number; bags: unknown[] } } | undefined;
  el.addEventListener('tote-checkout-complete', (e) => (placed = (e as CustomEvent).detail));
  await el.updateComplete;

  await press(el, 'Continue to address');
  await reach(el, 'address');
  const form = root(el).querySelector<ToteAddressForm>('tote-address-form')!;
  form.value = { ...ADDRESS };
  await form.updateComplete;
  form.dispatchEvent(new Event('change', { bubbles: true }));
  await press(el, 'Continue to shipping');
  await reach(el, 'shipping');
  const shipping = root(el).querySelector('tote-shipping-step')!;
  const bags = new Set(offers.map((o) => o.merchant_id)).size;
  await waitFor(`${bags} bags to ship`, () => shipping.shadowRoot!.querySelectorAll('fieldset').length === bags);
  // Every bag comes with its cheapest method chosen by the quote (issue 14): the shopper keeps it.
  await press(el, 'Continue to payment');
  await reach(el, 'payment');
  await waitFor('sandbox cards', () => el.querySelectorAll('input[type="radio"]').length === 2);
  el.querySelectorAll<HTMLInputElement>('input[type="radio"]')[0]!.click();
  await press(el, 'Review order');
  await reach(el, 'confirm');
  await press(el, 'Place order');
  await reach(el, 'placed');
  const done = await waitFor('tote-checkout-complete', () => placed);
  // What the page does once the order is placed (status page, anything else) is recorded too, then settled.
  await new Promise((r) => setTimeout(r, 500));
  await waitFor('requests after placing to settle', () => requests.every((r) => r.end > 0), 5000);
  el.remove();
  // Placed = the answer to the request that placed the order arrived.
  const placing = requests.find((r) => r.method === 'POST' && r.status === 201 && r.path === '/api/checkout/place');
  if (!placing) throw new Error('checkout bench: no request placed the order');
  return { requests, orderId: done.order.id, bags: done.order.bags.length, placedAt: placing.end, placedEpoch: performance.timeOrigin + placing.end };
}

declare global {
  interface Window {
    toteCheckoutBench: { run: typeof run };
  }
}
window.toteCheckoutBench = { run };
