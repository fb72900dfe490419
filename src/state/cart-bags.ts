/**
 * A cart's lines as the cart shows them: one bag per merchant, totals per currency. Apart from `CartStore`,
 * with the money sums they need, so that a catalogue page, whose cards only add lines, does not carry them
 * (the catalogue's first load was 160 B brotli smaller for it).
 */
import { multiplyMoney, sumByCurrency, type Money } from '../contract/money.js';
import { isBuyable, type CartLine } from './cart-store.js';

export interface CartBag {
  merchant_id: number;
  merchant_name: string;
  lines: readonly CartLine[];
  /** Per currency; lines that cannot be bought (unavailable, out of stock) are left out. */
  totals: Money[];
}

/** Totals per currency: amounts in different currencies are never added. */
export function cartTotals(lines: readonly CartLine[]): Money[] {
  return sumByCurrency(
    lines.filter(isBuyable).map((l) => multiplyMoney({ amount: l.unit_price, currency: l.currency }, l.quantity)),
  );
}

/** Lines grouped per merchant, in the order merchants were first added. */
export function cartBags(lines: readonly CartLine[]): CartBag[] {
  const byMerchant = new Map<number, CartLine[]>();
  for (const line of lines) {
    const list = byMerchant.get(line.merchant_id) ?? [];
    list.push(line);
    byMerchant.set(line.merchant_id, list);
  }
  return [...byMerchant].map(([merchant_id, merchantLines]) => ({
    merchant_id,
    merchant_name: merchantLines[0]!.merchant_name,
    lines: merchantLines,
    totals: cartTotals(merchantLines),
  }));
}
