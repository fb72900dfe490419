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

export function toBagShippingMethod(method: MerchantShippingMethod, merchantId: number, bagId?: number): ShippingMethod {
  const min = method.conditions.find((c) => c.type === 'TOTAL_PRICE' && c.operator?.startsWith('GREATER'));
  const max = method.conditions.find((c) => c.type === 'TOTAL_PRICE' && c.operator?.startsWith('LESS'));
  return {
    shipping_method_id: method.shipping_method_id,
    bag_id: bagId ?? null,
    merchant_id: merchantId,
    type: method.type,
    carrier: method.carrier,
    label: method.name,
    price: method.price.amount,
    custom: false,
    min_subtotal: min?.price?.amount ?? null,
    max_subtotal: max?.price?.amount ?? null,
    external_id: method.external_id ?? null,
  };
}

/** The merchant's simple tax rule, rounded half up to the minor unit. */
export function taxFor(m: MerchantProfile, subTotal: number, country: string | undefined): number {
  return country && m.tax.countries.includes(country) ? Math.round(subTotal * m.tax.rate) : 0;
}

export function bagWeight(bag: Bag): number {
  return bag.skus.reduce((w, s) => w + (s.weight ?? 0) * s.quantity, 0);
}

/** Recomputes a bag's totals from its lines, its shipping method and the address. */
export function priceBag(bag: Bag, m: MerchantProfile, country: string | undefined): void {
  const lines = bag.skus.filter((s) => s.available !== false);
  for (const s of bag.skus) s.line_price = s.price * s.quantity;
  bag.sub_total = lines.reduce((sum, s) => sum + s.price * s.quantity, 0);
  bag.tax_total = taxFor(m, bag.sub_total, country);
  bag.taxes = bag.tax_total
    ? [{ order_id: bag.order_id, merchant_id: m.id, state: country ?? null, rate: m.tax.rate, amount: bag.tax_total, description: m.tax.label }]
    : [];
  bag.shipping_total = bag.shipping_method?.price ?? 0;
  bag.discount_total = 0;
  bag.total = bag.sub_total + bag.tax_total + bag.shipping_total;
}

/** Order totals add bags only when they share one currency; amounts of different currencies are never added. */
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
  if (single && order.bags[0]?.currency) order.currency = order.bags[0].currency;
}
