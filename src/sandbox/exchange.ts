/**
 * The sandbox's fixed exchange rates, so a cart, an estimate and a direct
 * order can be priced in one base currency whatever each merchant sells in.
 * Rates are units of a currency per 1 USD (fixed, not market rates; see
 * docs/sandbox.md). A converted amount is rounded to the target currency's
 * ISO 4217 exponent, half to even, in exact integer arithmetic.
 */
import { currencyExponent } from '../contract/money.js';
import { invalid } from './http.js';

/** Units per 1 USD, as exact decimals. */
export const RATES_PER_USD: Readonly<Record<string, string>> = {
  USD: '1',
  EUR: '0.92',
  GBP: '0.79',
  JPY: '150',
  KWD: '0.307',
  CAD: '1.37',
  AUD: '1.53',
  CHF: '0.88',
  SEK: '10.5',
  NZD: '1.66',
  MXN: '17.2',
};

const SCALE = 6;

/** A rate as an integer scaled by 10^6 (`0.92` → 920000n). */
function scaled(currency: string): bigint {
  const text = RATES_PER_USD[currency];
  if (text === undefined) throw new RangeError(`No sandbox rate for ${currency}`);
  const [whole, frac = ''] = text.split('.');
  return BigInt(whole! + frac.padEnd(SCALE, '0'));
}

export const hasRate = (currency: string) => Object.hasOwn(RATES_PER_USD, currency);

/** Answers 400 naming `field` when the sandbox cannot price in `currency`. */
export function checkRate(currency: string, field: string): void {
  if (!hasRate(currency)) throw invalid(field, `the sandbox has no exchange rate for ${currency}; it prices in ${Object.keys(RATES_PER_USD).join(', ')}`);
}

/** `n / d` rounded half to even (d > 0). */
function divideHalfEven(n: bigint, d: bigint): bigint {
  const negative = n < 0n;
  const a = negative ? -n : n;
  let q = a / d;
  const r2 = (a % d) * 2n;
  if (r2 > d || (r2 === d && q % 2n === 1n)) q += 1n;
  return negative ? -q : q;
}

/** `amount` minor units of `from` in minor units of `to`, rounded half to even. */
export function convert(amount: number, from: string, to: string): number {
  if (from === to) return amount;
  const numerator = BigInt(amount) * scaled(to) * 10n ** BigInt(currencyExponent(to));
  const denominator = scaled(from) * 10n ** BigInt(currencyExponent(from));
  return Number(divideHalfEven(numerator, denominator));
}

/** How many units of `to` one unit of `from` buys (informative: `currency_exchange_rate`). */
export function exchangeRate(from: string, to: string): number {
  return Number(RATES_PER_USD[to]) / Number(RATES_PER_USD[from]);
}
