// Prices shown in the shopper's currency (issue 27): integer minor units in and out, each currency's ISO
// exponent, one rounding; the shop's own price whenever a rate is missing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { convertMoney } from '../../src/state/display-money.js';

const rates = { base: 'USD', date: '2026-06-01', rates: { USD: 1, EUR: 0.92, GBP: 0.79, JPY: 150, KWD: 0.307 } };
const show = (amount: number, currency: string, to: string) => convertMoney({ amount, currency }, { currency: to, rates });

describe('convertMoney', () => {
  it('converts between exponents 2, 0 and 3 with one rounding', () => {
    assert.deepEqual(show(5200, 'USD', 'EUR'), { amount: 4784, currency: 'EUR', converted: true });
    // €83.50 → $90.76 (83.50 / 0.92 = 90.7608…)
    assert.deepEqual(show(8350, 'EUR', 'USD'), { amount: 9076, currency: 'USD', converted: true });
    // ¥1,000 (exponent 0) → $6.67 (exponent 2)
    assert.deepEqual(show(1000, 'JPY', 'USD'), { amount: 667, currency: 'USD', converted: true });
    // $10.00 → 3.070 KWD (exponent 3)
    assert.deepEqual(show(1000, 'USD', 'KWD'), { amount: 3070, currency: 'KWD', converted: true });
    // £0.01 → ¥2 (1.8987… rounds once, to 2; two roundings through USD would give ¥0 or ¥2 depending on the path)
    assert.deepEqual(show(1, 'GBP', 'JPY'), { amount: 2, currency: 'JPY', converted: true });
  });

  it('rounds half away from zero, once', () => {
    const half = { base: 'USD', date: 'x', rates: { USD: 1, EUR: 0.5 } };
    assert.equal(convertMoney({ amount: 1, currency: 'USD' }, { currency: 'EUR', rates: half }).amount, 1); // 0.5 → 1
    assert.equal(convertMoney({ amount: -1, currency: 'USD' }, { currency: 'EUR', rates: half }).amount, -1);
  });

  it('leaves the shop\'s own price, unmarked, when nothing is to convert or a rate is missing', () => {
    assert.deepEqual(show(5200, 'EUR', 'EUR'), { amount: 5200, currency: 'EUR' });
    assert.deepEqual(show(5200, 'CHF', 'EUR'), { amount: 5200, currency: 'CHF' });
    assert.deepEqual(convertMoney({ amount: 5200, currency: 'USD' }, { currency: 'EUR' }), { amount: 5200, currency: 'USD' });
    assert.deepEqual(convertMoney({ amount: 5200, currency: 'USD' }, undefined), { amount: 5200, currency: 'USD' });
    assert.deepEqual(show(5200, 'USD', 'XYZ'), { amount: 5200, currency: 'USD' });
  });
});
