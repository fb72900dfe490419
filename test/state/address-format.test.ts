import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { countryName, formatAddressLines, loadAddressFormat } from '../../src/checkout/rules/address-format.js';
import type { ToteApi } from '../../src/state/api-client.js';
import { addressFormat } from '../../src/bff/address/format.js';

// The BFF's answer for each country, as the widget loads it; a country not loaded reads with the default template.
const api = { addressFormat: async (c: string) => addressFormat(c)! } as unknown as ToteApi;
await Promise.all(['US', 'FR', 'DE', 'GB', 'JP', 'BR'].map((c) => loadAddressFormat(api, c)));

const base = { first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Market St', address_2: null };

describe('address format per country', () => {
  it('a US address reads "San Francisco, CA 94105" and names no country at home', () => {
    const lines = formatAddressLines({ ...base, city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' }, { locale: 'en-US', homeCountry: 'US' });
    assert.deepEqual(lines, ['Ada Lovelace', '1 Market St', 'San Francisco CA 94105']);
  });

  it('puts the postal code before the city in France and Germany, and names a foreign country', () => {
    assert.deepEqual(
      formatAddressLines({ ...base, address_1: '5 rue de Rivoli', city: 'Paris', state: null, postal_code: '75001', country: 'FR' }, { locale: 'en-US', homeCountry: 'US' }),
      ['Ada Lovelace', '5 rue de Rivoli', '75001 Paris', 'France'],
    );
    assert.deepEqual(formatAddressLines({ ...base, city: 'Berlin', postal_code: '10115', country: 'de' }, { locale: 'de-DE', homeCountry: 'DE' }).at(-1), '10115 Berlin');
  });

  it('gives a UK postcode its own line, and a Japanese address its postal mark first, the name last', () => {
    assert.deepEqual(formatAddressLines({ ...base, city: 'London', postal_code: 'SW1A 1AA', country: 'GB' }, { homeCountry: 'GB' }).slice(-2), ['London', 'SW1A 1AA']);
    assert.deepEqual(formatAddressLines({ ...base, city: '千代田区', state: '東京都', postal_code: '100-0001', country: 'JP' }, { homeCountry: 'JP' }), [
      '〒100-0001',
      '東京都千代田区',
      '1 Market St',
      'Ada Lovelace',
    ]);
  });

  it('writes Brazil\'s city and state as "São Paulo-SP", then the CEP on its own line', () => {
    assert.deepEqual(formatAddressLines({ ...base, city: 'São Paulo', state: 'SP', postal_code: '01310-100', country: 'BR' }, { homeCountry: 'BR' }).slice(-2), [
      'São Paulo-SP',
      '01310-100',
    ]);
  });

  it('leaves no stray comma or double space when a part is missing, and has a default for other countries', () => {
    assert.equal(formatAddressLines({ ...base, city: 'Austin', state: '', postal_code: '78701', country: 'US' }, { homeCountry: 'US' }).at(-1), 'Austin 78701');
    assert.equal(formatAddressLines({ ...base, city: 'Austin', state: 'TX', postal_code: '', country: 'US' }, { homeCountry: 'US' }).at(-1), 'Austin TX');
    assert.equal(formatAddressLines({ ...base, city: 'São Paulo', state: '', postal_code: '01310-100', country: 'BR' }, { homeCountry: 'BR' }).at(-2), 'São Paulo');
    assert.deepEqual(formatAddressLines({ ...base, city: 'Lima', state: 'LIM', postal_code: '15001', country: 'PE' }, { locale: 'en', homeCountry: 'PE' }).at(-1), 'Lima LIM 15001');
  });

  it("names countries in the shopper's language and never throws on junk", () => {
    assert.equal(countryName('de', 'de-DE'), 'Deutschland');
    assert.equal(countryName('XX1'), '');
    assert.equal(countryName(undefined), '');
  });
});
