/**
 * Limits of one quote, shared by the BFF's schemas and the widget (zod-free, so the browser may import it):
 * lines per quote, units per line, the token's length, discount codes per order and a code's length.
 */
export const QUOTE_LIMITS = { lines: 100, quantity: 1000, tokenChars: 16_384, discountCodes: 5, codeChars: 64 } as const;
