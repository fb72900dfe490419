/** Health, merchants, offers (one merchant and merged), estimate, caching and busy merchants, over real HTTP. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SECRETS, received, startStack, type Stack } from './harness.js';
import { until } from '../until.js';

let stack: Stack;
before(async () => {
  stack = await startStack();
  await stack.control('/__sandbox/webhooks', { json: { url: `${stack.base}/api/webhooks` } });
});
after(async () => {
  await stack?.close();
});

const offerCalls = (merchantId?: number) =>
  stack.upstream.filter((c) => c.startsWith('GET /v1/catalog/offers/merchants/') && (merchantId === undefined || c.endsWith(`/${merchantId}`))).length;

describe('health and merchants', () => {
  it('GET /api/health answers ok with the version', async () => {
    const res = await stack.api('/api/health');
    assert.equal(res.status, 200);
    assert.equal(res.body.ok, true);
    assert.match(res.body.version, /^\d+\.\d+\.\d+/);
  });

  it('GET /api/merchants lists every merchant with its currency, and the one needing attention as not shoppable', async () => {
    const res = await stack.api('/api/merchants');
    assert.equal(res.status, 200, res.text);
    const byId = new Map(res.body.merchants.map((m: any) => [m.id, m]));
    for (const id of [1001, 1002, 1003, 1004, 1005, 1007]) assert.ok(byId.has(id), `merchants: ${[...byId.keys()]}`);
    assert.equal((byId.get(1007) as any).shoppable, false);
    assert.equal((byId.get(1001) as any).shoppable, true);
    assert.equal((byId.get(1001) as any).currency, 'USD');
    assert.equal((byId.get(1002) as any).currency, 'JPY');
    for (const m of res.body.merchants) assert.equal(typeof m.name, 'string');
  });
});

describe('offers', () => {
  it('pages one merchant with the service cursor, each offer carrying merchant_name', async () => {
    const seen = new Set<number>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = `/api/offers?merchant_id=1001&size=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await stack.api(q);
      assert.equal(res.status, 200, res.text);
      assert.ok(res.body.offers.length <= 10);
      for (const o of res.body.offers) {
        assert.equal(o.merchant_id, 1001);
        assert.equal(typeof o.merchant_name, 'string');
        assert.ok(!seen.has(o.id), `offer ${o.id} twice`);
        seen.add(o.id);
      }
      cursor = res.body.next_cursor;
      pages++;
    } while (cursor && pages < 50);
    assert.ok(seen.size > 10, `walked ${seen.size} offers in ${pages} pages`);
    assert.equal(cursor, null);
  });

  it('merges all shoppable merchants behind one opaque cursor, hiding the others', async () => {
    const merchants = (await stack.api('/api/merchants')).body.merchants;
    const shoppable = new Set(merchants.filter((m: any) => m.shoppable).map((m: any) => m.id));
    const first = await stack.api('/api/offers?size=24');
    assert.equal(first.status, 200, first.text);
    assert.ok(first.body.offers.length > 0 && first.body.offers.length <= 24);
    const from = new Set(first.body.offers.map((o: any) => o.merchant_id));
    assert.ok(from.size >= 2, 'a merged page mixes merchants');
    for (const id of from) assert.ok(shoppable.has(id), `offer of hidden merchant ${id}`);
    assert.equal(typeof first.body.next_cursor, 'string');
    const second = await stack.api(`/api/offers?size=24&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    assert.equal(second.status, 200, second.text);
    const ids = new Set(first.body.offers.map((o: any) => o.id));
    for (const o of second.body.offers) assert.ok(!ids.has(o.id), `offer ${o.id} on two pages`);

    const hidden = await stack.api('/api/offers?merchant_id=1007');
    assert.equal(hidden.status, 200);
    assert.deepEqual(hidden.body, { offers: [], next_cursor: null });
    const unknown = await stack.api('/api/offers?merchant_id=999999');
    assert.equal(unknown.status, 404);
  });

  it('GET /api/offers/:id answers one offer, and 404 for an unknown one', async () => {
    const list = await stack.api('/api/offers?merchant_id=1002&size=1');
    const id = list.body.offers[0].id;
    const res = await stack.api(`/api/offers/${id}`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.offer.id, id);
    assert.equal(typeof res.body.offer.merchant_name, 'string');
    assert.equal((await stack.api('/api/offers/987654321')).status, 404);
  });

  it('refuses odd query values', async () => {
    for (const q of ['merchant_id=1e3', 'merchant_id=0x10', 'merchant_id=-1', 'merchant_id=1001&merchant_id=1002', 'size=0', 'size=101', 'size=1e1', 'size=abc', 'cursor=%%%', `cursor=${'a'.repeat(3000)}`]) {
      const res = await stack.api(`/api/offers?${q}`);
      assert.equal(res.status, 400, `${q}: ${res.status} ${res.text.slice(0, 200)}`);
      assert.equal(res.body.error.code, 'bad_request');
    }
  });

  it('serves a repeated request from the cache, and asks again after an offer webhook', async () => {
    const path = '/api/offers?merchant_id=1004&size=5';
    const first = await stack.api(path);
    assert.equal(first.status, 200);
    const callsAfterFirst = offerCalls(1004);
    const platformBefore = await stack.control('/__sandbox/calls');
    const again = await stack.api(path);
    assert.deepEqual(again.body, first.body);
    assert.equal(offerCalls(1004), callsAfterFirst, 'a repeated request costs no upstream call');
    assert.deepEqual(await stack.control('/__sandbox/calls'), platformBefore);

    // Change an offer in the sandbox: it fires OFFER_UPDATED at the BFF's webhook.
    const changed = { ...first.body.offers[0], name: 'Renamed by an offer webhook' };
    delete changed.merchant_name;
    await stack.control('/__sandbox/offers', { json: changed });
    await until(async () => {
      const res = await stack.api(path);
      return res.body.offers.some((o: any) => o.name === 'Renamed by an offer webhook');
    }, 'the cache to drop the merchant after the webhook');
    assert.equal(offerCalls(1004), callsAfterFirst + 1);
  });
});

describe('busy merchants', () => {
  /** A cart-mode quote of one SKU: it creates a service cart (one platform call of the SKU's merchant). */
  const createCart = async (skuId: number) => stack.api('/api/checkout/quote', { method: 'POST', json: { mode: 'cart', lines: [{ sku_id: skuId, quantity: 1 }] } });

  it('retries an upstream 429 within the budget and answers normally', async () => {
    const skuId = await inStockSku(1005);
    const creates = () => stack.upstream.filter((c) => c === 'POST /v1/checkout/cart').length;
    const before = creates();
    // Every second platform call is refused: the second cart meets a 429 and is retried.
    await stack.control('/__sandbox/faults', { json: { merchant_id: 1005, rate_limit_every: 2, retry_after_s: 0 } });
    try {
      for (let i = 0; i < 2; i++) {
        const res = await createCart(skuId);
        assert.equal(res.status, 200, res.text);
      }
      assert.equal(creates() - before, 3, 'two carts, one of them retried once');
    } finally {
      await stack.control('/__sandbox/faults', { method: 'DELETE' });
    }
  });

  it('answers 429 merchant_busy with Retry-After and the merchant when the budget is spent', async () => {
    const skuId = await inStockSku(1005);
    const cached = await stack.api('/api/offers?merchant_id=1005&size=3');
    await stack.control('/__sandbox/faults', { json: { merchant_id: 1005, rate_limit_every: 1, retry_after_s: 7 } });
    try {
      const res = await createCart(skuId);
      assert.equal(res.status, 429, res.text);
      assert.equal(res.headers.get('retry-after'), '7');
      assert.equal(res.body.error.code, 'merchant_busy');
      assert.equal(res.body.error.merchant_id, 1005);
      assert.equal(res.body.error.retry_after, 7);
      // A page already cached is still served while the merchant is busy; an uncached one is a 429 naming it.
      assert.deepEqual((await stack.api('/api/offers?merchant_id=1005&size=3')).body, cached.body);
      const uncached = await stack.api('/api/offers?merchant_id=1005&size=7');
      assert.equal(uncached.status, 429);
      assert.equal(uncached.body.error.code, 'merchant_busy');
      assert.equal(uncached.body.error.merchant_id, 1005);
    } finally {
      await stack.control('/__sandbox/faults', { method: 'DELETE' });
    }
  });
});

async function inStockSku(merchantId: number): Promise<number> {
  const offers = (await stack.api(`/api/offers?merchant_id=${merchantId}&size=20`)).body.offers;
  const sku = offers.flatMap((o: any) => o.skus).find((s: any) => s.in_stock !== false && (s.qty_available ?? 1) > 0);
  return sku.id;
}

describe('merchant changes', () => {
  it('a busy merchant keeps its place in the merged cursor instead of failing the page', async () => {
    await stack.control('/__sandbox/faults', { json: { merchant_id: 1003, rate_limit_every: 1, retry_after_s: 9 } });
    let first;
    try {
      first = await stack.api('/api/offers?size=18');
      assert.equal(first.status, 200, first.text);
      assert.ok(first.body.offers.length > 0);
      assert.ok(!first.body.offers.some((o: any) => o.merchant_id === 1003));
    } finally {
      await stack.control('/__sandbox/faults', { method: 'DELETE' });
    }
    const next = await stack.api(`/api/offers?size=18&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    assert.equal(next.status, 200, next.text);
    assert.ok(next.body.offers.some((o: any) => o.merchant_id === 1003), 'the busy merchant is asked again on the next page');
  });

  it('a merchant-needs-attention webhook hides that merchant at once', async () => {
    const shoppable = async () => (await stack.api('/api/merchants')).body.merchants.find((m: any) => m.id === 1001).shoppable;
    assert.equal(await shoppable(), true);
    await stack.control('/__sandbox/merchants/1001/attention', { json: { missing_scopes: ['write_orders'] } });
    await until(async () => (await shoppable()) === false, 'merchant 1001 to stop being shoppable');
    assert.deepEqual((await stack.api('/api/offers?merchant_id=1001')).body, { offers: [], next_cursor: null });
    const merged = await stack.api('/api/offers?size=30');
    assert.ok(!merged.body.offers.some((o: any) => o.merchant_id === 1001));
  });
});

describe('secrets', () => {
  it('never appear in any response this file received', () => {
    assert.ok(received.length > 20, `only ${received.length} responses recorded`);
    for (const r of received) for (const secret of SECRETS) assert.ok(!r.includes(secret), `secret found in:\n${r.slice(0, 500)}`);
  });
});
