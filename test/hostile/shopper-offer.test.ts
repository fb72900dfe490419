/**
 * Issue 15, items 7 and 11 (media) — what a shopper's browser is sent about
 * an offer. The attack read `commission_rate` and `external_data` from
 * `/api/offers`, and media URLs pointing anywhere, link-local included.
 * Offers are injected verbatim into the sandbox and read back through the
 * BFF's three offer routes.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ShopperOfferSchema } from '../../src/contract/shopper-offer.js';
import { bffConfigFromEnv } from '../../src/bff/config.js';
import { assertNoSecrets, plainOffer, startBff, startStack, type Stack } from './harness.js';

let stack: Stack;
const BUSINESS = 'business-only-marker';

const media = (url: string) => ({ url, type: 'IMAGE', alt_text: url, source_url: `${BUSINESS}-source`, external_id: `${BUSINESS}-mx`, cloud_id: `${BUSINESS}-cloud` });
const album = (urls: string[]) => ({ id: 1, name: `${BUSINESS}-album`, type: 'OFFER', media: urls.map(media), primary_media: media(urls[0]!) });

const HOSTILE_URLS = [
  'https://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'https://10.0.0.7/a.png',
  'https://192.168.1.1/router.png',
  'https://127.0.0.1/a.png',
  'https://0x7f.1/a.png',
  'https://localhost/a.png',
  'https://printer/a.png',
  'https://[::1]/a.png',
  'https://[fe80::1]/a.png',
  'https://user:pass@cdn.example.com/a.png',
  'http://cdn.example.com/plain-http.png',
  'javascript:alert(1)//.png',
  'data:image/svg+xml,<svg onload=alert(1)>',
  '//cdn.example.com/protocol-relative.png',
  'not a url',
];
const GOOD = 'https://cdn.example.com/ok.png';

function businessOffer(id: number, urls: string[] = [GOOD]) {
  return plainOffer(
    id,
    {
      commission_rate: 15.0,
      external_data: { cost_price: 120, supplier: `${BUSINESS}-supplier` },
      external_id: `${BUSINESS}-ext`,
      external_url: `https://admin.example.com/${BUSINESS}`,
      product_id: `${BUSINESS}-product`,
      source_category_name: `${BUSINESS}-category`,
      metadata: [{ key: 'margin', value: `${BUSINESS}-margin`, type: 'STRING' }],
      collections: [{ id: 77, name: `${BUSINESS}-collection` }],
      shipping: { message: `${BUSINESS}-shipping`, methods: [] },
      subscription_status: 'SUBSCRIBED',
      three_d_resource: `${BUSINESS}-3d`,
      currency_symbol: '$',
      default_image_url: urls[0],
      albums: [album(urls)],
      variants: [{ id: 5, name: 'Size', external_id: `${BUSINESS}-variant`, product_variant_id: `${BUSINESS}-pv`, values: [{ id: 6, name: 'M', sku_ids: [id * 10], external_id: `${BUSINESS}-value` }] }],
    },
    {
      gtin: `${BUSINESS}-gtin`,
      external_id: `${BUSINESS}-sku`,
      metadata: [{ key: 'cost', value: `${BUSINESS}-cost` }],
      sku_dimensions: { weight: 1.5, type: 'SKU' },
      albums: [album(urls)],
      variant_values: [{ variant: 'Size', value: 'M' }],
    },
  );
}

before(async () => {
  stack = await startStack();
  await stack.injectRaw(businessOffer(950_001));
  await stack.injectRaw(businessOffer(950_002, [...HOSTILE_URLS]));
});
after(() => stack.close());

/** Every offer of every offer route that names one of `ids`. */
async function servedOffers(api: Stack['api'], ids: number[]) {
  const one = await Promise.all(ids.map((id) => api(`/api/offers/${id}`)));
  const merchant = await api('/api/offers?merchant_id=1001&size=100');
  const merged = [];
  for (let cursor: string | null | undefined, i = 0; i < 50 && cursor !== null; i++) {
    const page = await api(`/api/offers?size=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    assert.equal(page.status, 200, page.text.slice(0, 200));
    merged.push(...page.body.offers);
    cursor = page.body.next_cursor;
  }
  const pick = (list: any[]) => list.filter((o) => ids.includes(o.id));
  return { texts: [...one.map((r) => r.text), merchant.text], offers: [...one.map((r) => r.body.offer), ...pick(merchant.body.offers), ...pick(merged)] };
}

describe('15.7 — shopper-facing offers carry only the allowlist', () => {
  it('commission_rate, external_data, external ids, metadata, collections, shipping rules never reach the browser, on any offer route', async () => {
    const { texts, offers } = await servedOffers(stack.api, [950_001, 950_002]);
    assert.equal(offers.length, 6);
    for (const text of texts) {
      for (const word of ['commission_rate', 'external_data', 'external_id', 'external_url', 'metadata', 'collections', 'gtin', 'sku_dimensions', 'currency_symbol', BUSINESS]) {
        assert.ok(!text.includes(word), `${word} served: ${text.slice(0, 200)}`);
      }
    }
  });

  it('every offer served — seeded ones included — is exactly its ShopperOfferSchema reading (no key outside the allowlist)', async () => {
    const merged = await stack.api('/api/offers?size=100');
    for (const offer of [...merged.body.offers, ...(await servedOffers(stack.api, [950_001])).offers]) {
      const parsed = ShopperOfferSchema.safeParse(offer);
      assert.ok(parsed.success, JSON.stringify(offer).slice(0, 200));
      assert.deepEqual(JSON.parse(JSON.stringify(parsed.data)), offer);
    }
  });

  it('what the widget renders is still there', async () => {
    const { body } = await stack.api('/api/offers/950001');
    const offer = body.offer;
    assert.equal(offer.name, 'Offer 950001');
    assert.equal(offer.merchant_name != null, true);
    assert.equal(offer.skus[0].sale_price, 1000);
    assert.deepEqual(offer.skus[0].variant_values, [{ variant: 'Size', value: 'M' }]);
    assert.deepEqual(offer.variants, [{ id: 5, name: 'Size', values: [{ id: 6, name: 'M', sku_ids: [9500010] }] }]);
    assert.equal(offer.default_image_url, GOOD);
    assert.equal(offer.albums[0].primary_media.url, GOOD);
  });
});

describe('15.11 — media URLs: https on public hosts, or a configured media origin', () => {
  const urlsIn = (offer: any): string[] =>
    [offer.default_image_url, ...[...offer.albums, ...offer.skus.flatMap((s: any) => s.albums)].flatMap((a: any) => [a.primary_media?.url, ...a.media.map((m: any) => m.url)])].filter(Boolean);

  it('link-local, private, loopback, single-label, IPv6-literal, credentialed, plain-http, script and relative URLs are dropped', async () => {
    const { offers } = await servedOffers(stack.api, [950_002]);
    for (const offer of offers) assert.deepEqual(urlsIn(offer), [], JSON.stringify(urlsIn(offer)));
    const good = (await stack.api('/api/offers/950001')).body.offer;
    assert.ok(urlsIn(good).length > 0 && urlsIn(good).every((u) => u === GOOD));
  });

  it('the service’s own media (the sandbox’s http origin) are served', async () => {
    const page = await stack.api('/api/offers?merchant_id=1002&size=5');
    const urls = page.body.offers.flatMap(urlsIn);
    assert.ok(urls.length > 0);
    assert.ok(urls.every((u: string) => u.startsWith(`${stack.sandboxUrl}/`)), urls[0]);
  });

  it('TOTE_MEDIA_ORIGINS adds origins (read from the environment), and only those', async () => {
    const env = { SERVICE_BASE_URL: stack.sandboxUrl, SERVICE_APP_ID: '10001', SERVICE_APP_SECRET: 's', SERVICE_TOKEN: 't' };
    assert.deepEqual(bffConfigFromEnv({ ...env, TOTE_MEDIA_ORIGINS: 'http://media.shop.test, https://img.shop.test:8443' }).mediaOrigins, ['http://media.shop.test', 'https://img.shop.test:8443']);
    assert.throws(() => bffConfigFromEnv({ ...env, TOTE_MEDIA_ORIGINS: 'javascript:alert(1)' }));

    await stack.injectRaw(businessOffer(950_003, ['http://media.shop.test/a.png', 'http://media.shop.test.evil.example/b.png', 'http://10.0.0.9/c.png']));
    const bff = await startBff(stack.sandboxUrl, { mediaOrigins: ['http://media.shop.test'] });
    try {
      const offer = (await bff.api('/api/offers/950003')).body.offer;
      assert.deepEqual([...new Set(urlsIn(offer))], ['http://media.shop.test/a.png']);
    } finally {
      await bff.close();
    }
  });

  it('no answer in this file carried the app secret or token', () => {
    assert.equal(assertNoSecrets(stack.received), undefined);
  });
});
