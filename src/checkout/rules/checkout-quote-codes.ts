/**
 * The discount codes the shopper entered and what each did (issue 27): the BFF
 * tries a code at every shop and answers one verdict per code. Amounts are
 * minor units of the quote's one currency.
 */
import type { DiscountStatus, QuoteResponse } from '../../contract/checkout-api.js';
import { QUOTE_LIMITS } from '../../contract/quote-limits.js';

/** One entered code: what it took off altogether, or why not; `pending` until a quote has asked about it. */
export interface CodeState {
  code: string;
  status: DiscountStatus | 'pending';
  amount: number;
}

const key = (code: string) => code.trim().toUpperCase();

/** Each entered code as the quote's `discount_codes` answers it (the BFF ranks a code's refusals). */
export const codeStates = (codes: readonly string[], quote: QuoteResponse | undefined): CodeState[] =>
  codes.map((code) => {
    const found = quote?.discount_codes?.find((d) => key(d.code) === key(code));
    return { code, status: found?.status ?? 'pending', amount: found?.amount ?? 0 };
  });

/** A code as entered, trimmed; empty when there is nothing to apply. */
export const cleanCode = (raw: string) => raw.trim().slice(0, QUOTE_LIMITS.codeChars);

/** The codes with `raw` added once (compared without regard to case); a sixth is not taken. */
export function withCode(codes: readonly string[], raw: string): string[] {
  const code = cleanCode(raw);
  if (!code || codes.length >= QUOTE_LIMITS.discountCodes || codes.some((c) => key(c) === key(code))) return [...codes];
  return [...codes, code];
}

export const withoutCode = (codes: readonly string[], code: string): string[] => codes.filter((c) => key(c) !== key(code));
