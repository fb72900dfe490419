import { convert, exchangeRate } from './exchange.js';
import type { OfferShippingMethod } from '../contract/catalog.js';
import type { Bag, Order, ShippingMethod } from '../contract/order.js';
import type { MerchantProfile, MerchantShippingMethod } from './merchants.js';

type Condition = OfferShippingMethod['conditions'][number];

function compare(operator: string | null | undefined, left: number, right: number): boolean {
  switch (operator) {
    case 'LESS_THAN':
      return left < right;
    case 'GREATER_THAN':
      return left > right;
    case 'GREATER_THAN_OR_EQUAL_TO':
      return left >= right;
    default:
      return left <= right;
  }
}

function conditionHolds(c: Condition, subTotal: number, weight: number): boolean {
  if (c.type === 'TOTAL_WEIGHT' && c.weight) return compare(c.operator, weight, c.weight.value);
  if (c.price) return compare(c.operator, subTotal, c.price.amount);
  return true;
}

/** The merchant's methods that ship to `country` and whose conditions hold for this bag. */
export function matchingMethods(m: MerchantProfile, subTotal: number, weight: number, country: string | undefined): MerchantShippingMethod[] {
  return m.shipping.filter((method) => {
    const countries = method.regions?.countries ?? [];
    if (country && countries.length && !countries.includes(country)) return false;
    return method.conditions.every((c) => conditionHolds(c, subTotal, weight));
  });
}

/** A merchant's method as a bag's, priced in the bag's (base) currency; `external_price` keeps the merchant's own. */
export function toBagShippingMethod(method: MerchantShippingMethod, merchantId: number, base: string, bagId?: number): ShippingMethod {
  const min = method.conditions.find((c) => c.type === 'TOTAL_PRICE' && c.operator?.startsWith('GREATER'));
  const max = method.conditions.find((c) => c.type === 'TOTAL_PRICE' && c.operator?.startsWith('LESS'));
  const own = method.price.currency;
  return {
    shipping_method_id: method.shipping_method_id,
    bag_id: bagId ?? null,
    merchant_id: merchantId,
    type: method.type,
    carrier: method.carrier,
    label: method.name,
    price: convert(method.price.amount, own, base),
    external_price: method.price.amount,
    custom: false,
    min_subtotal: min?.price?.amount == null ? null : convert(min.price.amount, own, base),
    max_subtotal: max?.price?.amount == null ? null : convert(max.price.amount, own, base),
    external_id: method.external_id ?? null,
    min_days: method.min_days,
    max_days: method.max_days,
  };
}

/**
 * The merchant's simple tax rule, rounded half up to the minor unit. A merchant that sells VAT-inclusive
 * (`tax.included`, as UK and EU shops price for consumers) has the tax inside `amount`: its share of it.
 */
export function taxFor(m: MerchantProfile, amount: number, country: string | undefined): number {
  if (!country || !m.tax.countries.includes(country)) return 0;
  return Math.round(m.tax.included ? amount - amount / (1 + m.tax.rate) : amount * m.tax.rate);
}

/** A bag's total: tax is added, unless the prices already include it (`taxes_included`). */
export const totalOf = (b: { sub_total: number; discount_total: number; shipping_total: number; tax_total: number; taxes_included: boolean }) =>
  b.sub_total - b.discount_total + b.shipping_total + (b.taxes_included ? 0 : b.tax_total);

export function bagWeight(bag: Bag): number {
  return bag.skus.reduce((w, s) => w + (s.weight ?? 0) * s.quantity, 0);
}

/**
 * Recomputes a bag's totals from its lines, its shipping method and the
 * address, in the bag's (base) currency — each line's unit price and the
 * shipping price converted once, tax taken on the converted subtotal — and
 * the same totals in the merchant's own currency as `external_*`.
 */
export function priceBag(bag: Bag, m: MerchantProfile, country: string | undefined, discounts: (bag: Bag) => number): void {
  const base = bag.currency ?? m.currency;
  const lines = bag.skus.filter((s) => s.available !== false);
  for (const s of bag.skus) {
    s.line_price = s.price * s.quantity;
    if (s.external_price != null) s.external_line_price = s.external_price * s.quantity;
  }
  const sub_total = lines.reduce((sum, s) => sum + s.price * s.quantity, 0);
  bag.sub_total = sub_total;
  const discount_total = discounts(bag);
  const taxes_included = !!m.tax.included;
  // Tax is owed on what the shopper pays for the goods: the subtotal less its discounts.
  const tax_total = taxFor(m, sub_total - discount_total, country);
  const shipping_total = bag.shipping_method?.price ?? 0;
  Object.assign(bag, { discount_total, taxes_included, tax_total, shipping_total });
  bag.taxes = tax_total
    ? [{ order_id: bag.order_id, merchant_id: m.id, state: country ?? null, rate: m.tax.rate, amount: tax_total, description: m.tax.label }]
    : [];
  bag.total = totalOf({ sub_total, discount_total, tax_total, shipping_total, taxes_included });

  bag.external_currency = m.currency;
  bag.currency_exchange_rate = exchangeRate(m.currency, base);
  bag.external_sub_total = lines.reduce((sum, s) => sum + (s.external_price ?? convert(s.price, base, m.currency)) * s.quantity, 0);
  bag.external_discount_total = bag.discount_total ? convert(bag.discount_total, base, m.currency) : 0;
  bag.external_tax_total = taxFor(m, bag.external_sub_total - bag.external_discount_total, country);
  bag.external_shipping_total = bag.shipping_method ? (bag.shipping_method.external_price ?? convert(bag.shipping_method.price, base, m.currency)) : 0;
  bag.external_total = totalOf({
    sub_total: bag.external_sub_total,
    discount_total: bag.external_discount_total,
    shipping_total: bag.external_shipping_total,
    tax_total: bag.external_tax_total,
    taxes_included,
  });
}

/** The merchant-currency subtotal of a bag, which the merchant's shipping conditions are written in. */
export const externalSubTotal = (bag: Bag, m: MerchantProfile) =>
  bag.skus
    .filter((s) => s.available !== false)
    .reduce((sum, s) => sum + (s.external_price ?? convert(s.price, bag.currency ?? m.currency, m.currency)) * s.quantity, 0);

/** Order totals add bags only when they share one currency (the cart's base currency); amounts of different currencies are never added. */
export function sumOrder(order: Order): void {
  const currencies = new Set(order.bags.map((b) => b.currency));
  const single = currencies.size <= 1;
  const sum = (k: 'sub_total' | 'tax_total' | 'shipping_total' | 'discount_total' | 'total') =>
    single ? order.bags.reduce((s, b) => s + (b[k] ?? 0), 0) : null;
  order.sub_total = sum('sub_total');
  order.tax_total = sum('tax_total');
  order.shipping_total = sum('shipping_total');
  order.discount_total = sum('discount_total');
  order.total = sum('total');
  order.taxes_included = order.bags.length > 0 && order.bags.every((b) => b.taxes_included === true);
  if (single && order.bags[0]?.currency) order.currency = order.bags[0].currency;
}
