/**
 * Prices in the shopper's currency (`<tote-provider currency>`): an amount of a merchant's currency converted
 * with the service's rates (`GET /api/currencies`), in integer minor units with each currency's ISO exponent,
 * rounded once (half away from zero). Only what a shopper looks at is converted: the amount charged is always
 * the quote's, priced by the service (docs/checkout.md, "One currency").
 */
import type { CurrencyRates } from '../contract/currencies.js';
import { currencyExponent, isKnownCurrency, type Money } from '../contract/money.js';

/** Where a shopper's chosen currency is kept, per BFF as the cart is (`<tote-currency-select>`, `<tote-provider>`). */
export const currencyStorageKey = (endpoint: string) => `tote:currency:v1:${endpoint}`;

/** The provider's currency and, once fetched, the rates to show prices in it. */
export interface DisplayCurrency {
  currency: string;
  rates?: CurrencyRates;
}

/** `money` as the shopper sees it; `converted` marks an approximate amount ("≈"). */
export type ShownMoney = Money & { converted?: true };

export function convertMoney(money: Money, display: DisplayCurrency | undefined): ShownMoney {
  const to = display?.currency;
  const rates = display?.rates;
  if (!to || !rates || money.currency === to || !isKnownCurrency(to)) return money;
  const rate = (c: string) => (c === rates.base ? 1 : rates.rates[c]);
  const from = rate(money.currency);
  const into = rate(to);
  if (!from || !into) return money;
  // One multiplication, one rounding: amount × (into / from) × 10^(exponent difference).
  const exact = (money.amount * into * 10 ** (currencyExponent(to) - currencyExponent(money.currency))) / from;
  const amount = Math.sign(exact) * Math.round(Math.abs(exact));
  return Number.isSafeInteger(amount) ? { amount, currency: to, converted: true } : money;
}
