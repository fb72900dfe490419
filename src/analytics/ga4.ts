/**
 * Tote's cart lines, offers and orders in the shapes of Google Analytics 4's recommended ecommerce events
 * (developers.google.com/analytics/devguides/collection/ga4/reference/events, the "Google Tag Manager" tab):
 * `items[]` with `item_id`, `item_name`, `item_brand`, `item_variant`, `price`, `quantity`, and `currency`
 * and `value` beside them. GA4 takes prices in major units (9.99, not 999); Tote keeps minor units end to end,
 * so the conversion happens here, once, exactly (`toDecimal`), and `value` is summed in minor units first.
 *
 * One GA4 event has one currency: a cart holding two currencies becomes one event per currency, never a sum
 * of both. Nothing about the shopper (name, email, address, phone) is in any of these shapes.
 */
import type { WidgetOffer } from '../contract/api.js';
import { isKnownCurrency, toDecimal } from '../contract/money.js';
import type { ShopperBag, ShopperOrder } from '../contract/shopper-order.js';
import type { CartLine } from '../state/cart-store.js';
import { priceRange } from '../state/offer.js';

/** One entry of GA4's `items` array. */
export interface Ga4Item {
  /** Tote's offer id: the same product from the list to the purchase; `item_variant` tells its SKUs apart. */
  item_id: string;
  item_name: string;
  /** The merchant that sells it (Tote is a marketplace: the shop is what a report splits by). */
  item_brand?: string;
  affiliation?: string;
  item_variant?: string;
  /** Unit price in major units of the event's `currency`. */
  price?: number;
  quantity: number;
  item_list_id?: string;
  item_list_name?: string;
}

/** The `ecommerce` object of one GA4 event. */
export interface Ga4Ecommerce {
  currency?: string;
  value?: number;
  transaction_id?: string;
  shipping?: number;
  tax?: number;
  coupon?: string;
  item_list_id?: string;
  item_list_name?: string;
  items: Ga4Item[];
}

export type Ga4EventName =
  | 'view_item_list'
  | 'view_item'
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'view_cart'
  | 'begin_checkout'
  | 'add_shipping_info'
  | 'add_payment_info'
  | 'purchase';

/** What is pushed on `dataLayer` (after `{ ecommerce: null }`, which clears the last one, as Google asks). */
export interface Ga4Event {
  event: Ga4EventName;
  ecommerce: Ga4Ecommerce;
}

/** A minor-unit amount in major units, exactly: 999 USD → 9.99, 500 JPY → 500. */
export const major = (amount: number, currency: string): number => Number(toDecimal(amount, currency));

const merchantOf = (name: string | null | undefined) => (name ? { item_brand: name, affiliation: name } : {});

/** A cart line as a GA4 item; `quantity` overrides the line's (a change of quantity counts the difference). */
export function lineItem(line: CartLine, quantity = line.quantity): Ga4Item {
  const variant = line.variant_values.map((v) => v.value).join(' / ');
  return {
    item_id: String(line.offer_id),
    item_name: line.name,
    ...merchantOf(line.merchant_name),
    ...(variant ? { item_variant: variant } : {}),
    price: major(line.unit_price, line.currency),
    quantity,
  };
}

/**
 * Lines as GA4 events' bodies, one per currency in the order the currencies first appear, each with `value`
 * (the sum of price × quantity) in that currency. `quantity` lets a change of quantity count the difference.
 */
export function linesByCurrency(lines: readonly CartLine[], quantity?: (line: CartLine) => number): Ga4Ecommerce[] {
  const groups = new Map<string, { minor: number; items: Ga4Item[] }>();
  for (const line of lines) {
    if (!isKnownCurrency(line.currency)) continue;
    const n = quantity ? quantity(line) : line.quantity;
    const group = groups.get(line.currency) ?? { minor: 0, items: [] };
    group.minor += line.unit_price * n;
    group.items.push(lineItem(line, n));
    groups.set(line.currency, group);
  }
  return [...groups].map(([currency, g]) => ({ currency, value: major(g.minor, currency), items: g.items }));
}

/** An offer as a GA4 item: its lowest price (the "from" price a card shows), no variant chosen yet. */
export function offerItem(offer: WidgetOffer): Ga4Item {
  const range = priceRange(offer);
  const priced = range && isKnownCurrency(offer.currency);
  return {
    item_id: String(offer.id),
    item_name: offer.name,
    ...merchantOf(offer.merchant_name || offer.seller),
    ...(priced ? { price: major(range.min, offer.currency) } : {}),
    quantity: 1,
  };
}

/** `view_item`: one offer, `value` its price. */
export function viewItem(offer: WidgetOffer): Ga4Ecommerce {
  const item = offerItem(offer);
  return item.price === undefined ? { items: [item] } : { currency: offer.currency, value: item.price, items: [item] };
}

/**
 * `view_item_list`: the offers in the order shown; `list` names the list when the host does. No `index`:
 * an event carries the offers not yet seen, whose place in the whole grid it does not know.
 */
export function viewItemList(offers: readonly WidgetOffer[], list: { item_list_id?: string; item_list_name?: string } = {}): Ga4Ecommerce {
  return { ...list, items: offers.map((o) => ({ ...offerItem(o), ...list })) };
}

/** Bags that did not go through (rejected, cancelled) were not bought: a purchase counts the others. */
const bought = (bag: ShopperBag) => !['REJECTED', 'CANCELED'].includes(bag.status ?? bag.bag_status ?? '');

/**
 * `purchase`: the order id as `transaction_id` (GA4 counts one purchase per id, so a reload of the
 * confirmation does not count twice), `value` the items after discounts, with `shipping` and `tax` beside it.
 * Only bags in the order's currency are counted (a cart has one currency; a bag in another would be a sum of two).
 */
export function purchase(order: ShopperOrder): Ga4Ecommerce | undefined {
  const currency = order.currency;
  if (!currency || !isKnownCurrency(currency)) return undefined;
  const bags = order.bags.filter((b) => bought(b) && (b.currency ?? currency) === currency);
  if (!bags.length) return undefined;
  const sum = (pick: (b: ShopperBag) => number | null | undefined) => major(bags.reduce((n, b) => n + (pick(b) ?? 0), 0), currency);
  const items = bags.flatMap((bag) =>
    bag.skus.map((sku) => ({
      item_id: String(sku.offer_id ?? sku.sku_id),
      item_name: sku.name ?? '',
      ...merchantOf(bag.merchant_name),
      price: major(sku.price, currency),
      quantity: sku.quantity,
    })),
  );
  return {
    transaction_id: String(order.id),
    currency,
    value: sum((b) => (b.sub_total ?? 0) - (b.discount_total ?? 0)),
    shipping: sum((b) => b.shipping_total),
    tax: sum((b) => b.tax_total),
    items,
  };
}
