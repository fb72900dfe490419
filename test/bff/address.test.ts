/**
 * Addresses per country over real HTTP (issue 32): `GET /api/address-format/:country` gives one country's
 * form from libaddressinput's data, and `POST /api/checkout/quote` checks the address against it (postal
 * code, region, phone to E.164) before anything is priced, answering field-named errors. Hostile input:
 * unknown countries, huge strings, control characters.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatAddress } from 'localized-address-format';
import { ADDRESS, CUSTOMER, SHOP_ORIGIN, startStack, type Stack, resetSandboxBeforeEach } from './harness.js';

let stack: Stack;
const shop = { origin: SHOP_ORIGIN };
before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.close();
});
resetSandboxBeforeEach(import.meta.url, () => stack);

async function firstSku(): Promise<number> {
  const res = await stack.api('/api/offers?size=20');
  const sku = res.body.offers.flatMap((o: any) => o.skus).find((s: any) => s.in_stock !== false);
  return sku.id;
}
async function quote(address: object, extra: object = {}) {
  const sku = await firstSku();
  return stack.api('/api/checkout/quote', {
    method: 'POST',
    headers: shop,
    json: { mode: 'cart', lines: [{ sku_id: sku, quantity: 1 }], customer: CUSTOMER, shipping_address: { ...ADDRESS, ...address }, ...extra },
  });
}
const fieldsOf = (res: { body: any }) => Object.fromEntries(res.body.error.fields.map((f: any) => [f.path, f.message]));

describe('GET /api/address-format/:country', () => {
  it("answers Brazil's form: its order, required fields, labels, postal example and its 27 states, cacheable", async () => {
    const res = await stack.api('/api/address-format/BR');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('cache-control') ?? '', /public, max-age=\d+/);
    assert.deepEqual(res.body.fields, ['address_1', 'address_2', 'city', 'state', 'postal_code']);
    assert.deepEqual([...res.body.required].sort(), ['address_1', 'city', 'postal_code', 'state']);
    assert.deepEqual(res.body.labels, { state: 'state', postal_code: 'postal' });
    assert.equal(res.body.regions.length, 27);
    assert.deepEqual(res.body.regions.find((r: any) => r.code === 'SP'), { code: 'SP', name: 'São Paulo' });
    assert.match(res.body.postal_example, /^\d{5}-\d{3}$/);
  });

  it('answers Japan with the postcode first, prefectures with their Latin names, and only that country', async () => {
    const res = await stack.api('/api/address-format/jp');
    assert.equal(res.status, 200);
    assert.equal(res.body.country, 'JP');
    assert.deepEqual(res.body.fields, ['postal_code', 'state', 'city', 'address_1', 'address_2']);
    assert.equal(res.body.labels.state, 'prefecture');
    assert.equal(res.body.regions.length, 47);
    assert.deepEqual(res.body.regions.find((r: any) => r.latin_name === 'Tokyo'), { code: '東京都', name: '東京都', latin_name: 'Tokyo' });
    // No other country's regions or rules travel with it: the only other countries are bare codes.
    assert.ok(!res.text.includes('São Paulo') && !res.text.includes('Ontario'));
    assert.ok(res.body.countries.includes('BR') && res.body.countries.every((c: string) => /^[A-Z]{2}$/.test(c)));
  });

  it('names the UK postcode, US ZIP code, Canadian province and German form without a region', async () => {
    const [gb, us, ca, de] = await Promise.all(['GB', 'US', 'CA', 'DE'].map((c) => stack.api(`/api/address-format/${c}`)));
    assert.equal(us!.body.labels.postal_code, 'zip');
    assert.equal(ca!.body.labels.state, 'province');
    assert.equal(ca!.body.regions.find((r: any) => r.code === 'ON')?.name, 'Ontario');
    assert.equal(gb!.body.required.includes('state'), false);
    assert.deepEqual(de!.body.fields, ['address_1', 'address_2', 'postal_code', 'city']);
  });

  // Japan and the UK differ: localized-address-format's newer data folds Japan's city into the street lines and
  // drops the UK's county line (and the US comma); the service needs a city, and a county stays optional.
  it('carries the same template localized-address-format formats with (both from libaddressinput)', async () => {
    for (const c of ['DE', 'CA', 'BR']) {
      const res = await stack.api(`/api/address-format/${c}`);
      const lines = (fmt: string) => fmt.split('%n').filter((l) => /%[ACSZ]/.test(l)).map((l) => l.replace(/%[NOD]/g, '').trim());
      const theirs = formatAddress({ postalCountry: c, addressLines: ['%A'], locality: '%C', administrativeArea: '%S', postalCode: '%Z' });
      assert.deepEqual(lines(res.body.format), theirs, c);
    }
  });

  it('refuses what is not a country code, and answers 404 for a code with no data', async () => {
    for (const bad of ['USA', '1A', '%00%00', 'x'.repeat(5000), '%E2%80%AEUS']) {
      const res = await stack.api(`/api/address-format/${bad}`);
      assert.equal(res.status, 400, bad.slice(0, 20));
      assert.equal(res.body.error.fields[0].path, 'country');
    }
    const unknown = await stack.api('/api/address-format/XX');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error.code, 'not_found');
    assert.equal((await stack.api('/api/address-format/constructor')).status, 400);
  });
});

describe('POST /api/checkout/quote checks the address by its country', () => {
  it('accepts a Brazilian address, sending the canonical postcode, state code and E.164 phone to the service', async () => {
    const res = await quote({ address_1: 'Av. Paulista, 1578', city: 'São Paulo', state: 'são paulo', postal_code: '01310100', country: 'BR', phone: '(11) 91234-5678' });
    assert.equal(res.status, 200, res.text);
    // The quote token names the service cart (base64url JSON, readable by design): read what the service got.
    const payload = JSON.parse(Buffer.from(res.body.quote_token.split('.')[0], 'base64url').toString('utf8'));
    const cart = await stack.control(`/v1/checkout/cart/${payload.cart_id}`);
    assert.equal(cart.shipping_address.postal_code, '01310-100');
    assert.equal(cart.shipping_address.state, 'SP');
    assert.equal(cart.shipping_address.phone, '+5511912345678');
  });

  it("answers the address as its country writes it, the country named in the shopper's language", async () => {
    const br = await quote(
      { first_name: 'Ana', last_name: 'Souza', address_1: 'Av. Paulista, 1578', city: 'São Paulo', state: 'são paulo', postal_code: '01310100', country: 'BR' },
      { locale: 'pt-BR' },
    );
    assert.equal(br.status, 200, br.text);
    // Checked first: the canonical CEP and the state's code, as the service receives them.
    assert.deepEqual(br.body.shipping_address_lines, ['Ana Souza', 'Av. Paulista, 1578', 'São Paulo-SP', '01310-100', 'Brasil']);
    const jp = await quote({ address_1: '千代田1-1', city: '千代田区', state: '東京都', postal_code: '1000001', country: 'JP' }, { locale: 'ja' });
    assert.deepEqual(jp.body.shipping_address_lines, ['〒100-0001', '東京都千代田区', '千代田1-1', 'Ada Lovelace', '日本']);
    const gb = await quote({ address_1: '10 Downing St', city: 'London', state: undefined, postal_code: 'sw1a2aa', country: 'GB' });
    assert.deepEqual(gb.body.shipping_address_lines, ['Ada Lovelace', '10 Downing St', 'London', 'SW1A 2AA', 'United Kingdom'], 'English without a locale');
  });

  it('refuses a locale that is not a language tag, and writes one no engine reads in English', async () => {
    for (const bad of ['<script>', 'en_US', 'x'.repeat(100), 'de DE']) {
      const res = await quote({}, { locale: bad });
      assert.equal(res.status, 400, bad);
      assert.deepEqual([...new Set(res.body.error.fields.map((f: any) => f.path))], ['locale'], bad);
    }
    const odd = await quote({}, { locale: 'zz-Qaaa' });
    assert.equal(odd.status, 200, odd.text);
    assert.equal(odd.body.shipping_address_lines.at(-1), 'United States');
  });

  it('refuses a wrong postcode and phone with the fields named', async () => {
    const res = await quote({ address_1: '10 Downing St', city: 'London', state: undefined, postal_code: '12345', country: 'GB', phone: '12' });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'bad_request');
    assert.deepEqual(fieldsOf(res), { 'shipping_address.postal_code': 'invalid_postal_code', 'shipping_address.phone': 'invalid_phone' });
  });

  it("refuses a missing prefecture in Japan and a region not in Canada's list", async () => {
    const jp = await quote({ address_1: '1-1 Chiyoda', city: 'Chiyoda-ku', state: '', postal_code: '1000001', country: 'JP' });
    assert.deepEqual(fieldsOf(jp), { 'shipping_address.state': 'required' });
    const ca = await quote({ address_1: '24 Sussex Dr', city: 'Ottawa', state: 'Texas', postal_code: 'K1A 0B1', country: 'CA' });
    assert.deepEqual(fieldsOf(ca), { 'shipping_address.state': 'unknown_region' });
  });

  it('refuses control characters, an unknown country and huge strings without echoing them', async () => {
    const ctl = await quote({ city: 'Spring\u0000field' });
    assert.deepEqual(fieldsOf(ctl), { 'shipping_address.city': 'invalid_characters' });
    const bidi = await quote({ address_1: '1 Main St \u202Egnp.exe' });
    assert.deepEqual(fieldsOf(bidi), { 'shipping_address.address_1': 'invalid_characters' });
    const unknown = await quote({ country: 'XX' });
    assert.deepEqual(fieldsOf(unknown), { 'shipping_address.country': 'unknown_country' });
    const huge = await quote({ city: 'a'.repeat(100_000) });
    assert.equal(huge.status === 400 || huge.status === 413, true);
    assert.ok(!huge.text.includes('a'.repeat(100)));
  });
});
