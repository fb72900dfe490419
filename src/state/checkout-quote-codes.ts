/**
 * What each discount code the shopper entered did, across the quote's bags
 * (issue 27): the BFF tries a code at every shop and lists it where it
 * applied, or where it was refused with the most telling reason. Amounts are
 * minor units of the quote's one currency.
 */
import type { DiscountStatus, QuoteResponse } from '../contract/checkout-api.js';
import { QUOTE_LIMITS } from '../contract/quote-limits.js';

/** One entered code: what it took off altogether, or why not; `pending` until a quote has asked about it. */
export interface CodeState {
  code: string;
  status: DiscountStatus | 'pending';
  amount: number;
}

const key = (code: string) => code.trim().toUpperCase();

/** The most telling refusal first, as the BFF ranks them. */
const TELLING: readonly DiscountStatus[] = ['applied', 'below_minimum', 'not_applicable', 'used_up', 'expired', 'unknown'];

export function codeStates(codes: readonly string[], quote: QuoteResponse | undefined): CodeState[] {
  const found = (quote?.bags ?? []).flatMap((b) => b.discounts ?? []);
  return codes.map((code) => {
    const mine = found.filter((d) => key(d.code) === key(code));
    const status = TELLING.find((s) => mine.some((d) => d.status === s)) ?? 'pending';
    const amount = mine.filter((d) => d.status === 'applied').reduce((n, d) => n + d.amount, 0);
    return { code, status, amount };
  });
}

/** A code as entered, trimmed; empty when there is nothing to apply. */
export const cleanCode = (raw: string) => raw.trim().slice(0, QUOTE_LIMITS.codeChars);

/** The codes with `raw` added once (compared without regard to case); a sixth is not taken. */
export function withCode(codes: readonly string[], raw: string): string[] {
  const code = cleanCode(raw);
  if (!code || codes.length >= QUOTE_LIMITS.discountCodes || codes.some((c) => key(c) === key(code))) return [...codes];
  return [...codes, code];
}

export const withoutCode = (codes: readonly string[], code: string): string[] => codes.filter((c) => key(c) !== key(code));
