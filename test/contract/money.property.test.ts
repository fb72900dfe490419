import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  addMoney,
  currencyExponent,
  CurrencyMismatchError,
  formatMoney,
  multiplyMoney,
  parseMoney,
  sumByCurrency,
  toDecimal,
  UnknownCurrencyError,
  UnsafeAmountError,
  type Money,
} from '../../src/contract/index.js';

const LOCALES = ['en-US', 'de-DE', 'ja-JP', 'ar-EG', 'fr-FR'];
const BY_EXPONENT = { 0: ['JPY', 'KRW', 'CLP', 'VND'], 2: ['USD', 'EUR', 'GBP', 'CHF'], 3: ['KWD', 'IQD', 'BHD', 'TND'], 4: ['CLF', 'UYW'] };
const CURRENCIES = Object.values(BY_EXPONENT).flat();

const safeAmount = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
const smallAmount = fc.integer({ min: -10_000_000, max: 10_000_000 });

describe('money: formatting', () => {
  it('knows the ISO exponent of each currency, whatever Intl thinks', () => {
    for (const [e, codes] of Object.entries(BY_EXPONENT)) {
      for (const code of codes) assert.equal(currencyExponent(code), Number(e), code);
    }
  });

  for (const [exponent, codes] of Object.entries(BY_EXPONENT)) {
    it(`round-trips ${exponent}-decimal amounts through formatMoney/parseMoney in ${LOCALES.join(', ')}`, () => {
      fc.assert(
        fc.property(safeAmount, fc.constantFrom(...codes), fc.constantFrom(...LOCALES), (amount, currency, locale) => {
          const text = formatMoney(amount, currency, locale);
          assert.equal(parseMoney(text, currency, locale), amount, `${JSON.stringify(text)} (${currency}, ${locale})`);
        }),
        { numRuns: 300 },
      );
    });
  }

  it('shows exactly the ISO number of fraction digits', () => {
    fc.assert(
      fc.property(safeAmount, fc.constantFrom(...CURRENCIES), (amount, currency) => {
        const text = formatMoney(amount, currency, 'en-US');
        const fraction = /\.(\d+)/.exec(text)?.[1] ?? '';
        assert.equal(fraction.length, currencyExponent(currency), text);
        assert.equal(text.replace(/[^\d.]/g, '').replace(/^0+(?=\d)/, ''), toDecimal(Math.abs(amount), currency));
      }),
    );
  });

  it('formats IQD with three decimals (Intl alone would show none)', () => {
    assert.equal(formatMoney(123456, 'IQD', 'en-US').replace(/[^\d.,]/g, ''), '123.456');
    assert.equal(formatMoney(5, 'IQD', 'en-US').replace(/[^\d.,]/g, ''), '0.005');
    assert.equal(formatMoney(0, 'KWD', 'de-DE').replace(/[^\d.,]/g, ''), '0,000');
    assert.equal(formatMoney(4999, 'usd', 'en-US'), '$49.99');
    assert.equal(formatMoney(4999, 'JPY', 'en-US'), '¥4,999');
  });

  it('never shows a negative zero', () => {
    assert.equal(formatMoney(-0, 'USD', 'en-US'), '$0.00');
  });

  it('names an unknown currency code clearly', () => {
    for (const code of ['XYZ', 'usdd', '', 'EURO']) {
      assert.throws(() => formatMoney(100, code, 'en-US'), (err: unknown) => {
        assert.ok(err instanceof UnknownCurrencyError);
        assert.match(err.message, new RegExp(`Unknown currency code "${code}"`, "i"));
        return true;
      });
      assert.throws(() => currencyExponent(code), UnknownCurrencyError);
      assert.throws(() => sumByCurrency([{ amount: 1, currency: code }]), UnknownCurrencyError);
    }
  });

  it('refuses amounts that are not safe integers', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noInteger: true }),
          fc.constantFrom(Number.MAX_SAFE_INTEGER + 1, -(2 ** 60), Number.NaN, Infinity, -Infinity),
        ),
        (bad) => {
          assert.throws(() => formatMoney(bad, 'USD', 'en-US'), UnsafeAmountError);
          assert.throws(() => toDecimal(bad, 'USD'), UnsafeAmountError);
          assert.throws(() => addMoney({ amount: bad, currency: 'USD' }, { amount: 1, currency: 'USD' }), UnsafeAmountError);
          assert.throws(() => sumByCurrency([{ amount: bad, currency: 'USD' }]), UnsafeAmountError);
        },
      ),
    );
  });
});

describe('money: sums', () => {
  const money = fc.record({ amount: smallAmount, currency: fc.constantFrom('USD', 'usd', 'EUR', 'JPY', 'KWD') });

  it('sumByCurrency keeps one total per currency, equal to the sum of its items', () => {
    fc.assert(
      fc.property(fc.array(money, { maxLength: 40 }), (items) => {
        const totals = sumByCurrency(items);
        const codes = totals.map((t) => t.currency);
        assert.equal(new Set(codes).size, codes.length, 'one total per currency');
        const expected = new Map<string, number>();
        for (const { amount, currency } of items) {
          const code = currency.toUpperCase();
          expected.set(code, (expected.get(code) ?? 0) + amount);
        }
        assert.deepEqual(
          totals,
          [...expected].map(([currency, amount]) => ({ amount, currency })),
          'first-seen order, exact totals',
        );
      }),
    );
  });

  it('the totals of a merged list are the totals of the parts, added per currency', () => {
    fc.assert(
      fc.property(fc.array(money, { maxLength: 20 }), fc.array(money, { maxLength: 20 }), (a, b) => {
        const merged = sumByCurrency([...a, ...b]);
        const parts = sumByCurrency([...sumByCurrency(a), ...sumByCurrency(b)]);
        const byCode = (ms: Money[]) => Object.fromEntries(ms.map((m) => [m.currency, m.amount]));
        assert.deepEqual(byCode(merged), byCode(parts));
      }),
    );
  });

  it('addMoney refuses to mix currencies and adds exactly within one', () => {
    fc.assert(
      fc.property(money, money, (a, b) => {
        if (a.currency.toUpperCase() === b.currency.toUpperCase()) {
          assert.deepEqual(addMoney(a, b), { amount: a.amount + b.amount, currency: a.currency.toUpperCase() });
        } else {
          assert.throws(() => addMoney(a, b), CurrencyMismatchError);
        }
      }),
    );
  });

  it('refuses a sum that leaves the safe-integer range', () => {
    const big = { amount: Number.MAX_SAFE_INTEGER, currency: 'USD' };
    assert.throws(() => addMoney(big, { amount: 1, currency: 'USD' }), UnsafeAmountError);
    assert.throws(() => sumByCurrency([big, big]), UnsafeAmountError);
    assert.throws(() => multiplyMoney({ amount: 2 ** 50, currency: 'USD' }, 16), UnsafeAmountError);
    assert.deepEqual(multiplyMoney({ amount: 4999, currency: 'usd' }, 3), { amount: 14997, currency: 'USD' });
  });
});
