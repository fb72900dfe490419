import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { countryName, formatAddressLines } from '../../src/state/address-format.js';
import { carrierName } from '../../src/state/carrier.js';

const base = { first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Market St', address_2: null };

describe('address format per country', () => {
  it('a US address reads "San Francisco, CA 94105" and names no country at home', () => {
    const lines = formatAddressLines({ ...base, city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' }, { locale: 'en-US', homeCountry: 'US' });
    assert.deepEqual(lines, ['Ada Lovelace', '1 Market St', 'San Francisco, CA 94105']);
  });

  it('puts the postal code before the city in France and Germany, and names a foreign country', () => {
    assert.deepEqual(
      formatAddressLines({ ...base, address_1: '5 rue de Rivoli', city: 'Paris', state: null, postal_code: '75001', country: 'FR' }, { locale: 'en-US', homeCountry: 'US' }),
      ['Ada Lovelace', '5 rue de Rivoli', '75001 Paris', 'France'],
    );
    assert.deepEqual(formatAddressLines({ ...base, city: 'Berlin', postal_code: '10115', country: 'de' }, { locale: 'de-DE', homeCountry: 'DE' }).at(-1), '10115 Berlin');
  });

  it('gives a UK postcode its own line, and a Japanese address its postal mark and prefecture', () => {
    assert.deepEqual(formatAddressLines({ ...base, city: 'London', postal_code: 'SW1A 1AA', country: 'GB' }, { homeCountry: 'GB' }).slice(-2), ['London', 'SW1A 1AA']);
    assert.deepEqual(formatAddressLines({ ...base, city: 'Chiyoda', state: 'Tokyo', postal_code: '100-0001', country: 'JP' }, { homeCountry: 'JP' }).slice(-2), ['〒100-0001', 'TokyoChiyoda']);
  });

  it('leaves no stray comma or double space when a part is missing, and has a default for other countries', () => {
    assert.equal(formatAddressLines({ ...base, city: 'Austin', state: '', postal_code: '78701', country: 'US' }, { homeCountry: 'US' }).at(-1), 'Austin 78701');
    assert.equal(formatAddressLines({ ...base, city: 'Austin', state: 'TX', postal_code: '', country: 'US' }, { homeCountry: 'US' }).at(-1), 'Austin, TX');
    assert.deepEqual(formatAddressLines({ ...base, city: 'São Paulo', state: 'SP', postal_code: '01000-000', country: 'BR' }, { locale: 'en', homeCountry: 'BR' }).at(-1), 'São Paulo SP 01000-000');
  });

  it("names countries in the shopper's language and never throws on junk", () => {
    assert.equal(countryName('de', 'de-DE'), 'Deutschland');
    assert.equal(countryName('XX1'), '');
    assert.equal(countryName(undefined), '');
  });
});

describe('carrier names', () => {
  it('never shows placeholder codes such as OTHER', () => {
    for (const code of ['OTHER', 'other', 'UNKNOWN', '', null, undefined, ' N/A ']) assert.equal(carrierName(code), undefined, String(code));
  });
  it('spells known carriers as they do, and unknown codes as words', () => {
    assert.equal(carrierName('FEDEX'), 'FedEx');
    assert.equal(carrierName('royal_mail'), 'Royal Mail');
    assert.equal(carrierName('SWISS_POST'), 'Swiss Post');
    assert.equal(carrierName('Chronopost'), 'Chronopost');
  });
});
