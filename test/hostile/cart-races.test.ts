/**
 * Issue 25.3, 25.4 and 9 — cart mode: the price placed is the price quoted.
 * The sandbox's timing control holds the cart's submit at its start (before
 * the service prices the cart for the order), so each race happens every
 * time, in the order the test chooses:
 * - a merchant's price rises between the BFF's price check and the submit;
 * - another tab's quote edits the service cart while it is being submitted;
 * - a second place of the same cart (another key) arrives meanwhile.
 * In every case no order is charged at an amount other than the one quoted.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADDRESS, CUSTOMER, inStockSku, place, startStack, type Answer, type Stack, stackPerFile } from './harness.js';
import { until } from '../until.js';

let stack: Stack;
stackPerFile(import.meta.url, (s) => (stack = s));

const quoteCart = async (lines: { sku_id: number; quantity: number }[], quoteToken?: string): Promise<Answer> =>
  stack.api('/api/checkout/quote', {
    method: 'POST',
    json: { mode: 'cart', lines, customer: CUSTOMER, shipping_address: ADDRESS, ...(quoteToken ? { quote_token: quoteToken } : {}) },
  });

/** Holds the next cart submit at its start; resolves once a place's submit waits there. */
async function holdSubmit() {
  await stack.control('/__sandbox/timing', { json: { at: 'cart_submit' } });
  return {
    reached: () => until(async () => (await stack.control('/__sandbox/timing')).holds.some((h: any) => h.waiting > 0), 'the submit to reach the hold'),
    release: () => stack.control('/__sandbox/timing/release', { json: {} }),
  };
}

/** Orders the service would charge (not canceled) at another total than `quotedTotal`. */
async function wronglyCharged(quotedTotal: number) {
  const orders = (await stack.control('/__sandbox/orders')).filter((o: any) => o.status !== 'IN_PROGRESS');
  return { orders, wrong: orders.filter((o: any) => o.status !== 'CANCELED' && o.total !== quotedTotal) };
}

describe('cart mode: the price placed is the price quoted', () => {
  it('a price rise between the price check and the submit is canceled and answered with a fresh quote, never charged', async () => {
    const sku = await inStockSku(stack, 1001);
    const q = await quoteCart([{ sku_id: sku.id, quantity: 2 }]);
    assert.equal(q.body.ready, true, q.text);

    const hold = await holdSubmit();
    const placing = place(stack, q.body.quote_token, 'race-price-1');
    await hold.reached();
    // The merchant raises the price while the submit waits: the service prices the cart again when it submits.
    const offer = await stack.control(`/v1/catalog/offers/${sku.offer_id}`);
    const raised = offer.skus.find((s: any) => s.id === sku.id).sale_price + 541;
    await stack.control('/__sandbox/offers', { json: { ...offer, skus: offer.skus.map((s: any) => (s.id === sku.id ? { ...s, sale_price: raised } : s)) } });
    await hold.release();

    const res = await placing;
    assert.equal(res.status, 409, res.text);
    assert.equal(res.body.error.code, 'quote_changed');
    assert.deepEqual(res.body.error.skus, [{ sku_id: sku.id }]);
    assert.equal(res.body.quote.bags[0].lines[0].unit_price, raised, 'the fresh quote shows the new price');

    const { orders, wrong } = await wronglyCharged(q.body.totals.total);
    assert.deepEqual(wrong, [], 'no order charged at a price the shopper was not quoted');
    assert.equal(orders.length, 1);
    assert.ok(orders[0].bags.every((b: any) => b.financial_status === 'VOIDED'), 'the authorization is voided');

    // The fresh quote places at its own price.
    const again = await place(stack, res.body.quote.quote_token, 'race-price-2');
    assert.equal(again.status, 201, again.text);
    assert.equal(again.body.order.total, res.body.quote.totals.total);
  });

  it('another tab’s quote cannot edit the cart while it is being placed', async () => {
    const [a, b] = [await inStockSku(stack, 1001), await inStockSku(stack, 1002)];
    const q = await quoteCart([{ sku_id: a.id, quantity: 1 }]);
    assert.equal(q.body.ready, true, q.text);

    const hold = await holdSubmit();
    const placing = place(stack, q.body.quote_token, 'race-tab-1');
    await hold.reached();
    // The other tab shares the cart (its quote token names it) and adds a line.
    const edit = await quoteCart([{ sku_id: a.id, quantity: 3 }, { sku_id: b.id, quantity: 2 }], q.body.quote_token);
    assert.equal(edit.status, 409, edit.text);
    assert.equal(edit.body.error.code, 'quote_used');
    await hold.release();

    const res = await placing;
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.order.total, q.body.totals.total);
    const { orders, wrong } = await wronglyCharged(q.body.totals.total);
    assert.deepEqual(wrong, []);
    assert.equal(orders.length, 1);
  });

  it('a second place of the same cart with another key answers quote_used, not upstream_error', async () => {
    const sku = await inStockSku(stack, 1001);
    const q = await quoteCart([{ sku_id: sku.id, quantity: 1 }]);
    assert.equal(q.body.ready, true, q.text);

    const hold = await holdSubmit();
    const first = place(stack, q.body.quote_token, 'race-twice-1');
    await hold.reached();
    const second = await place(stack, q.body.quote_token, 'race-twice-2');
    assert.equal(second.status, 409, second.text);
    assert.equal(second.body.error.code, 'quote_used');
    await hold.release();
    const res = await first;
    assert.equal(res.status, 201, res.text);
    const { orders } = await wronglyCharged(q.body.totals.total);
    assert.equal(orders.length, 1);
  });
});

describe('cart mode: an order placed at another price whose cancel fails', () => {
  let failing: Stack;
  let cancelDown = true;
  const WINDOW_MS = 300;
  before(async () => {
    // The service cannot be reached for the cancel (a reset): the order stays live until it can.
    const upstream: typeof fetch = (input, init) =>
      cancelDown && String(input instanceof Request ? input.url : input).endsWith('/cancel') ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);
    failing = await startStack({ fetch: upstream, placeUnknownWindowMs: WINDOW_MS });
  });
  after(async () => {
    await failing?.close();
  });

  it('is never settled as "not placed" after the window: it stays pending until the cancel goes through', async () => {
    const sku = await inStockSku(failing, 1001);
    const q = await failing.api('/api/checkout/quote', {
      method: 'POST',
      json: { mode: 'cart', lines: [{ sku_id: sku.id, quantity: 1 }], customer: CUSTOMER, shipping_address: ADDRESS },
    });
    assert.equal(q.body.ready, true, q.text);
    await failing.control('/__sandbox/timing', { json: { at: 'cart_submit' } });
    const placing = place(failing, q.body.quote_token, 'race-cancel-down-1');
    await until(async () => (await failing.control('/__sandbox/timing')).holds.some((h: any) => h.waiting > 0), 'the submit to reach the hold');
    const offer = await failing.control(`/v1/catalog/offers/${sku.offer_id}`);
    await failing.control('/__sandbox/offers', { json: { ...offer, skus: offer.skus.map((s: any) => (s.id === sku.id ? { ...s, sale_price: s.sale_price + 300 } : s)) } });
    await failing.control('/__sandbox/timing/release', { json: {} });

    const first = await placing;
    assert.equal(first.status, 202, first.text);
    await new Promise((r) => setTimeout(r, WINDOW_MS * 2));
    const later = await place(failing, q.body.quote_token, 'race-cancel-down-1');
    assert.equal(later.status, 202, `past the window, with an uncanceled order, the answer is still "placing": ${later.text}`);

    cancelDown = false;
    const settled = await place(failing, q.body.quote_token, 'race-cancel-down-1');
    assert.equal(settled.status, 409, settled.text);
    assert.equal(settled.body.error.code, 'quote_changed');
    const orders = (await failing.control('/__sandbox/orders')).filter((o: any) => o.status !== 'IN_PROGRESS');
    assert.deepEqual(orders.map((o: any) => o.status), ['CANCELED']);
  });
});
