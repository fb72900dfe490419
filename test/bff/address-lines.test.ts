// The address lines the BFF writes for the quote (`shipping_address_lines`): each country's libaddressinput
// template, filled with a checked address, then the country's name in the shopper's language.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addressLines, countryName } from '../../src/bff/address/lines.js';
import { addressFormat } from '../../src/bff/address/format.js';
import type { AddressInput } from '../../src/contract/address.js';

const base = { first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Market St' };
const lines = (a: Omit<AddressInput, 'first_name' | 'last_name' | 'address_1'> & Partial<AddressInput>, locale?: string) =>
  addressLines({ ...base, ...a } as AddressInput, addressFormat(a.country)?.format, locale);

describe('address lines per country (the BFF writes them)', () => {
  it('a US address reads "San Francisco CA 94105", a Canadian one "Ottawa ON K1A 0A3", then the country', () => {
    assert.deepEqual(lines({ city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' }, 'en-US'), [
      'Ada Lovelace',
      '1 Market St',
      'San Francisco CA 94105',
      'United States',
    ]);
    assert.deepEqual(lines({ city: 'Ottawa', state: 'ON', postal_code: 'K1A 0A3', country: 'CA' }, 'en-CA').slice(-2), ['Ottawa ON K1A 0A3', 'Canada']);
  });

  it('puts the postal code before the city in France and Germany, the country named in the shopper\'s language', () => {
    assert.deepEqual(lines({ address_1: '5 rue de Rivoli', city: 'Paris', postal_code: '75001', country: 'FR' }, 'en-US'), [
      'Ada Lovelace',
      '5 rue de Rivoli',
      '75001 Paris',
      'France',
    ]);
    assert.deepEqual(lines({ city: 'Berlin', postal_code: '10115', country: 'DE' }, 'de-DE').slice(-2), ['10115 Berlin', 'Deutschland']);
  });

  it('gives a UK postcode its own line, and a Japanese address its postal mark first, the name last', () => {
    assert.deepEqual(lines({ city: 'London', postal_code: 'SW1A 1AA', country: 'GB' }).slice(-3), ['London', 'SW1A 1AA', 'United Kingdom']);
    assert.deepEqual(lines({ city: '千代田区', state: '東京都', postal_code: '100-0001', country: 'JP' }, 'ja'), [
      '〒100-0001',
      '東京都千代田区',
      '1 Market St',
      'Ada Lovelace',
      '日本',
    ]);
  });

  it('writes Brazil\'s city and state as "São Paulo-SP", then the CEP on its own line', () => {
    assert.deepEqual(lines({ city: 'São Paulo', state: 'SP', postal_code: '01310-100', country: 'BR' }, 'pt-BR').slice(-3), ['São Paulo-SP', '01310-100', 'Brasil']);
  });

  it('leaves no stray joint when a part is missing, and has a default template for a country without one', () => {
    assert.equal(lines({ city: 'Austin', state: '', postal_code: '78701', country: 'US' }).at(-2), 'Austin 78701');
    assert.equal(lines({ city: 'São Paulo', state: '', postal_code: '01310-100', country: 'BR' }).at(-3), 'São Paulo');
    assert.deepEqual(addressLines({ ...base, city: 'Lima', state: 'LIM', postal_code: '15001', country: 'PE' }, undefined, 'en'), [
      'Ada Lovelace',
      '1 Market St',
      'Lima LIM 15001',
      'Peru',
    ]);
  });

  it('names the country in English for a tag no engine reads, and never throws', () => {
    assert.equal(countryName('DE', 'de-DE'), 'Deutschland');
    assert.equal(countryName('DE', undefined), 'Germany');
    assert.equal(countryName('DE', 'x-private-tag'), 'Germany');
    assert.equal(countryName('DE', 'zz'), 'Germany');
  });
});
