/**
 * Comparing what the service would charge (or charged) with what a quote
 * states, and the shopper's answer when they differ: 409 `quote_changed`
 * with a fresh quote, nothing charged.
 */
import type { QuoteChange, QuoteResponse } from '../contract/checkout-api.js';
import type { Order } from '../contract/order.js';
import type { StoredAnswer } from './idempotency.js';
import type { QuoteInput } from './quote.js';
import type { QuotedBag, QuotePayload } from './quote-token.js';

/** The quote's inputs again, to price them afresh after a change. */
export const inputOf = (q: QuotePayload): QuoteInput => ({
  mode: q.mode,
  currency: q.currency,
  lines: q.bags.flatMap((b) => b.lines.map(({ sku_id, quantity }) => ({ sku_id, quantity }))),
  customer: q.customer,
  shipping_address: q.shipping_address,
  billing_address: q.billing_address,
  shipping: q.shipping,
  ...(q.discount_codes?.length ? { discount_codes: q.discount_codes } : {}),
  ...(q.intent ? { payment: { intent_based_capture: true as const } } : {}),
  ...(q.device_id ? { device_id: q.device_id } : {}),
  ...(q.locale ? { locale: q.locale } : {}),
});

/** A bag's applied codes and their amounts, in one comparable form. */
const discountsOf = (b: QuotedBag) =>
  b.discounts
    .map((d) => `${d.code.toUpperCase()}=${d.amount}`)
    .sort()
    .join(',');

/**
 * What differs between what was quoted and what the service charges now:
 * the SKUs whose price, quantity or availability changed, and the merchants
 * whose shipping, discounts, tax or total changed.
 */
export function differences(quoted: readonly QuotedBag[], now: readonly QuotedBag[], unavailable: ReadonlySet<number> = new Set()) {
  const skus = new Set<number>(unavailable);
  const merchants = new Set<number>();
  for (const was of quoted) {
    const is = now.find((b) => b.merchant_id === was.merchant_id);
    if (!is) {
      merchants.add(was.merchant_id);
      for (const l of was.lines) skus.add(l.sku_id);
      continue;
    }
    for (const l of was.lines) {
      const n = is.lines.find((x) => x.sku_id === l.sku_id);
      if (!n || n.price !== l.price || n.quantity !== l.quantity) skus.add(l.sku_id);
    }
    const shipping = (b: QuotedBag) => `${b.shipping?.shipping_method_id ?? ''}:${b.shipping?.price ?? ''}`;
    const moved = (['tax_total', 'discount_total', 'total'] as const).some((k) => was[k] !== is[k]) || was.taxes_included !== is.taxes_included;
    if (shipping(was) !== shipping(is) || moved || discountsOf(was) !== discountsOf(is)) merchants.add(was.merchant_id);
  }
  for (const b of now) if (!quoted.some((q) => q.merchant_id === b.merchant_id)) merchants.add(b.merchant_id);
  return { skus: [...skus], merchants: [...merchants] };
}

/** A priced service cart as the quote token would state it, and its lines that are no longer available. */
export function quotedOfCart(cart: Order): { bags: QuotedBag[]; unavailable: Set<number> } {
  const unavailable = new Set<number>();
  const bags = cart.bags.map((bag) => {
    for (const s of bag.skus) if (s.available === false) unavailable.add(s.sku_id);
    const m = bag.shipping_method;
    return {
      merchant_id: bag.merchant_id,
      lines: bag.skus.map((s) => ({ sku_id: s.sku_id, quantity: s.quantity, price: s.price })),
      ...(m ? { shipping: { shipping_method_id: m.shipping_method_id, label: m.label, price: m.price } } : {}),
      // Only applied codes are charged (the service drops the others at submit).
      discounts: (bag.discounts ?? []).filter((d) => d.status === 'APPLIED' && d.code).map((d) => ({ code: d.code!, amount: d.amount ?? 0 })),
      taxes_included: bag.taxes_included === true,
      sub_total: bag.sub_total ?? 0,
      discount_total: bag.discount_total ?? 0,
      shipping_total: bag.shipping_total ?? 0,
      tax_total: bag.tax_total ?? 0,
      total: bag.total ?? 0,
    };
  });
  return { bags, unavailable };
}

/**
 * What the shopper is told changed between the quote placed (`before`, as its token states it) and the fresh one:
 * each line gone or repriced, each shop's shipping and tax that moved, the total. Amounts of two currencies are
 * never compared: only the new total is meaningful then. The widget words these; it computes none of it.
 */
export function changesOf(
  before: { currency: string; totals: { total: number }; bags: readonly Pick<QuotedBag, 'merchant_id' | 'lines' | 'shipping_total' | 'tax_total'>[] },
  after: QuoteResponse,
): QuoteChange[] {
  const changes: QuoteChange[] = [];
  if (before.currency === after.currency) {
    for (const bag of after.bags) {
      const was = before.bags.find((b) => b.merchant_id === bag.merchant_id);
      for (const line of bag.lines) {
        const prev = was?.lines.find((l) => l.sku_id === line.sku_id);
        if (!line.available || bag.problems.some((p) => p.sku_id === line.sku_id && (p.code === 'out_of_stock' || p.code === 'unavailable'))) {
          changes.push({ kind: 'unavailable', name: line.name });
        } else if (prev && prev.price !== line.unit_price) {
          changes.push({ kind: 'price', name: line.name, before: prev.price, after: line.unit_price });
        }
      }
      if (!was) continue;
      const merchant = bag.merchant_name;
      if (was.shipping_total !== bag.shipping_total) changes.push({ kind: 'shipping', merchant, before: was.shipping_total, after: bag.shipping_total });
      if (was.tax_total !== bag.tax_total) changes.push({ kind: 'tax', merchant, before: was.tax_total, after: bag.tax_total });
    }
  }
  if (before.totals.total !== after.totals.total || before.currency !== after.currency) {
    changes.push({ kind: 'total', before: before.totals.total, after: after.totals.total });
  }
  return changes;
}

/** 409 `quote_changed`: the fresh quote, with what differs from the quote placed (`before`). */
export function quoteChanged(before: QuotePayload, fresh: QuoteResponse, diff: { skus: number[]; merchants: number[] }): StoredAnswer {
  return {
    status: 409,
    // The key is freed: this attempt charged nothing, and the shopper confirms the fresh quote with a new one.
    final: false,
    body: {
      error: {
        code: 'quote_changed',
        message: 'Prices, stock or tax changed since this quote; nothing was charged. Check the new quote and place it again.',
        skus: diff.skus.map((sku_id) => ({ sku_id })),
        fields: [],
        ...(diff.merchants.length === 1 ? { merchant_id: diff.merchants[0] } : {}),
      },
      quote: { ...fresh, changes: changesOf(before, fresh) },
    },
  };
}

/**
 * True when the quote states exactly this order: its lines at their prices, shipping, tax and totals per
 * merchant, the customer's email and the shipping address. Proof enough that a request whose token can
 * no longer be verified is the one that made the order: nobody else knows all of it.
 */
export function statesOrder(q: QuotePayload, order: Order): boolean {
  const diff = differences(q.bags, quotedOfCart(order).bags);
  const a = q.shipping_address;
  const b = order.shipping_address;
  const sameAddress = !!a && !!b && (['address_1', 'city', 'postal_code', 'country'] as const).every((k) => (a[k] ?? null) === (b[k] ?? null));
  return !diff.skus.length && !diff.merchants.length && !!q.customer && q.customer.email === order.customer?.email && sameAddress;
}
