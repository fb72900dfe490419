import type { OrderError } from '../../contract/errors.js';
import { ServiceDirectOrderRequestSchema, type ServiceDirectOrderRequest } from '../../contract/direct-order.js';
import { EstimateRequestSchema, type EstimatedCart } from '../../contract/estimate.js';
import type { Address, Bag, Order, PaymentMethod } from '../../contract/order.js';
import type { SandboxContext } from '../context.js';
import { nowDate } from '../dates.js';
import { fail, invalid, notFound, parseId, parseWith } from '../http.js';
import { currencyProblem, isPublished, lookupSku, newBag, newOrder, newOrderSku, stockOf, unitPriceIn, type SkuRef } from '../order-model.js';
import { checkRate, convert, exchangeRate } from '../exchange.js';
import { PlatformBusyError } from '../platform.js';
import { matchingMethods, priceBag, sumOrder, taxFor, toBagShippingMethod, totalOf } from '../pricing.js';
import type { Route } from '../router.js';
import { reach } from '../timing.js';
import type { MerchantState } from '../store.js';
import { checkPaymentMethod, providerOfToken, submitOrder, type PaymentInput } from '../submit.js';
import { estimateDiscounts } from '../discounts.js';
import { checkDirectStripeToken } from '../stripe.js';
import { SearchOrdersRequestSchema } from '../../contract/order.js';
import { pageOf } from './paging.js';

export function toAddress(input: Record<string, unknown> | null | undefined, type: 'SHIPPING' | 'BILLING'): Address | null {
  return input ? { ...(input as Address), type } : null;
}

export function paymentMethodOf(
  input: { type?: string | null; payment_provider?: string | null; token?: string | null; intent_based_capture?: boolean | null },
  id: number,
): PaymentMethod {
  const intent = input.intent_based_capture === true && !input.token;
  return {
    id,
    payment_method_id: id,
    type: input.type ?? (intent ? 'PAYMENT_INTENT' : 'SINGLE_USE_CARD_TOKEN'),
    payment_provider: input.payment_provider ?? (intent || input.token?.startsWith('tok_sandbox_') === false ? 'STRIPE' : 'SANDBOX'),
    brand: 'visa',
    last4: '4242',
    expiration_month: 12,
    expiration_year: 2030,
    // The SDK's names for the same card details (violet-swift `OrderPaymentMethod`).
    last_four: '4242',
    exp_month: 12,
    exp_year: 2030,
    intent_based_capture: input.intent_based_capture ?? false,
  };
}

const estimateError = (type: string, message: string, platform: string, entityId?: number): OrderError => ({
  id: null,
  order_id: null,
  bag_id: null,
  entity_id: entityId ?? null,
  entity_type: entityId ? 'SKU' : 'BAG',
  type,
  message,
  date_created: nowDate(),
  platform,
  self_resolving: false,
  retry_attempts: 0,
});

interface EstimateLine {
  ref: SkuRef;
  quantity: number;
  price?: number | null;
}

/** A line in the merchant's own currency: its catalog price, or the request's override converted back. */
const externalLine = (l: EstimateLine, base: string, own: string) => (l.price == null ? l.ref.sku.sale_price : convert(l.price, base, own)) * l.quantity;

/**
 * One merchant's part of an estimate, priced in `base` the way a cart's bag
 * is (see `priceBag`): unit prices and shipping converted once, tax on the
 * converted subtotal, so the estimate, the cart and the direct order agree.
 */
function estimateMerchant(ctx: SandboxContext, state: MerchantState, lines: EstimateLine[], country: string, base: string, codes: string[], busy?: PlatformBusyError): EstimatedCart {
  const m = state.profile;
  const own = m.currency;
  const errors: OrderError[] = [];
  const skus = lines.map(({ ref, quantity, price }) => {
    const stock = stockOf(ref);
    const published = isPublished(ref.offer);
    const mismatch = currencyProblem(ref);
    const available = published && !mismatch && quantity <= stock;
    if (!published) errors.push(estimateError('EXTERNAL_ADD_ITEM', `${ref.sku.name} is not available for purchase (offer not published)`, m.platform, ref.sku.id));
    else if (mismatch) errors.push(estimateError('EXTERNAL_ADD_ITEM', mismatch, m.platform, ref.sku.id));
    else if (!available) {
      const why = stock === 0 ? 'is out of stock' : `has only ${stock} available`;
      errors.push(estimateError('EXTERNAL_ADD_ITEM', `${ref.sku.name} ${why}`, m.platform, ref.sku.id));
    }
    // A price override is in the base currency, as every amount of the request.
    const unit = price ?? unitPriceIn(ref, base);
    return {
      sku_id: ref.sku.id,
      quantity,
      name: ref.sku.name ?? ref.offer.name,
      price: unit,
      merchant_id: m.id,
      external_id: ref.sku.external_id ?? null,
      available,
      requires_shipping: true,
      product_type: 'PHYSICAL',
      line_price: unit * quantity,
    };
  });
  const subTotal = skus.filter((s) => s.available).reduce((sum, s) => sum + s.line_price, 0);
  const externalSub = lines.reduce((sum, l, i) => sum + (skus[i]!.available ? externalLine(l, base, own) : 0), 0);
  const rates = { external_currency: own, currency_exchange_rate: exchangeRate(own, base) };
  if (busy) {
    errors.push(estimateError('EXTERNAL_PRICE_CART', `${busy.message}`, m.platform));
    return { merchant_id: m.id, platform: m.platform, base_currency: base, ...rates, sub_total: subTotal, shipping_total: null, tax_total: null, discount_total: 0, total: subTotal, external_sub_total: externalSub, discounts: [], skus, available_shipping_methods: [], has_shipping_methods: false, errors };
  }
  const weight = lines.reduce((w, l) => w + (l.ref.sku.shipping_dimensions?.weight ?? 0) * l.quantity, 0);
  const methods = matchingMethods(m, externalSub, weight, country).map((method) => {
    const { shipping_method_id, label, carrier, price, external_price, min_days, max_days } = toBagShippingMethod(method, m.id, base);
    return { shipping_method_id, label, carrier: carrier ?? null, price, external_price, min_days, max_days };
  });
  if (!methods.length) errors.push(estimateError('EXTERNAL_GET_SHIPPING_METHODS', `${m.name} does not ship to ${country}`, m.platform));
  const cheapest = methods.length ? methods.reduce((a, b) => (b.price < a.price ? b : a)) : undefined;
  const shipping = cheapest?.price ?? 0;
  // Discount codes as a cart's bag takes them (src/sandbox/discounts.ts): off the subtotal, before tax.
  const priced = skus.flatMap((s, i) => (s.available ? [{ sku_id: s.sku_id, line: s.line_price, external: externalLine(lines[i]!, base, own) }] : []));
  const discounts = estimateDiscounts(ctx, codes, m, priced, base);
  errors.push(...discounts.errors);
  const discount = discounts.total;
  const tax = taxFor(m, subTotal - discount, country);
  const externalShipping = cheapest?.external_price ?? 0;
  const externalDiscount = discount ? convert(discount, base, own) : 0;
  const externalTax = taxFor(m, externalSub - externalDiscount, country);
  const taxes_included = !!m.tax.included;
  return {
    merchant_id: m.id,
    platform: m.platform,
    base_currency: base,
    ...rates,
    sub_total: subTotal,
    shipping_total: shipping,
    tax_total: tax,
    discount_total: discount,
    taxes_included,
    total: totalOf({ sub_total: subTotal, discount_total: discount, shipping_total: shipping, tax_total: tax, taxes_included }),
    external_sub_total: externalSub,
    external_shipping_total: externalShipping,
    external_discount_total: externalDiscount,
    external_tax_total: externalTax,
    external_total: totalOf({ sub_total: externalSub, discount_total: externalDiscount, shipping_total: externalShipping, tax_total: externalTax, taxes_included }),
    discounts: discounts.records,
    skus,
    available_shipping_methods: methods,
    has_shipping_methods: methods.length > 0,
    errors,
  };
}

async function estimate(ctx: SandboxContext, body: unknown) {
  const req = parseWith(EstimateRequestSchema, body ?? null);
  // The service's default base currency is USD.
  const base = req.base_currency ?? 'USD';
  checkRate(base, 'base_currency');
  const groups = new Map<number, { state: MerchantState; lines: EstimateLine[] }>();
  req.skus.forEach((s, i) => {
    const ref = lookupSku(ctx, s.sku_id, `skus[${i}].sku_id`);
    const id = ref.merchant.profile.id;
    if (!groups.has(id)) groups.set(id, { state: ref.merchant, lines: [] });
    groups.get(id)!.lines.push({ ref, quantity: s.quantity, price: s.price });
  });
  const country = req.shipping_address.country;
  const entries = [...groups.values()];
  const codesOf = (merchantId: number) => req.discounts.filter((d) => d.merchant_id === merchantId).map((d) => d.code);
  // Every merchant's platform is asked at once; one slow or busy merchant does not hold up the others' answers.
  const settled = await Promise.allSettled(entries.map((g) => g.state.platform.call('estimate', () => estimateMerchant(ctx, g.state, g.lines, country, base, codesOf(g.state.profile.id)))));
  return {
    estimated_carts: settled.map((r, i) => {
      if (r.status === 'fulfilled') return r.value;
      if (r.reason instanceof PlatformBusyError) return estimateMerchant(ctx, entries[i]!.state, entries[i]!.lines, country, base, [], r.reason);
      throw r.reason;
    }),
  };
}

/** A direct order's discount as its bag records it: the channel's code and amount, applied. */
function channelDiscount(ctx: SandboxContext, bag: Bag, d: { code?: string | null; amount: number }): NonNullable<Bag['discounts']>[number] {
  const rule = d.code ? ctx.store.discountCodes.get(d.code.toUpperCase()) : undefined;
  const id = ctx.store.nextId('discount');
  return {
    id,
    bag_id: bag.id,
    code: d.code ?? null,
    status: 'APPLIED',
    type: 'CODE',
    value_type: rule?.value_type ?? 'AMOUNT',
    percentage: rule?.value_type === 'PERCENTAGE' ? rule.value : null,
    amount: d.amount,
    amount_total: d.amount,
    date_created: nowDate(),
    date_last_modified: nowDate(),
  };
}

type DirectBagInput = ServiceDirectOrderRequest['order']['bags'][number];

/** The direct order's payment token, checked as the service checks it before anything is created. */
function directPayment(payment: ServiceDirectOrderRequest['payment_method']): PaymentInput | undefined {
  if (payment && !payment.token) throw invalid('payment_method.token', 'a direct order takes a payment token');
  const token = payment?.token ? { payment_provider: payment.payment_provider ?? providerOfToken(payment.token), token: payment.token } : undefined;
  if (token) checkPaymentMethod(token, 'payment_method');
  if (token?.payment_provider === 'STRIPE') checkDirectStripeToken(token.token, 'payment_method');
  return token;
}

/** A new order with the channel's customer, addresses and currency. */
function directOrderShell(ctx: SandboxContext, input: ServiceDirectOrderRequest['order']): Order {
  const order = newOrder(ctx);
  const { customer, shipping_address, billing_address } = input;
  order.app_order_id = input.app_order_id ?? null;
  // The order's `currency` is its base currency: the channel's prices are in it, each bag is priced in it.
  checkRate(input.currency, 'order.currency');
  order.base_currency = input.currency;
  order.currency = input.currency;
  order.shipping_address = toAddress(shipping_address, 'SHIPPING');
  order.billing_address = toAddress(billing_address ?? shipping_address, 'BILLING');
  order.customer = {
    first_name: customer.first_name,
    last_name: customer.last_name,
    email: customer.email,
    name: `${customer.first_name} ${customer.last_name}`,
    shipping_address: order.shipping_address,
    billing_address: order.billing_address,
    same_address: !billing_address,
  };
  return order;
}

/** The bag's SKUs and its merchant: every SKU of one merchant, one bag per merchant (`seen` holds the ones before). */
function directBagMerchant(ctx: SandboxContext, b: DirectBagInput, i: number, seen: Set<number>): { refs: SkuRef[]; state: MerchantState } {
  const refs = b.skus.map((s, j) => lookupSku(ctx, s.sku_id, `order.bags[${i}].skus[${j}].sku_id`));
  const merchantId = b.merchant_id ?? refs[0]!.merchant.profile.id;
  const state = ctx.store.merchant(merchantId);
  if (!state) throw notFound('Merchant', merchantId, `order.bags[${i}].merchant_id`);
  refs.forEach((ref, j) => {
    if (ref.merchant.profile.id !== merchantId) {
      throw fail(400, 'merchant_mismatch', `order.bags[${i}].skus[${j}].sku_id: SKU ${ref.sku.id} belongs to merchant ${ref.merchant.profile.id}, not ${merchantId}; one bag per merchant`, {
        field: `order.bags[${i}].skus[${j}].sku_id`,
        skus: [{ sku_id: ref.sku.id, message: `belongs to merchant ${ref.merchant.profile.id}` }],
      });
    }
  });
  if (seen.has(merchantId)) throw invalid(`order.bags[${i}].merchant_id`, `a second bag for merchant ${merchantId}; one bag per merchant`);
  seen.add(merchantId);
  return { refs, state };
}

/** The channel names its price and label; a method the merchant offers keeps its carrier and delivery window. */
function channelShippingMethod(bag: Bag, sent: DirectBagInput['shipping_method'], state: MerchantState, currency: string): NonNullable<Bag['shipping_method']> {
  const known = state.profile.shipping.find((m) => m.shipping_method_id === sent.shipping_method_id);
  return {
    shipping_method_id: sent.shipping_method_id ?? `custom-${bag.id}`,
    bag_id: bag.id,
    merchant_id: state.profile.id,
    type: 'FLAT_RATE_PRICE',
    carrier: known?.carrier ?? 'OTHER',
    min_days: known?.min_days ?? null,
    max_days: known?.max_days ?? null,
    label: sent.label,
    price: sent.price,
    external_price: convert(sent.price, currency, state.profile.currency),
    custom: true,
  };
}

/** The channel supplies its own tax when it sends one: the bag's totals follow it. */
function applyChannelTax(bag: Bag, taxTotal: number, currency: string, own: string): void {
  const taxes_included = bag.taxes_included === true;
  bag.tax_total = taxTotal;
  bag.taxes = [];
  bag.total = totalOf({ sub_total: bag.sub_total ?? 0, discount_total: bag.discount_total ?? 0, shipping_total: bag.shipping_total ?? 0, tax_total: taxTotal, taxes_included });
  bag.external_tax_total = convert(taxTotal, currency, own);
  bag.external_total = totalOf({
    sub_total: bag.external_sub_total ?? 0,
    discount_total: bag.external_discount_total ?? 0,
    shipping_total: bag.external_shipping_total ?? 0,
    tax_total: bag.external_tax_total,
    taxes_included,
  });
}

/** One bag of a direct order, priced in the order's currency at the channel's prices, shipping, discounts and tax. */
function directBag(ctx: SandboxContext, order: Order, b: DirectBagInput, i: number, seen: Set<number>, country: string): Bag {
  const { refs, state } = directBagMerchant(ctx, b, i, seen);
  const currency = order.currency!;
  const bag = newBag(ctx, order, state);
  bag.skus = b.skus.map((s, j) => newOrderSku(ctx, refs[j]!, s.quantity, s.price, refs[j]!.sku.sale_price));
  bag.shipping_method = channelShippingMethod(bag, b.shipping_method, state, currency);
  // The channel's discounts, like its prices, override the platform's engine: taken as sent, never above the subtotal.
  bag.discounts = b.discounts.map((d) => channelDiscount(ctx, bag, d));
  const channelDiscounts = () => bag.discounts!.reduce((sum, d) => sum + (d.amount ?? 0), 0);
  priceBag(bag, state.profile, country, channelDiscounts);
  if (channelDiscounts() > (bag.sub_total ?? 0)) throw invalid(`order.bags[${i}].discounts`, 'the discounts exceed the bag\'s subtotal');
  if (b.tax_total != null) applyChannelTax(bag, b.tax_total, currency, state.profile.currency);
  return bag;
}

async function directOrder(ctx: SandboxContext, body: unknown) {
  const req = parseWith(ServiceDirectOrderRequestSchema, body ?? null);
  const token = directPayment(req.payment_method);
  const order = directOrderShell(ctx, req.order);
  const seen = new Set<number>();
  req.order.bags.forEach((b, i) => order.bags.push(directBag(ctx, order, b, i, seen, req.order.shipping_address.country)));
  sumOrder(order);
  if (req.payment_method) order.payment_method = paymentMethodOf(req.payment_method, ctx.store.nextId('transaction'));
  const record = { order, submitted: false };
  const answer = await submitOrder(ctx, record, {
    payment: token,
    checkPrices: true,
  });
  ctx.store.orders.set(order.id, record);
  return answer;
}

export const submittedOrdersNewestFirst = (ctx: SandboxContext): Order[] =>
  [...ctx.store.orders.values()].filter((r) => r.submitted).map((r) => r.order).sort((a, b) => b.id - a.id);

export function orderRoutes(): Route[] {
  return [
    { method: 'POST', path: '/v1/orders/estimate', auth: 'access', handler: async ({ ctx, body }) => ({ body: await estimate(ctx, body) }) },
    {
      method: 'POST',
      path: '/v1/orders',
      auth: 'access',
      idempotent: true,
      async handler({ ctx, body }) {
        await reach(ctx, 'order_create');
        return directOrder(ctx, body);
      },
    },
    {
      method: 'GET',
      path: '/v1/orders',
      auth: 'access',
      handler({ ctx, query }) {
        const appOrderId = query.get('app_order_id');
        const orders = submittedOrdersNewestFirst(ctx).filter((o) => appOrderId === null || o.app_order_id === appOrderId);
        return { body: pageOf(orders, query) };
      },
    },
    {
      // The service's order search (violet-swift `OrdersAPI.searchOrders`: body `SearchRequest`, answer a page of orders).
      method: 'POST',
      path: '/v1/orders/search',
      auth: 'access',
      handler({ ctx, body, query }) {
        const q = parseWith(SearchOrdersRequestSchema, body ?? {});
        const orders = submittedOrdersNewestFirst(ctx).filter(
          (o) =>
            (q.app_order_id == null || o.app_order_id === q.app_order_id) &&
            (q.order_id == null || o.id === q.order_id) &&
            (q.bag_id == null || o.bags.some((b) => b.id === q.bag_id)) &&
            (q.referral_id == null || o.referral_id === q.referral_id) &&
            (q.external_order_id == null || o.external_id === q.external_order_id || o.bags.some((b) => b.external_id === q.external_order_id)),
        );
        return { body: pageOf(orders, query) };
      },
    },
    {
      method: 'GET',
      path: '/v1/orders/:order_id',
      auth: 'access',
      handler({ ctx, params }) {
        const id = parseId(params.order_id, 'order_id');
        const record = ctx.store.orders.get(id);
        if (!record) throw notFound('Order', id, 'order_id');
        return { body: record.order };
      },
    },
  ];
}
