/**
 * The cart flags a quote asks for. A module of its own: the checkout brings it
 * with the quote, and neither the cart store (up front on every shop page) nor
 * this module needs the checkout's address and postal rules that
 * `checkout-quote.ts` brings.
 */
import type { QuoteResponse } from '../../contract/checkout-api.js';
import type { CartStore, LineIssue } from '../../state/cart-store.js';

/**
 * The cart flags a quote asks for: lines the shop no longer sells or has no stock for. The BFF names every line
 * it quotes unavailable in its bag's problems (`quote-bags.ts`, `quote-shoppable.ts`): the problems alone say it.
 */
export function lineIssues(quote: QuoteResponse): { sku_id: number; issue: 'out_of_stock' | 'unavailable' }[] {
  const out: { sku_id: number; issue: 'out_of_stock' | 'unavailable' }[] = [];
  for (const bag of quote.bags) {
    for (const p of bag.problems) {
      if (p.sku_id !== undefined && (p.code === 'out_of_stock' || p.code === 'unavailable')) out.push({ sku_id: p.sku_id, issue: p.code });
    }
  }
  return out;
}

/**
 * Brings a cart's lines in step with a checkout quote, without a request per
 * offer: a line the quote reports unavailable or out of stock is flagged; a
 * line quoted in its own currency at another price takes the new price,
 * flagged `price_changed` so the shopper sees the old one beside it.
 */
export function applyQuote(cart: CartStore, quote: QuoteResponse): void {
  const problems = new Map<number, LineIssue>(lineIssues(quote).map((p) => [p.sku_id, p.issue]));
  const prices = new Map(quote.bags.flatMap((b) => b.lines.map((l) => [l.sku_id, l.unit_price] as const)));
  cart.mapLines((line) => {
    const issue = problems.get(line.sku_id);
    if (issue) return line.issue === issue ? line : { ...line, issue };
    const price = prices.get(line.sku_id);
    if (price !== undefined && line.currency === quote.currency && price !== line.unit_price) {
      return { ...line, unit_price: price, previous_unit_price: line.unit_price, issue: 'price_changed' };
    }
    return line;
  });
}
