import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OfferSchema, OrderSchema, SkuSchema } from '../../src/contract/index.js';
import { convert } from '../../src/sandbox/exchange.js';
import { sandbox, US_ADDRESS, type TestSandbox } from './support.js';

describe('sandbox lookups: one SKU, offer search, exchange rates, a cart by its token', () => {
  let sb: TestSandbox;
  before(async () => {
    sb = await sandbox();
  });
  after(() => sb.close());

  it('answers one SKU by id as the offer lists it, 404 for an unknown one', async () => {
    const sku = await sb.skuOf(1002);
    const res = await sb.get(`/v1/catalog/skus/${sku.id}`);
    assert.equal(res.status, 200);
    const one = SkuSchema.parse(res.body);
    assert.deepEqual([one.id, one.merchant_id, one.sale_price, one.currency, one.qty_available], [sku.id, 1002, sku.sale_price, 'JPY', sku.qty_available]);
    const missing = await sb.get('/v1/catalog/skus/999999');
    assert.deepEqual([missing.status, missing.body.error], [404, 'sku_not_found']);
    assert.equal((await sb.get('/v1/catalog/skus/abc')).status, 400);
  });

  it('searches offers by every field given, sorted and paged with totals', async () => {
    const all = await sb.offers(1001);
    const res = await sb.post('/v1/catalog/offers/search?page=1&size=5', { merchant_id: 1001, sort_by: 'min_price', sort_direction: 'DESC' });
    assert.equal(res.status, 200);
    const offers = res.body.content.map((o: unknown) => OfferSchema.parse(o));
    assert.equal(res.body.total_elements, all.length);
    assert.equal(res.body.total_pages, Math.ceil(all.length / 5));
    assert.equal(offers.length, 5);
    assert.deepEqual(offers.map((o: any) => o.min_price), [...all.map((o) => o.min_price)].sort((a, b) => b - a).slice(0, 5));
    const unpublished = await sb.post('/v1/catalog/offers/search', { publishing_status: 'NOT_PUBLISHED' });
    assert.equal(unpublished.body.total_elements, 3);
    const word = all[0].name.split(' ')[0].toLowerCase();
    const ids = (page: any) => page.content.map((o: any) => o.id);
    const named = await sb.post('/v1/catalog/offers/search?size=100', { name: word.toUpperCase(), merchant_id: 1001 });
    assert.deepEqual(ids(named.body), all.filter((o) => o.name.toLowerCase().includes(word)).map((o) => o.id));
    const [low, high] = [all[3].min_price, all[3].min_price * 2];
    const priced = await sb.post('/v1/catalog/offers/search?size=100', { merchant_id: 1001, min_price: low, max_price: high });
    const expected = all.filter((o) => o.min_price >= low && o.min_price <= high).map((o) => o.id);
    assert.ok(expected.length >= 1);
    assert.deepEqual(ids(priced.body), expected);
    assert.equal((await sb.post('/v1/catalog/offers/search', { sort_by: 'colour' })).status, 400);
  });

  it('answers the rates per one unit of the base asked, the same rates carts are priced with', async () => {
    const usd = await sb.get('/v1/currencies/latest');
    assert.equal(usd.status, 200);
    assert.equal(usd.body.base, 'USD');
    assert.match(usd.body.date, /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(usd.body.rates.USD, 1);
    assert.equal(usd.body.rates.JPY, 150);
    const eur = await sb.get('/v1/currencies/latest?base=eur');
    assert.equal(eur.body.base, 'EUR');
    assert.equal(eur.body.rates.EUR, 1);
    // 100 EUR in GBP by the published rate is what the sandbox's conversion gives.
    assert.equal(Math.round(10_000 * eur.body.rates.GBP), convert(10_000, 'EUR', 'GBP'));
    assert.equal((await sb.get('/v1/currencies/latest?base=XXX')).status, 400);
  });

  it('finds a cart by its token, and no other; takes an address by PUT as by POST', async () => {
    const created = OrderSchema.parse((await sb.post('/v1/checkout/cart', { skus: [{ sku_id: (await sb.skuOf(1001)).id, quantity: 1 }] })).body);
    assert.equal((await sb.call('PUT', `/v1/checkout/cart/${created.id}/billing_address`, { ...US_ADDRESS, city: 'Dallas' })).status, 200);
    const res = await sb.get(`/v1/checkout/cart/byToken/${encodeURIComponent(created.token!)}`);
    assert.equal(res.status, 200);
    assert.equal(res.body.id, created.id);
    assert.deepEqual([res.body.billing_address.city, res.body.billing_address.type], ['Dallas', 'BILLING']);
    assert.equal((await sb.get('/v1/checkout/cart/byToken/cart_1')).status, 404);
  });
});
