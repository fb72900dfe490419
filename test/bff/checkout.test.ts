import { convert } from '../../src/sandbox/exchange.js';
/**
 * Carts, direct orders and the order event stream, over real HTTP: the
 * sandbox upstream, the BFF in front, requests as the widget sends them.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADDRESS, CUSTOMER, PAY, SECRETS, SHOP_ORIGIN, readEvents, received, startStack, type Stack } from './harness.js';

let stack: Stack;
const shop = { origin: SHOP_ORIGIN };

before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.close();
});

/** In-stock SKUs of a merchant, with their prices, read through the BFF as the widget would. */
async function inStockSkus(merchantId: number, count = 1) {
  const res = await stack.api(`/api/offers?merchant_id=${merchantId}&size=50`);
  assert.equal(res.status, 200, res.text);
  const skus = res.body.offers
    .flatMap((o: any) => o.skus.map((s: any) => ({ ...s, merchant_id: o.merchant_id })))
    .filter((s: any) => s.in_stock !== false && (s.qty_available ?? 10) >= 5);
  assert.ok(skus.length >= count, `merchant ${merchantId} has ${skus.length} SKUs in stock`);
  return skus.slice(0, count) as { id: number; sale_price: number; merchant_id: number; currency?: string }[];
}

async function sandboxOrders(): Promise<any[]> {
  const body = await stack.control('/__sandbox/orders');
  return Array.isArray(body) ? body : body.orders;
}

/** The sandbox's standard shipping per merchant: a direct order's shipping must be one the merchant offers. */
const STANDARD_SHIPPING: Record<number, number> = { 1001: 599, 1002: 800, 1004: 495, 1005: 1500 };

/** A direct order in USD: one currency per order, each merchant's prices converted as the sandbox does (issue 13). */
function directOrder(skus: { id: number; sale_price: number; merchant_id: number; currency?: string | null }[], extra: object = {}) {
  const merchants = [...new Set(skus.map((s) => s.merchant_id))];
  const own = (m: number) => skus.find((s) => s.merchant_id === m)!.currency ?? 'USD';
  return {
    payment_method: PAY,
    order: {
      customer: CUSTOMER,
      bags: merchants.map((m) => ({
        merchant_id: m,
        skus: skus.filter((s) => s.merchant_id === m).map((s) => ({ sku_id: s.id, quantity: 1, price: convert(s.sale_price, own(m), 'USD') })),
        shipping_method: { shipping_method_id: `${m}-standard`, label: 'Standard shipping', price: convert(STANDARD_SHIPPING[m]!, own(m), 'USD') },
      })),
      shipping_address: ADDRESS,
      currency: 'USD',
      ...extra,
    },
  };
}

async function newCart(skuId: number) {
  const res = await stack.api('/api/carts', { method: 'POST', headers: shop, json: { base_currency: 'USD', skus: [{ sku_id: skuId, quantity: 1 }] } });
  assert.equal(res.status, 201, res.text);
  assert.equal(typeof res.body.access, 'string');
  return res.body as { cart: any; access: string };
}

describe('the cart flow', () => {
  it('creates a cart, changes it step by step and submits it once', async () => {
    const [a, b] = await inStockSkus(1001, 2);
    const { cart, access } = await newCart(a!.id);
    const headers = { ...shop, 'tote-access': access };
    const path = `/api/carts/${cart.id}`;

    const got = await stack.api(path, { headers });
    assert.equal(got.status, 200);
    assert.equal(got.body.cart.id, cart.id);

    const added = await stack.api(`${path}/skus`, { method: 'POST', headers, json: { sku_id: b!.id, quantity: 2 } });
    assert.equal(added.status, 200, added.text);
    const line = added.body.cart.bags.flatMap((bag: any) => bag.skus).find((s: any) => s.sku_id === b!.id);
    assert.equal(line.quantity, 2);

    const updated = await stack.api(`${path}/skus/${line.id}`, { method: 'PUT', headers, json: { quantity: 1 } });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.body.cart.bags.flatMap((bag: any) => bag.skus).find((s: any) => s.id === line.id).quantity, 1);

    const removed = await stack.api(`${path}/skus/${line.id}`, { method: 'DELETE', headers });
    assert.equal(removed.status, 200, removed.text);
    assert.equal(removed.body.cart.bags.flatMap((bag: any) => bag.skus).some((s: any) => s.id === line.id), false);

    for (const [step, json] of [['customer', CUSTOMER], ['shipping_address', ADDRESS], ['billing_address', ADDRESS]] as const) {
      const res = await stack.api(`${path}/${step}`, { method: 'POST', headers, json });
      assert.equal(res.status, 200, `${step}: ${res.text}`);
    }

    const available = await stack.api(`${path}/shipping/available`, { headers });
    assert.equal(available.status, 200, available.text);
    assert.ok(available.body.bags.length >= 1);
    const choice = available.body.bags.map((bag: any) => ({ bag_id: bag.bag_id, shipping_method_id: bag.shipping_methods[0].shipping_method_id }));

    const shipped = await stack.api(`${path}/shipping`, { method: 'POST', headers, json: choice });
    assert.equal(shipped.status, 200, shipped.text);
    assert.ok(shipped.body.cart.bags.every((bag: any) => bag.shipping_method));

    const paid = await stack.api(`${path}/payment`, { method: 'POST', headers, json: PAY });
    assert.equal(paid.status, 200, paid.text);

    const before = (await sandboxOrders()).length;
    const key = { 'idempotency-key': `cart-submit-${cart.id}-a` };
    const [first, second] = await Promise.all([
      stack.api(`${path}/submit`, { method: 'POST', headers: { ...headers, ...key }, json: {} }),
      stack.api(`${path}/submit`, { method: 'POST', headers: { ...headers, ...key }, json: {} }),
    ]);
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(second.body, first.body);
    assert.equal(first.body.order.id, cart.id);
    assert.equal(first.body.access, access);
    assert.notEqual(first.body.order.status, 'IN_PROGRESS');
    const replay = await stack.api(`${path}/submit`, { method: 'POST', headers: { ...headers, ...key }, json: {} });
    assert.deepEqual(replay.body, first.body);
    const submitted = (await sandboxOrders()).filter((o) => o.id === cart.id && o.status !== 'IN_PROGRESS');
    assert.equal(submitted.length, 1);
    assert.ok((await sandboxOrders()).length <= before + 1);

    const order = await stack.api(`/api/orders/${cart.id}`, { headers });
    assert.equal(order.status, 200);
    assert.equal(order.body.order.id, cart.id);
  });

  it('refuses every cart route without the right access handle', async () => {
    const [a] = await inStockSkus(1001);
    const { cart, access } = await newCart(a!.id);
    const other = await newCart(a!.id);
    const wrong = [undefined, '', 'x', other.access, `${access}A`, access.toUpperCase()].filter((h) => h !== access);
    for (const handle of wrong) {
      const headers: Record<string, string> = { ...shop, ...(handle !== undefined ? { 'tote-access': handle } : {}) };
      for (const [method, path, json] of [
        ['GET', `/api/carts/${cart.id}`],
        ['POST', `/api/carts/${cart.id}/skus`, { sku_id: a!.id, quantity: 1 }],
        ['POST', `/api/carts/${cart.id}/customer`, CUSTOMER],
        ['GET', `/api/carts/${cart.id}/shipping/available`],
        ['GET', `/api/orders/${cart.id}`],
      ] as const) {
        const res = await stack.api(path, { method, headers, ...(json ? { json } : {}) });
        assert.equal(res.status, 404, `${method} ${path} with ${handle}`);
        assert.equal(res.body.error.code, 'not_found');
      }
    }
    const sse = await readEvents(`${stack.base}/api/orders/${cart.id}/events?access=${other.access}`, () => true, { timeoutMs: 2000 });
    assert.equal(sse.status, 404);
  });

  it('validates bodies and names the bad fields', async () => {
    const res = await stack.api('/api/carts', { method: 'POST', headers: shop, json: { skus: [{ sku_id: -4, quantity: 0 }] } });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'bad_request');
    const paths = res.body.error.fields.map((f: any) => f.path);
    assert.ok(paths.includes('skus.0.sku_id') && paths.includes('skus.0.quantity'), paths.join());

    const [a] = await inStockSkus(1001);
    const { cart, access } = await newCart(a!.id);
    const bad = await stack.api(`/api/carts/${cart.id}/shipping_address`, { method: 'POST', headers: { ...shop, 'tote-access': access }, json: { ...ADDRESS, country: 'United States' } });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.error.fields.map((f: any) => f.path), ['country']);
  });

  it('refuses a direct order without a payment (no unpaid order, no stock taken)', async () => {
    const [a] = await inStockSkus(1001);
    const { payment_method: _, ...unpaid } = directOrder([a!]);
    const res = await stack.api('/api/orders', { method: 'POST', headers: { ...shop, 'idempotency-key': 'unpaid-attempt-0001' }, json: unpaid });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.error.code, 'payment_required');
  });

  it('passes a declined payment on as payment_declined and keeps the key usable', async () => {
    const [a] = await inStockSkus(1004);
    const body = { ...directOrder([a!]), payment_method: { ...PAY, token: 'tok_sandbox_declined' } };
    const key = { 'idempotency-key': 'declined-attempt-0001' };
    const res = await stack.api('/api/orders', { method: 'POST', headers: { ...shop, ...key }, json: body });
    assert.equal(res.status, 402, res.text);
    assert.equal(res.body.error.code, 'payment_declined');
    const again = await stack.api('/api/orders', { method: 'POST', headers: { ...shop, ...key }, json: directOrder([a!]) });
    assert.equal(again.status, 201, again.text);
  });

  it('answers out_of_stock with the SKU named', async () => {
    const [a] = await inStockSkus(1004);
    await stack.control('/__sandbox/faults', { json: { merchant_id: 1004, out_of_stock_sku_ids: [a!.id] } });
    try {
      const res = await stack.api('/api/orders', { method: 'POST', headers: { ...shop, 'idempotency-key': 'oos-attempt-0001' }, json: directOrder([a!]) });
      assert.equal(res.status, 409, res.text);
      assert.equal(res.body.error.code, 'out_of_stock');
      assert.ok(res.body.error.skus.some((s: any) => s.sku_id === a!.id), res.text);
    } finally {
      await stack.control('/__sandbox/faults', { method: 'DELETE' });
    }
  });
});

describe('cart submission with an unknown outcome', () => {
  it('checks the cart before submitting again, so one attempt makes one order', async () => {
    const [a] = await inStockSkus(1004);
    const { cart, access } = await newCart(a!.id);
    const headers = { ...shop, 'tote-access': access };
    const path = `/api/carts/${cart.id}`;
    for (const [step, json] of [['customer', CUSTOMER], ['shipping_address', ADDRESS]] as const) {
      assert.equal((await stack.api(`${path}/${step}`, { method: 'POST', headers, json })).status, 200);
    }
    const available = await stack.api(`${path}/shipping/available`, { headers });
    const choice = available.body.bags.map((bag: any) => ({ bag_id: bag.bag_id, shipping_method_id: bag.shipping_methods[0].shipping_method_id }));
    assert.equal((await stack.api(`${path}/shipping`, { method: 'POST', headers, json: choice })).status, 200);
    assert.equal((await stack.api(`${path}/payment`, { method: 'POST', headers, json: PAY })).status, 200);

    const key = { ...headers, 'idempotency-key': `cart-unknown-${cart.id}` };
    await stack.control('/__sandbox/faults', { json: { merchant_id: 1004, fail_submit: 'after' } });
    let first;
    try {
      first = await stack.api(`${path}/submit`, { method: 'POST', headers: key, json: {} });
    } finally {
      await stack.control('/__sandbox/faults', { method: 'DELETE' });
    }
    const submitsBefore = stack.upstream.filter((c) => c === `POST /v1/checkout/cart/${cart.id}/submit`).length;
    const retry = await stack.api(`${path}/submit`, { method: 'POST', headers: key, json: {} });
    assert.equal(retry.status, 200, `${first.status} ${first.text} / ${retry.text}`);
    assert.notEqual(retry.body.order.status, 'IN_PROGRESS');
    assert.equal(stack.upstream.filter((c) => c === `POST /v1/checkout/cart/${cart.id}/submit`).length, submitsBefore, 'nothing was sent again');
    assert.equal((await sandboxOrders()).filter((o) => o.id === cart.id).length, 1);
  });
});

describe('direct order submission', () => {
  it('creates one order for two concurrent submits with one key, and replays it', async () => {
    const skus = [...(await inStockSkus(1001)), ...(await inStockSkus(1004))];
    const body = directOrder(skus);
    const before = (await sandboxOrders()).length;
    const headers = { ...shop, 'idempotency-key': 'dos-concurrent-0001' };
    const [a, b] = await Promise.all([
      stack.api('/api/orders', { method: 'POST', headers, json: body }),
      stack.api('/api/orders', { method: 'POST', headers, json: body }),
    ]);
    assert.equal(a.status, 201, a.text);
    assert.equal(b.status, 201, b.text);
    assert.deepEqual(a.body, b.body);
    assert.equal(a.body.order.bags.length, 2);
    const c = await stack.api('/api/orders', { method: 'POST', headers, json: body });
    assert.deepEqual(c.body, a.body);
    assert.equal((await sandboxOrders()).length, before + 1);

    const got = await stack.api(`/api/orders/${a.body.order.id}`, { headers: { 'tote-access': a.body.access } });
    assert.equal(got.status, 200);
  });

  it('refuses the same key with a different body (422) and a missing or malformed key (400)', async () => {
    const [s] = await inStockSkus(1001);
    const headers = { ...shop, 'idempotency-key': 'dos-conflict-0001' };
    const first = await stack.api('/api/orders', { method: 'POST', headers, json: directOrder([s!]) });
    assert.equal(first.status, 201, first.text);
    const changed = directOrder([s!]);
    changed.order.bags[0]!.skus[0]!.quantity = 2;
    const second = await stack.api('/api/orders', { method: 'POST', headers, json: changed });
    assert.equal(second.status, 422);
    assert.equal(second.body.error.code, 'idempotency_conflict');

    const none = await stack.api('/api/orders', { method: 'POST', headers: shop, json: directOrder([s!]) });
    assert.equal(none.status, 400);
    const bad = await stack.api('/api/orders', { method: 'POST', headers: { ...shop, 'idempotency-key': 'short' }, json: directOrder([s!]) });
    assert.equal(bad.status, 400);
  });

  it('reconciles an unknown outcome instead of sending the order again', async () => {
    const [s] = await inStockSkus(1004);
    const body = directOrder([s!]);
    const headers = { ...shop, 'idempotency-key': 'dos-unknown-outcome-0001' };
    const before = (await sandboxOrders()).length;
    // The platform creates the order and then fails the answer: the BFF cannot know what happened.
    await stack.control('/__sandbox/faults', { json: { merchant_id: 1004, fail_submit: 'after' } });
    let first;
    try {
      first = await stack.api('/api/orders', { method: 'POST', headers, json: body });
    } finally {
      await stack.control('/__sandbox/faults', { method: 'DELETE' });
    }
    const retry = await stack.api('/api/orders', { method: 'POST', headers, json: body });
    const created = (await sandboxOrders()).length - before;
    assert.equal(created, 1, `orders created: ${created}; first answer ${first.status} ${first.text}`);
    // Either the BFF found the order right away, or the retry found it; never a second order.
    assert.equal(retry.status, 201, retry.text);
    if (first.status === 201) assert.deepEqual(first.body, retry.body);
    else assert.equal(first.body.error.code, 'upstream_unavailable');
  });
});

describe('order events', () => {
  it('streams the order on connect, then each bag change after /__sandbox/orders/{id}/advance', async () => {
    await stack.control('/__sandbox/webhooks', { json: { url: `${stack.base}/api/webhooks` } });
    const [s] = await inStockSkus(1001);
    const placed = await stack.api('/api/orders', { method: 'POST', headers: { ...shop, 'idempotency-key': 'sse-order-0001' }, json: directOrder([s!]) });
    assert.equal(placed.status, 201, placed.text);
    const { order, access } = placed.body;
    const stream = await readEvents(
      `${stack.base}/api/orders/${order.id}/events?access=${encodeURIComponent(access)}`,
      (events) => events.some((e) => e.event === 'bag'),
      { onOpen: async () => void (await stack.control(`/__sandbox/orders/${order.id}/advance`, { json: {} })) },
    );
    assert.equal(stream.status, 200);
    assert.match(stream.headers.get('content-type') ?? '', /^text\/event-stream/);
    assert.equal(stream.events[0]!.event, 'order');
    assert.equal(stream.events[0]!.data.id, order.id);
    const bag = stream.events.find((e) => e.event === 'bag')!;
    assert.equal(bag.data.order_id, order.id);
    assert.equal(bag.data.bag_id, order.bags[0].id);
    assert.match(bag.data.topic, /^ORDER_/);
    assert.ok(bag.data.status);
  });
});

describe('secrets', () => {
  it('never appear in any response this file received', () => {
    assert.ok(received.length > 30, `only ${received.length} responses recorded`);
    for (const r of received) for (const secret of SECRETS) assert.ok(!r.includes(secret), `secret found in:\n${r.slice(0, 500)}`);
  });
});
