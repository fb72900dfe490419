/**
 * Payloads the real service sent (captured by its own demo app) replayed
 * through the exported schemas and the typed client. Sources: SOURCES.md.
 * More payloads of the same kinds can be dropped into fixtures/ under the
 * same name prefixes; every file is replayed.
 */
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  AvailableShippingSchema,
  BagSchema,
  BagShippingOptionsSchema,
  CustomerInputSchema,
  createServiceClient,
  OfferSchema,
  OrderSchema,
  pageSchema,
  type InvalidOfferReport,
} from '../../src/contract/index.js';
import { json, startServer, type TestServer } from '../contract/support.js';

const dir = new URL('./fixtures/', import.meta.url);
const load = (name: string): any => JSON.parse(readFileSync(new URL(name, dir), 'utf8'));

/** Which schema reads which kind of captured payload (by file-name prefix). */
const KINDS: [RegExp, z.ZodType][] = [
  [/\.offers-page-/, pageSchema(OfferSchema)],
  [/\.offer-/, OfferSchema],
  [/\.(cart|order)-/, OrderSchema],
  [/\.bag-/, BagSchema],
  [/\.shipping-available-/, z.union([AvailableShippingSchema, BagShippingOptionsSchema])],
  [/\.request-customer/, CustomerInputSchema],
];

const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('conformance: captured service payloads through the exported schemas', () => {
  it('has a schema for every fixture, and a source for every fixture in SOURCES.md', () => {
    const sources = readFileSync(new URL('./SOURCES.md', import.meta.url), 'utf8');
    for (const f of files) {
      assert.ok(KINDS.some(([re]) => re.test(f)), `no schema for ${f}`);
      assert.ok(sources.includes(f), `${f} is not listed in SOURCES.md`);
    }
  });

  for (const f of files) {
    const kind = KINDS.find(([re]) => re.test(f));
    if (!kind) continue;
    it(`reads ${f}`, () => {
      const result = kind[1].safeParse(load(f));
      assert.ok(result.success, result.success ? '' : z.prettifyError(result.error));
    });
  }

  it('reads variants and values that come without ids, with placeholder ids unique within the offer', () => {
    const page = pageSchema(OfferSchema).parse(load('swift-demo.offers-page-merchant-10003.json'));
    const raw = load('swift-demo.offers-page-merchant-10003.json');
    const withoutIds = raw.content.filter((o: any) => o.variants.some((v: any) => v.id == null || v.values.some((x: any) => x.id == null)));
    assert.equal(withoutIds.length, 18, 'the captured page has 18 of 20 offers without variant ids');
    for (const offer of page.content) {
      const valueIds = offer.variants.flatMap((v) => v.values.map((x) => x.id));
      assert.equal(new Set(valueIds).size, valueIds.length, `value ids unique in offer ${offer.id}`);
      assert.equal(new Set(offer.variants.map((v) => v.id)).size, offer.variants.length);
      // Every SKU still maps onto one value per variant.
      for (const sku of offer.skus) {
        for (const v of offer.variants) assert.ok(v.values.some((x) => x.sku_ids.includes(sku.id)), `sku ${sku.id} in ${v.name}`);
      }
    }
  });

  it('keeps the SDK names: offer meta, a FULFILLED bag shown as shipped', async () => {
    const { shownFulfillmentStatus } = await import('../../src/contract/index.js');
    assert.equal(shownFulfillmentStatus('FULFILLED'), 'SHIPPED');
    assert.equal(shownFulfillmentStatus('PARTIALLY_FULFILLED'), 'PARTIALLY_SHIPPED');
    assert.equal(shownFulfillmentStatus('DELIVERED'), 'DELIVERED');
    const offer = OfferSchema.parse(load('swift-demo.offer-12574.json'));
    assert.ok(Array.isArray(offer.meta));
  });
});

describe('conformance: the captured catalog page through the client', () => {
  const servers: TestServer[] = [];
  after(() => Promise.all(servers.map((s) => s.close())));

  it('serves all 20 offers of the captured page and follows page numbers (no cursor, last: false, total_pages: 7)', async () => {
    const page = load('swift-demo.offers-page-merchant-10003.json');
    assert.equal(page.next_page_cursor, undefined);
    const server = await startServer((hit, res) => {
      const n = Number(hit.query.get('page') ?? 1);
      json(res, 200, { ...page, number: n - 1, first: n === 1, last: n === page.total_pages });
    });
    servers.push(server);
    const reports: InvalidOfferReport[] = [];
    const client = createServiceClient({ baseUrl: server.url, appId: 1, appSecret: 's', token: 't', onInvalidOffer: (r) => reports.push(r) });
    const first = await client.listOffers(10003);
    assert.equal(first.content.length, 20);
    assert.deepEqual(reports, []);
    let count = 0;
    for await (const _offer of client.iterateOffers(10003)) count++;
    assert.equal(count, 20 * 7);
    assert.deepEqual(server.hits.slice(1).map((h) => h.query.get('page')), ['1', '2', '3', '4', '5', '6', '7']);
  });
});
