import type { Offer, Sku } from '../contract/catalog.js';
import type { OrderError } from '../contract/errors.js';
import type { Bag, Order, OrderSku } from '../contract/order.js';
import type { SandboxContext } from './context.js';
import { nowDate } from './dates.js';
import { convert, exchangeRate } from './exchange.js';
import { fail } from './http.js';
import type { MerchantState } from './store.js';

export interface SkuRef {
  sku: Sku;
  offer: Offer;
  merchant: MerchantState;
}

/** Finds a SKU or answers 404 naming it (`field` is the request path of the id). */
export function lookupSku(ctx: SandboxContext, skuId: number, field: string): SkuRef {
  const hit = ctx.store.skus.get(skuId);
  const merchant = hit && ctx.store.merchant(hit.offer.merchant_id);
  if (!hit || !merchant) {
    throw fail(404, 'sku_not_found', `${field}: SKU ${skuId} does not exist`, {
      field,
      skus: [{ sku_id: skuId, message: `SKU ${skuId} does not exist` }],
    });
  }
  return { ...hit, merchant };
}

/** Stock the platform would confirm right now (faults included); `Infinity` when not tracked. */
export function stockOf(ref: SkuRef): number {
  if (ref.merchant.platform.isOutOfStock(ref.sku.id) || ref.sku.in_stock === false) return 0;
  return ref.sku.inventory_tracked === false ? Number.POSITIVE_INFINITY : (ref.sku.qty_available ?? 0);
}

export const isPublished = (offer: Offer) => (offer.publishing_status ?? 'PUBLISHED') === 'PUBLISHED';

/** Why a SKU cannot join its merchant's bag on currency grounds: a bag is priced in the merchant's currency only. */
export function currencyProblem(ref: SkuRef): string | undefined {
  const currency = ref.sku.currency ?? ref.offer.currency;
  const own = ref.merchant.profile.currency;
  return currency === own ? undefined : `${ref.sku.name ?? ref.offer.name} is priced in ${currency}; ${ref.merchant.profile.name} sells in ${own}`;
}

export function newOrder(ctx: SandboxContext): Order {
  const id = ctx.store.nextId('order');
  const now = nowDate();
  return {
    id,
    token: `cart_${id}`,
    errors: [],
    app_id: ctx.creds.appId,
    app_name: 'Tote sandbox app',
    customer: null,
    bags: [],
    shipping_address: null,
    billing_address: null,
    payment_method: null,
    sub_total: 0,
    shipping_total: 0,
    tax_total: 0,
    discount_total: 0,
    total: 0,
    taxes_included: false,
    base_currency: null,
    currency: null,
    app_order_id: null,
    referral_id: null,
    external_id: null,
    status: 'IN_PROGRESS',
    is_guest: true,
    guest: true,
    priced: false,
    wallet_based_checkout: false,
    intent_based_checkout: false,
    payment_transactions: [],
    channel: 'APP',
    date_created: now,
    date_last_modified: now,
    date_submitted: null,
  };
}

export function newBag(ctx: SandboxContext, order: Order, merchant: MerchantState): Bag {
  const id = ctx.store.nextId('bag');
  const m = merchant.profile;
  const now = nowDate();
  return {
    id,
    order_id: order.id,
    merchant_id: m.id,
    merchant_name: m.name,
    app_id: ctx.creds.appId,
    external_id: `${m.platform.toLowerCase()}_cart_${id}`,
    status: 'IN_PROGRESS',
    fulfillment_status: null,
    financial_status: 'UNPAID',
    skus: [],
    shipping_method: null,
    taxes: [],
    sub_total: 0,
    shipping_total: 0,
    tax_total: 0,
    discount_total: 0,
    total: 0,
    taxes_included: false,
    external_checkout: false,
    commission_rate: 15,
    // One currency per cart: the bag is priced in the cart's base currency, the merchant's own is external.
    currency: order.base_currency ?? m.currency,
    external_currency: m.currency,
    currency_exchange_rate: exchangeRate(m.currency, order.base_currency ?? m.currency),
    channel: 'APP',
    platform: m.platform,
    fulfillments: [],
    discounts: [],
    wallet_based_checkout: false,
    remorse_period_ends: null,
    date_created: now,
    date_last_modified: now,
    date_submitted: null,
  };
}

/** The unit price of a SKU in `base`: its sale price converted once, rounded half to even. */
export const unitPriceIn = (ref: SkuRef, base: string) => convert(ref.sku.sale_price, ref.merchant.profile.currency, base);

/** A line priced `price` in the bag's currency; `externalPrice` is the merchant's own. */
export function newOrderSku(ctx: SandboxContext, ref: SkuRef, quantity: number, price: number, externalPrice: number): OrderSku {
  return {
    id: ctx.store.nextId('orderSku'),
    offer_id: ref.offer.id,
    merchant_id: ref.offer.merchant_id,
    app_id: ctx.creds.appId,
    product_id: ref.offer.product_id ?? null,
    sku_id: ref.sku.id,
    external_id: ref.sku.external_id ?? null,
    name: ref.sku.name ?? ref.offer.name,
    brand: ref.offer.vendor ?? null,
    thumbnail: ref.sku.albums[0]?.primary_media?.url ?? ref.offer.default_image_url ?? null,
    quantity,
    price,
    line_price: price * quantity,
    external_price: externalPrice,
    external_line_price: externalPrice * quantity,
    weight: ref.sku.shipping_dimensions?.weight ?? ref.sku.sku_dimensions?.weight ?? null,
    available: true,
    status: 'IN_PROGRESS',
    product_type: 'PHYSICAL',
    custom: false,
    custom_properties: [],
    variant_values: ref.sku.variant_values.map(({ variant, value }) => ({ variant, value })),
    quantity_fulfilled: 0,
    order_sku_rates: [],
  };
}

/** Finds or creates the bag of `merchant` in `order`. */
export function bagFor(ctx: SandboxContext, order: Order, merchant: MerchantState): Bag {
  let bag = order.bags.find((b) => b.merchant_id === merchant.profile.id);
  if (!bag) {
    bag = newBag(ctx, order, merchant);
    order.bags.push(bag);
  }
  return bag;
}

export function orderError(ctx: SandboxContext, order: Order, bag: Bag | undefined, type: string, message: string, entityId?: number): OrderError {
  return {
    id: ctx.store.nextId('error'),
    order_id: order.id,
    bag_id: bag?.id ?? null,
    entity_id: entityId ?? bag?.id ?? order.id,
    entity_type: entityId ? 'SKU' : bag ? 'BAG' : 'ORDER',
    type,
    message,
    date_created: nowDate(),
    platform: bag?.platform ?? null,
    self_resolving: false,
    retry_attempts: 0,
  };
}
