import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { convert, exchangeRate, RATES_PER_USD } from '../../src/sandbox/exchange.js';

describe('sandbox exchange rates', () => {
  it('rounds a converted amount to the target exponent, half to even', () => {
    // 0.03 USD = 4.5 JPY → 4 (even); 0.05 USD = 7.5 JPY → 8 (even); 0.01 USD = 1.5 JPY → 2.
    assert.equal(convert(3, 'USD', 'JPY'), 4);
    assert.equal(convert(5, 'USD', 'JPY'), 8);
    assert.equal(convert(1, 'USD', 'JPY'), 2);
    // 1 JPY = 0.00666… USD → 0.01 rounds to 1 cent only from 0.5 cents up: 0.67 cents → 1.
    assert.equal(convert(1, 'JPY', 'USD'), 1);
    assert.equal(convert(100, 'JPY', 'USD'), 67);
  });

  it('keeps three-decimal currencies exact (KWD) and converts between non-USD currencies through the table', () => {
    assert.equal(convert(1000, 'USD', 'KWD'), 3070); // 10.00 USD = 3.070 KWD
    assert.equal(convert(1000, 'EUR', 'GBP'), 859); // 10.00 EUR × 0.79/0.92 = 8.5869… GBP
    assert.equal(convert(4999, 'USD', 'USD'), 4999);
  });

  it('answers the informative rate of a bag (units of base per unit of the merchant currency)', () => {
    assert.equal(exchangeRate('USD', 'USD'), 1);
    assert.ok(Math.abs(exchangeRate('EUR', 'USD') - 1 / 0.92) < 1e-12);
    assert.ok(Object.keys(RATES_PER_USD).length >= 5);
  });
});
