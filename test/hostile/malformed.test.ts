/**
 * Group 2 — malformed service responses. Shapes the sandbox can serve are
 * injected verbatim (`/__sandbox/offers?raw=true`); the rest (HTML with 200,
 * truncated JSON, repeating cursors, unreadable order answers) come from a
 * tiny fake service. Junk never reaches the widget as data: it is a clear
 * error, or it is left out while everything readable is still served.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { WidgetOfferSchema, OffersResponseSchema } from '../../src/contract/api.js';
import { ADDRESS, CUSTOMER, assertNoSecrets, place, plainOffer, sendJson, startBff, startFakeUpstream, startStack, type Stack } from './harness.js';

let stack: Stack;
let nextId = 920_000;

/** Injects `offer` (with a fresh id) verbatim into merchant 1004 and reads it back through the BFF. */
async function throughBff(mutate: (o: any) => void) {
  const id = ++nextId;
  const offer: any = plainOffer(id, { merchant_id: 1004, currency: 'GBP' }, { merchant_id: 1004, currency: 'GBP' });
  mutate(offer);
  await stack.injectRaw(offer);
  return { id, one: await stack.api(`/api/offers/${id}`) };
}

function assertRefusedAsUpstream(res: { status: number; body: any; text: string }) {
  assert.equal(res.status, 502, res.text);
  assert.equal(res.body.error.code, 'upstream_error');
}

before(async () => {
  stack = await startStack();
});
after(() => stack.close());

describe('2. Malformed service responses', () => {
  describe('offers the contract cannot read', () => {
    const cases: [string, (o: any) => void][] = [
      ['an amount as a string', (o) => (o.skus[0].sale_price = '10.00')],
      ['an amount with a fraction', (o) => (o.skus[0].sale_price = 999.5)],
      ['an amount beyond the safe integers', (o) => (o.skus[0].sale_price = 2 ** 53 + 2)],
      ['a negative price', (o) => (o.skus[0].sale_price = -100)],
      ['a missing name', (o) => delete o.name],
      ['a null currency', (o) => (o.currency = null)],
      ['a wrong type (skus as an object)', (o) => (o.skus = { 0: o.skus[0] })],
      ['a number where text belongs (name: 42)', (o) => (o.name = 42)],
    ];
    for (const [what, mutate] of cases) {
      it(`an offer with ${what}: 502 upstream_error, never passed on as data`, async () => {
        const { one } = await throughBff(mutate);
        assertRefusedAsUpstream(one);
        assert.equal(one.body.offer, undefined);
      });
    }

    it('a merchant page holding unreadable offers drops only those: the rest of the merchant is served, none of the junk (issue 13)', async () => {
      const page = await stack.api('/api/offers?merchant_id=1004&size=100');
      assert.equal(page.status, 200, page.text);
      assert.ok(page.body.offers.length > 0, 'the readable offers of 1004 are served');
      assert.ok(OffersResponseSchema.safeParse(page.body).success, 'the answer is a valid widget page');
      assert.ok(page.body.offers.every((o: any) => WidgetOfferSchema.safeParse(o).success));
      // Every injected offer above was unreadable: none of them is served.
      const junk = new Set(Array.from({ length: nextId - 920_000 }, (_, i) => 920_001 + i));
      assert.ok(page.body.offers.every((o: any) => !junk.has(o.id)), 'no unreadable offer passed on');
      const cursor = Buffer.from(JSON.stringify({ v: 1, m: [[1001, ''], [1004, '']] })).toString('base64url');
      const merged = await stack.api(`/api/offers?size=100&cursor=${cursor}`);
      assert.equal(merged.status, 200, merged.text);
      assert.ok(merged.body.offers.some((o: any) => o.merchant_id === 1001) && merged.body.offers.some((o: any) => o.merchant_id === 1004));
    });
  });

  describe('odd but readable offers', () => {
    it('null in every optional field: served, with lists as empty arrays', async () => {
      const { one } = await throughBff((o) => {
        for (const k of ['description', 'html_description', 'min_price', 'max_price', 'currency_symbol', 'default_image_url', 'external_data', 'shipping', 'seller', 'vendor', 'external_url']) o[k] = null;
        o.variants = null;
        o.albums = null;
        o.tags = null;
        o.metadata = null;
        o.skus[0].albums = null;
        o.skus[0].variant_values = null;
      });
      assert.equal(one.status, 200, one.text);
      assert.deepEqual([one.body.offer.tags, one.body.offer.albums, one.body.offer.variants], [[], [], []]);
      assert.ok(WidgetOfferSchema.safeParse(one.body.offer).success);
    });

    it('unknown enum values pass through as text (a SKU status nobody has seen is not "available")', async () => {
      const { one } = await throughBff((o) => {
        o.status = 'quantum';
        o.skus[0].status = 'SUPERPOSED';
        o.type = 'HOLOGRAM';
      });
      assert.equal(one.status, 200, one.text);
      // The offer's own status is not a shopper field (issue 15.7); the SKU's, which decides "available", is.
      assert.equal(one.body.offer.skus[0].status, 'SUPERPOSED');
    });

    it('max_price below min_price is passed as given (the widget orders the range; see the browser suite)', async () => {
      const { one } = await throughBff((o) => {
        o.min_price = 5000;
        o.max_price = 1000;
      });
      assert.equal(one.status, 200);
      assert.deepEqual([one.body.offer.min_price, one.body.offer.max_price], [5000, 1000]);
    });

    it('an offer in a currency no one has heard of (ZZZ) is not sold in a made-up currency', async () => {
      const { one } = await throughBff((o) => {
        o.currency = 'ZZZ';
        o.skus[0].currency = 'ZZZ';
      });
      // Either refused, or served: then a quote must not offer it for sale (a line needs a known ISO 4217 code).
      if (one.status === 200) {
        const id = one.body.offer.skus[0].id;
        const q = await stack.api('/api/checkout/quote', { method: 'POST', json: { mode: 'cart', lines: [{ sku_id: id, quantity: 1 }], customer: CUSTOMER, shipping_address: ADDRESS } });
        assert.ok(
          q.status >= 400 || (q.body.ready === false && q.body.bags.every((b: any) => b.lines.every((l: any) => l.sku_id !== id || !l.available))),
          q.text.slice(0, 300),
        );
      } else {
        assertRefusedAsUpstream(one);
      }
    });

    it('variants naming SKUs that do not exist are served as given (the picker disables them; see the browser suite)', async () => {
      const { one } = await throughBff((o) => {
        o.variants = [{ id: 1, name: 'Size', values: [{ id: 11, name: 'S', sku_ids: [o.skus[0].id] }, { id: 12, name: 'Ghost', sku_ids: [123456789] }] }];
      });
      assert.equal(one.status, 200, one.text);
      assert.equal(one.body.offer.variants[0].values[1].sku_ids[0], 123456789);
    });

    it('an offer of 10,000 SKUs comes through whole', async () => {
      const { one } = await throughBff((o) => {
        const sku = o.skus[0];
        o.skus = Array.from({ length: 10_000 }, (_, i) => ({ ...sku, id: o.id * 100_000 + i, name: `SKU ${i}` }));
      });
      assert.equal(one.status, 200, one.text.slice(0, 200));
      assert.equal(one.body.offer.skus.length, 10_000);
    });
  });

  describe('answers from a broken service', () => {
    let fake: Awaited<ReturnType<typeof startFakeUpstream>>;
    let bff: Awaited<ReturnType<typeof startBff>>;
    const orders: any[] = [];
    before(async () => {
      fake = await startFakeUpstream({
        'GET /v1/catalog/offers/merchants/1001': (req, res) => {
          const cursor = new URL(req.url!, 'http://x').searchParams.get('cursor');
          // The service hands back the cursor it was given: the list would never end.
          sendJson(res, 200, { content: [plainOffer(cursor ? 2 : 1)], last: false, next_page_cursor: cursor ?? 'same-cursor' });
        },
        'GET /v1/catalog/offers/1': (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><h1>Service Unavailable</h1><script>alert(1)</script>'),
        'GET /v1/catalog/offers/2': (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":2,"name":"Trunc'),
        'GET /v1/catalog/offers/3': (_req, res) => sendJson(res, 200, 'null'),
        'POST /v1/orders/estimate': (_req, res, body) => {
          const req = JSON.parse(body);
          sendJson(res, 200, { estimated_carts: [{ merchant_id: 1001, base_currency: 'USD', sub_total: 1000, shipping_total: 599, tax_total: 0, total: 1599, skus: req.skus.map((s: any) => ({ ...s, price: 1000 })), available_shipping_methods: [{ shipping_method_id: '1001-standard', label: 'Standard', price: 599 }] }] });
        },
        'POST /v1/orders': (_req, res, body) => {
          // The order is created, but the answer is unreadable (total as a string).
          const order = { id: 4242, app_order_id: JSON.parse(body).order.app_order_id, status: 'PROCESSING', total: '15.99', bags: [] };
          orders.push(order);
          sendJson(res, 200, order);
        },
        'POST /v1/orders/search': (_req, res) => sendJson(res, 200, { content: orders.map((o) => ({ ...o, total: 1599 })) }),
      });
      bff = await startBff(fake.url);
    });
    after(async () => {
      await bff.close();
      await fake.close();
    });

    it('an HTML page with status 200: 502 upstream_error, none of the page passed on', async () => {
      const res = await bff.api('/api/offers/1');
      assert.equal(res.status, 502, res.text);
      assert.equal(res.body.error.code, 'upstream_error');
      assert.doesNotMatch(res.text, /<script|doctype|Service Unavailable/i);
      assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    });

    it('truncated JSON or a bare null with status 200: 502 upstream_error', async () => {
      for (const id of [2, 3]) {
        const res = await bff.api(`/api/offers/${id}`);
        assert.equal(res.status, 502, `${id}: ${res.text}`);
        assert.equal(res.body.error.code, 'upstream_error');
      }
    });

    it('a cursor that repeats itself ends the list instead of paging forever', async () => {
      const first = await bff.api('/api/offers?merchant_id=1001&size=1');
      assert.equal(first.body.next_cursor, 'same-cursor');
      const second = await bff.api(`/api/offers?merchant_id=1001&size=1&cursor=${first.body.next_cursor}`);
      assert.equal(second.status, 200);
      assert.equal(second.body.next_cursor, null);
    });

    it('an order created upstream whose answer is unreadable is reconciled, never sent a second time', async () => {
      const q = await bff.api('/api/checkout/quote', { method: 'POST', json: { lines: [{ sku_id: 10, quantity: 1 }], customer: CUSTOMER, shipping_address: ADDRESS } });
      assert.equal(q.body.ready, true, q.text);
      const first = await place(bff, q.body.quote_token, 'malformed-order-answer-1');
      const retry = await place(bff, q.body.quote_token, 'malformed-order-answer-1');
      assert.equal(fake.hits.filter((h) => h === 'POST /v1/orders').length, 1, `answers: ${first.status} then ${retry.status} ${retry.text.slice(0, 200)}`);
      assert.equal(orders.length, 1);
      assert.equal(retry.status, 201, retry.text);
      assert.equal(retry.body.order.id, 4242);
    });
  });

  describe('carts answering 200 with errors[]', () => {
    it('an out-of-stock SKU in a cart-mode quote: 200, the line not in the cart, a problem naming the SKU', async () => {
      const page = await stack.api('/api/offers?merchant_id=1001&size=30');
      const skus = page.body.offers.flatMap((o: any) => o.skus);
      const good = skus.find((s: any) => s.in_stock && (s.qty_available ?? 9) > 2);
      const gone = skus.find((s: any) => s.in_stock === false || s.qty_available === 0);
      const first = await stack.api('/api/checkout/quote', { method: 'POST', json: { mode: 'cart', lines: [{ sku_id: good.id, quantity: 1 }] } });
      assert.equal(first.status, 200, first.text);
      const res = await stack.api('/api/checkout/quote', {
        method: 'POST',
        json: { mode: 'cart', lines: [{ sku_id: good.id, quantity: 1 }, { sku_id: gone.id, quantity: 1 }], quote_token: first.body.quote_token },
      });
      assert.equal(res.status, 200, res.text);
      assert.ok(res.body.bags.some((b: any) => b.problems.some((p: any) => p.code === 'out_of_stock' && p.sku_id === gone.id)), res.text);
      assert.deepEqual(res.body.bags.flatMap((b: any) => b.lines.filter((l: any) => l.available).map((l: any) => l.sku_id)), [good.id]);
    });
  });

  it('no answer in this file carried the app secret or token', () => {
    assert.equal(assertNoSecrets(stack.received), undefined);
  });
});
