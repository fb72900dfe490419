import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAddress, checkField, emptyAddress, toAddressDraft, toAddressInput } from '../../src/checkout/rules/checkout-address.js';
import { AddressInputSchema } from '../../src/contract/order.js';
import { loadAddressFormat } from '../../src/checkout/rules/address-format.js';
import type { ToteApi } from '../../src/state/api-client.js';
import { addressFormat } from '../../src/bff/address/format.js';

// The BFF's answer for each country, as the widget loads it.
const api = { addressFormat: async (c: string) => addressFormat(c)! } as unknown as ToteApi;
await Promise.all(['US', 'GB', 'DE', 'CA'].map((c) => loadAddressFormat(api, c)));

const filled = () => ({
  ...emptyAddress('US'),
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+1 415 555 0100',
  address_1: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  postal_code: '94105',
});

test('an empty address names every required field', () => {
  const problems = checkAddress(emptyAddress('US'));
  assert.deepEqual(Object.keys(problems).sort(), ['address_1', 'city', 'email', 'first_name', 'last_name', 'postal_code', 'state']);
  assert.deepEqual(problems.city, { code: 'required' });
});

test('billing addresses need no contact fields, German ones no state', () => {
  const draft = { ...emptyAddress('DE'), address_1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117' };
  assert.deepEqual(checkAddress(draft, false), {});
  assert.ok(checkAddress(draft, true).email);
});

test('email, phone and postal code are checked by shape, the postal code by country', () => {
  const draft = filled();
  assert.deepEqual(checkField({ ...draft, email: 'ada@' }, 'email'), { code: 'email' });
  // The phone is the BFF's to check (libphonenumber-js is not in the browser bundle).
  assert.equal(checkField({ ...draft, phone: 'call me' }, 'phone'), undefined);
  assert.deepEqual(checkField({ ...draft, postal_code: 'SW1A 1AA' }, 'postal_code'), { code: 'postal_code', example: '95014' });
  // A country not loaded yet: the shared rule only (two characters); the BFF checks on the quote.
  assert.equal(checkField({ ...draft, country: 'FR', postal_code: '7' }, 'postal_code')?.code, 'postal_code');
  assert.equal(checkField({ ...draft, country: 'FR', postal_code: '75' }, 'postal_code'), undefined);
  assert.equal(checkField({ ...draft, country: 'GB', postal_code: 'SW1A 1AA' }, 'postal_code'), undefined);
  assert.deepEqual(checkField({ ...draft, first_name: 'x'.repeat(33) }, 'first_name'), { code: 'too_long', max: 32 });
});

test('a valid draft becomes an AddressInput the BFF schema accepts', () => {
  const input = toAddressInput({ ...filled(), country: 'ca', postal_code: ' k1a 0b1 ', state: 'ON', address_2: '  ' });
  // Spelled canonically by the BFF (src/bff/address/check.ts), which knows every country's rules.
  assert.equal(input.postal_code, 'k1a 0b1');
  assert.equal(input.country, 'CA');
  assert.equal(input.address_2, undefined);
  assert.ok(AddressInputSchema.safeParse(input).success);
});

test('untrusted drafts keep only string fields', () => {
  const draft = toAddressDraft({ city: 'Paris', postal_code: 75008, __proto__: { x: 1 }, extra: 'y' });
  assert.equal(draft.city, 'Paris');
  assert.equal(draft.postal_code, '');
  assert.equal((draft as Record<string, unknown>).extra, undefined);
  assert.deepEqual(toAddressDraft('junk'), emptyAddress('US'));
});
