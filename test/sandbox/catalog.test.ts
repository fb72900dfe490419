import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createServiceClient, OfferSchema, pageSchema } from '../../src/contract/index.js';
import { sandbox, type TestSandbox } from './support.js';

const MERCHANTS = [1001, 1002, 1003, 1004, 1005, 1006, 1007];
const OfferPage = pageSchema(OfferSchema);

describe('sandbox catalog', () => {
  let sb: TestSandbox;
  before(async () => {
    sb = await sandbox();
  });
  after(() => sb.close());

  it('seeds seven merchants on different platforms with at least 150 offers, 20+ per shoppable merchant', async () => {
    const counts: Record<number, number> = {};
    const currencies = new Set<string>();
    for (const m of MERCHANTS) {
      const offers = await sb.offers(m);
      counts[m] = offers.length;
      for (const o of offers) currencies.add(o.currency);
    }
    assert.ok(Object.values(counts).reduce((a, b) => a + b) >= 150);
    for (const m of MERCHANTS.slice(0, 6)) assert.ok(counts[m]! >= 20, `merchant ${m} has ${counts[m]} offers`);
    assert.ok(currencies.has('JPY') && currencies.has('USD'));
    const health = await sb.get('/v1/operations/connection_health?app_id=10001&exclude_public=false');
    assert.equal(new Set(health.body.map((r: any) => r.platform)).size, 7);
  });

  it('is deterministic for a seed and different for another seed', async () => {
    const other = await sandbox({ seed: 2 });
    const same = await sandbox({ seed: 1 });
    try {
      const names = async (s: TestSandbox) => (await s.offers(1001)).map((o) => [o.id, o.name, o.skus.map((k: any) => [k.id, k.sale_price, k.qty_available])]);
      const mine = await names(sb);
      assert.deepEqual(await names(same), mine);
      assert.notDeepEqual(await names(other), mine);
    } finally {
      await other.close();
      await same.close();
    }
  });

  it('resolves variants to SKUs and carries stock, albums served by the sandbox, HTML descriptions', async () => {
    const offers = (await Promise.all(MERCHANTS.map((m) => sb.offers(m)))).flat();
    let multi = 0;
    let single = 0;
    for (const offer of offers) {
      const skuIds = new Set(offer.skus.map((s: any) => s.id));
      if (offer.variants.length === 0) {
        single++;
        assert.equal(offer.skus.length, 1);
        continue;
      }
      multi++;
      for (const variant of offer.variants) {
        for (const value of variant.values) {
          assert.ok(value.sku_ids.length > 0);
          for (const id of value.sku_ids) {
            assert.ok(skuIds.has(id), `variant value ${value.name} points at a SKU of the offer`);
            const sku = offer.skus.find((s: any) => s.id === id);
            assert.ok(sku.variant_values.some((vv: any) => vv.variant === variant.name && vv.value === value.name));
          }
        }
      }
    }
    assert.ok(multi > 50 && single > 10, `${multi} offers with variants, ${single} single-SKU offers`);
    const skus = offers.flatMap((o) => o.skus);
    assert.ok(skus.some((s) => s.in_stock === false && s.qty_available === 0), 'some SKUs are out of stock');
    assert.ok(skus.some((s) => s.inventory_tracked === false));
    assert.ok(offers.some((o) => o.variants.some((v: any) => v.name === 'Size') && o.variants.some((v: any) => v.name === 'Colour')));
    assert.ok(offers.some((o) => typeof o.html_description === 'string' && o.html_description.startsWith('<p>')));
    assert.ok(offers.filter((o) => o.publishing_status !== 'PUBLISHED').length >= 2);
    const dates = new Set(offers.map((o) => o.date_last_modified.slice(0, 7)));
    assert.ok(dates.size > 6, 'date_last_modified spread over many months');
    const url: string = offers[0].albums[0].media[0].url;
    assert.ok(url.startsWith(`${sb.url}/media/`));
    const image = await fetch(url);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/svg+xml');
    assert.match(await image.text(), /^<svg/);
  });

  it('pages with defaults 1/20, counts page_number from 0 and leaves totals at 0', async () => {
    const page = await sb.get('/v1/catalog/offers/merchants/1001');
    assert.equal(page.status, 200);
    const parsed = OfferPage.parse(page.body);
    assert.equal(parsed.content.length, 20);
    assert.equal(parsed.pageable?.page_number, 0);
    assert.equal(parsed.total_elements, 0);
    assert.equal(parsed.total_pages, 0);
    assert.equal(parsed.first, true);
    assert.equal(parsed.last, false);
    assert.ok(parsed.next_page_cursor);
    const second = await sb.get('/v1/catalog/offers/merchants/1001?page=2');
    assert.equal(second.body.pageable.page_number, 1);
    assert.notEqual(second.body.content[0].id, page.body.content[0].id);
  });

  it('caps size 150 at 100', async () => {
    const all = (await Promise.all(MERCHANTS.map((m) => sb.offers(m)))).flat();
    assert.ok(all.length > 100);
    // No single merchant has more than 100, so check the cap on the echo of size and on an injected large catalog.
    const page = await sb.get('/v1/catalog/offers/merchants/1001?size=150');
    assert.equal(page.body.size, 100);
    assert.equal(page.body.pageable.page_size, 100);
    for (let i = 0; i < 80; i++) {
      const offer = { ...all[0], id: 90_000 + i, merchant_id: 1001, skus: [], variants: [] };
      assert.equal((await sb.post('/__sandbox/offers', offer)).status, 201);
    }
    const big = await sb.get('/v1/catalog/offers/merchants/1001?size=150');
    assert.equal(big.body.content.length, 100);
    assert.ok(big.body.next_page_cursor);
    await sb.post('/__sandbox/reset');
  });

  it('walks every offer of a merchant exactly once through next_page_cursor', async () => {
    const everything = (await sb.get('/v1/catalog/offers/merchants/1001?size=100')).body.content.map((o: any) => o.id);
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const q = cursor ? `cursor=${encodeURIComponent(cursor)}` : 'size=7';
      const page = await sb.get(`/v1/catalog/offers/merchants/1001?${q}`);
      assert.equal(page.status, 200);
      seen.push(...page.body.content.map((o: any) => o.id));
      cursor = page.body.next_page_cursor ?? undefined;
      pages++;
    } while (cursor);
    assert.equal(pages, Math.ceil(everything.length / 7));
    assert.deepEqual(seen, everything);
    assert.equal(new Set(seen).size, seen.length);
    // The name the offers response uses for its cursor works as a parameter too.
    const first = await sb.get('/v1/catalog/offers/merchants/1001?size=5');
    const viaOtherName = await sb.get(`/v1/catalog/offers/merchants/1001?next_page_cursor=${encodeURIComponent(first.body.next_page_cursor)}`);
    assert.deepEqual(viaOtherName.body.content.map((o: any) => o.id), everything.slice(5, 10));
  });

  it('adds metadata, collections, shipping and sku metadata only when include asks', async () => {
    const plain = (await sb.get('/v1/catalog/offers/merchants/1002?size=3')).body.content[0];
    for (const key of ['metadata', 'collections', 'shipping']) assert.equal(key in plain, false, `${key} omitted`);
    assert.equal('metadata' in plain.skus[0], false);
    const some = (await sb.get('/v1/catalog/offers/merchants/1002?size=3&include=shipping,collections')).body.content[0];
    assert.ok(some.shipping.methods.length > 0);
    assert.ok(some.shipping.methods.some((m: any) => m.conditions.length > 0), 'shipping methods with conditions');
    assert.ok(some.collections.length > 0);
    assert.equal('metadata' in some, false);
    const all = (await sb.get('/v1/catalog/offers/merchants/1002?size=3&include=metadata,collections,shipping,sku_metadata')).body.content[0];
    assert.ok(all.metadata.length > 0);
    assert.ok(all.skus[0].metadata.length > 0);
    const bad = await sb.get('/v1/catalog/offers/merchants/1002?include=metadata,secrets');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.field, 'include');
  });

  it('filters published offers by since / date_last_modified:min and date_last_modified:max', async () => {
    const all = (await sb.get('/v1/catalog/offers/merchants/1001?size=100')).body.content;
    const dates = all.map((o: any) => Date.parse(o.date_last_modified.replace('+0000', 'Z'))).sort((a: number, b: number) => a - b);
    const mid = new Date(dates[Math.floor(dates.length / 2)]).toISOString().replace(/\.\d{3}Z$/, '+0000');
    const since = (await sb.get(`/v1/catalog/offers/merchants/1001?size=100&since=${encodeURIComponent(mid)}`)).body.content;
    const min = (await sb.get(`/v1/catalog/offers/merchants/1001?size=100&date_last_modified:min=${encodeURIComponent(mid)}`)).body.content;
    const max = (await sb.get(`/v1/catalog/offers/merchants/1001?size=100&date_last_modified:max=${encodeURIComponent(mid)}`)).body.content;
    assert.deepEqual(since.map((o: any) => o.id), min.map((o: any) => o.id));
    const midMs = Date.parse(mid.replace('+0000', 'Z'));
    const ms = (o: any) => Date.parse(o.date_last_modified.replace('+0000', 'Z'));
    assert.ok(since.length > 0 && since.every((o: any) => ms(o) > midMs && o.publishing_status === 'PUBLISHED'));
    assert.ok(max.length > 0 && max.every((o: any) => ms(o) < midMs && o.publishing_status === 'PUBLISHED'));
    const published = all.filter((o: any) => o.publishing_status === 'PUBLISHED' && ms(o) !== midMs);
    assert.equal(since.length + max.length, published.length);
    // An unencoded "+" arrives as a space and is still understood.
    const raw = await sb.get(`/v1/catalog/offers/merchants/1001?size=100&since=${mid}`);
    assert.equal(raw.body.content.length, since.length);
    const bad = await sb.get('/v1/catalog/offers/merchants/1001?since=yesterday');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.field, 'since');
  });

  it('answers one offer by id, and 404 for an unknown one', async () => {
    const first = (await sb.get('/v1/catalog/offers/merchants/1003?size=1')).body.content[0];
    const one = await sb.get(`/v1/catalog/offers/${first.id}`);
    assert.equal(one.status, 200);
    assert.equal(OfferSchema.parse(one.body).id, first.id);
    assert.ok(one.body.shipping, 'a single offer comes whole');
    const missing = await sb.get('/v1/catalog/offers/999999');
    assert.equal(missing.status, 404);
    assert.equal((await sb.get('/v1/catalog/offers/merchants/4242')).status, 404);
  });
});

describe('sandbox catalog: pages without a cursor (omit_cursor)', () => {
  it('lets the client walk every offer by page number when no page carries a cursor', async () => {
    const sb = await sandbox();
    try {
      await sb.post('/__sandbox/faults', { merchant_id: 1001, omit_cursor: true });
      const page = await sb.get('/v1/catalog/offers/merchants/1001?size=5');
      assert.equal(page.body.next_page_cursor, undefined);
      assert.equal(page.body.last, false);
      const client = createServiceClient({ baseUrl: sb.url, appId: 10001, appSecret: 'sandbox-secret', token: 'sandbox-token' });
      const ids: number[] = [];
      for await (const offer of client.iterateOffers(1001, { size: 5 })) ids.push(offer.id);
      const all = (await sb.get('/v1/catalog/offers/merchants/1001?size=100')).body.content.map((o: any) => o.id);
      assert.ok(all.length > 5);
      assert.deepEqual(ids, all);
    } finally {
      await sb.close();
    }
  });
});

describe('sandbox catalog: the realistic mix (issue 13)', () => {
  it('sends variants without ids on two offers in three and quantity_available beside qty_available; the contract reads them all', async () => {
    const sb = await sandbox();
    try {
      const page = (await sb.get('/v1/catalog/offers/merchants/1001?size=100')).body;
      const withVariants = page.content.filter((o: any) => o.variants?.length);
      const missing = withVariants.filter((o: any) => o.variants.some((v: any) => v.id === undefined));
      assert.ok(missing.length > 0 && missing.length < withVariants.length, `${missing.length} of ${withVariants.length}`);
      assert.ok(page.content.flatMap((o: any) => o.skus).every((s: any) => s.qty_available == null || s.quantity_available === s.qty_available));
      const parsed = pageSchema(OfferSchema).parse(page);
      for (const o of parsed.content) assert.ok(o.variants.every((v) => Number.isInteger(v.id) && v.values.every((x) => Number.isInteger(x.id))));
    } finally {
      await sb.close();
    }
  });
});
