import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkPostalCode, postalCodeExample, regionRequired } from '../../src/state/checkout-postal.js';

const cases: [string, string, string | false][] = [
  ['US', '94105', '94105'],
  ['US', '94105 1234', '94105-1234'],
  ['US', '9410', false],
  ['US', 'SW1A 1AA', false],
  ['CA', 'k1a0b1', 'K1A 0B1'],
  ['CA', 'D1A 0B1', false], // D is not a Canadian first letter
  ['GB', 'sw1a1aa', 'SW1A 1AA'],
  ['GB', 'EC1A 1BB', 'EC1A 1BB'],
  ['GB', '12345', false],
  ['DE', '10115', '10115'],
  ['DE', '1011', false],
  ['FR', '75008', '75008'],
  ['FR', '7500A', false],
  ['JP', '1000001', '100-0001'],
  ['JP', '100-0001', '100-0001'],
  ['JP', '100-001', false],
  ['NL', '1012ab', '1012 AB'],
  ['NL', '0123 AB', false],
  ['AU', '2000', '2000'],
  ['AU', '20000', false],
];

for (const [country, input, expected] of cases) {
  test(`postal code ${country} ${JSON.stringify(input)} → ${expected === false ? 'refused' : expected}`, () => {
    const check = checkPostalCode(country, input);
    if (expected === false) {
      assert.equal(check.ok, false);
      if (!check.ok) assert.equal(check.example, postalCodeExample(country));
    } else assert.deepEqual(check, { ok: true, value: expected });
  });
}

test('a country without a rule takes what the service takes (2–10 characters)', () => {
  assert.deepEqual(checkPostalCode('ZZ', ' 00  12 '), { ok: true, value: '00 12' });
  assert.equal(checkPostalCode('ZZ', '1').ok, false);
  assert.equal(checkPostalCode('ZZ', '12345678901').ok, false);
});

test('country codes are matched case-insensitively', () => {
  assert.deepEqual(checkPostalCode('gb', 'SW1A1AA'), { ok: true, value: 'SW1A 1AA' });
  assert.equal(regionRequired('us'), true);
  assert.equal(regionRequired('DE'), false);
});
