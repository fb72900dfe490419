/**
 * Reconciling an order by `app_order_id` (issue 13): after an unknown
 * outcome the BFF searches the service for its attempt's order; a search
 * that lists other shoppers' orders (first, or only them) never makes one of
 * those this shopper's order.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADDRESS, CUSTOMER, place, sendJson, startBff, startFakeUpstream } from '../hostile/harness.js';

const estimate = (_req: unknown, res: any, body: string) => {
  const req = JSON.parse(body);
  sendJson(res, 200, {
    estimated_carts: [
      {
        merchant_id: 1001,
        base_currency: 'USD',
        sub_total: 1000,
        shipping_total: 599,
        tax_total: 0,
        total: 1599,
        skus: req.skus.map((s: any) => ({ ...s, price: 1000 })),
        available_shipping_methods: [{ shipping_method_id: '1001-standard', label: 'Standard', price: 599 }],
      },
    ],
  });
};

/** A ready direct-mode quote from the fake service, then one place with `key`. */
async function quoteAndPlace(bff: Awaited<ReturnType<typeof startBff>>, key: string) {
  const q = await bff.api('/api/checkout/quote', { method: 'POST', json: { lines: [{ sku_id: 10, quantity: 1 }], customer: CUSTOMER, shipping_address: ADDRESS } });
  assert.equal(q.body.ready, true, q.text);
  return place(bff, q.body.quote_token, key);
}

const someoneElses = { id: 555, app_order_id: 'tote-someone-else', status: 'PROCESSING', bags: [] };

describe('BFF: reconciling by app_order_id', () => {
  it('takes only the order whose app_order_id is the one it sent, even when the search lists another first', async () => {
    const created: any[] = [];
    const searches: unknown[] = [];
    const fake = await startFakeUpstream({
      'POST /v1/orders/estimate': estimate,
      'POST /v1/orders': (req: any, _res: unknown, body: string) => {
        created.push({ id: 777, app_order_id: JSON.parse(body).order.app_order_id, status: 'PROCESSING', bags: [] });
        req.socket.destroy(); // the order exists; the answer never arrives
      },
      // A search that matches loosely: someone else's order comes first.
      'POST /v1/orders/search': (_req: unknown, res: any, body: string) => {
        searches.push(JSON.parse(body));
        sendJson(res, 200, { content: [someoneElses, ...created], last: true });
      },
    });
    const bff = await startBff(fake.url);
    try {
      const res = await quoteAndPlace(bff, 'reconcile-exact-1');
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.order.id, 777);
      assert.equal(res.body.order.app_order_id, created[0].app_order_id);
      assert.deepEqual(searches[0], { app_order_id: created[0].app_order_id });
    } finally {
      await bff.close();
      await fake.close();
    }
  });

  it('never reports another shopper’s order when the search lists only that one', async () => {
    const fake = await startFakeUpstream({
      'POST /v1/orders/estimate': estimate,
      'POST /v1/orders': (req: any) => req.socket.destroy(),
      'POST /v1/orders/search': (_req: unknown, res: any) => sendJson(res, 200, { content: [someoneElses], last: true }),
    });
    const bff = await startBff(fake.url);
    try {
      const res = await quoteAndPlace(bff, 'reconcile-exact-2');
      assert.notEqual(res.status, 201, res.text);
      assert.ok(!res.text.includes('555') && !res.text.includes('tote-someone-else'), res.text);
    } finally {
      await bff.close();
      await fake.close();
    }
  });
});
