/**
 * The cart flags a quote asks for. A module of its own: the cart store (up
 * front on every shop page) needs only this of the quote, not the checkout's
 * address and postal rules that `checkout-quote.ts` brings.
 */
import type { QuoteResponse } from '../contract/checkout-api.js';

/** The cart flags a quote asks for: lines the shop no longer sells or has no stock for. */
export function lineIssues(quote: QuoteResponse): { sku_id: number; issue: 'out_of_stock' | 'unavailable' }[] {
  const out: { sku_id: number; issue: 'out_of_stock' | 'unavailable' }[] = [];
  for (const bag of quote.bags) {
    for (const p of bag.problems) {
      if (p.sku_id !== undefined && (p.code === 'out_of_stock' || p.code === 'unavailable')) out.push({ sku_id: p.sku_id, issue: p.code });
    }
    for (const line of bag.lines) {
      if (!line.available && !out.some((o) => o.sku_id === line.sku_id)) out.push({ sku_id: line.sku_id, issue: 'unavailable' });
    }
  }
  return out;
}
