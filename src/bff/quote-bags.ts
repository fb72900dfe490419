/**
 * The service's priced answers as the quote's bags (issue 14, 27): an
 * estimated cart (direct mode) or a cart's bag (cart mode) becomes one bag of
 * lines, shipping methods, discounts and totals in the quote's currency, and
 * the token's statement of it. A bag's total is sub-total − discounts +
 * shipping + tax, where a bag with `taxes_included` has its tax inside its
 * prices and adds none; a service cart's bag whose total is not that is
 * flagged `totals_disagree` (never ready to place).
 */
import { carrierOf } from './carrier.js';
import { deliveryWindowOf } from './delivery-window.js';
import type { QuoteEstimatedCart } from '../contract/estimate.js';
import type { ParsedQuoteRequest, QuoteBag, QuoteProblem, QuoteResponse, QuoteShippingMethod } from '../contract/checkout-api.js';
import type { Bag, Order } from '../contract/order.js';
import { ApiHttpError } from './errors.js';
import { bagDiscounts } from './quote-discounts.js';
import type { MerchantFacts } from './quote-shoppable.js';
import type { QuotedBag } from './quote-token.js';

/** What a quote is computed from: the request, with the previous quote's choices where the request is silent. */
export type QuoteInput = Omit<ParsedQuoteRequest, 'quote_token'> & { currency: string };

const httpUrl = (u: string | null | undefined) => (u && /^https?:\/\//i.test(u) ? u : undefined);

export const cheapest = (methods: QuoteShippingMethod[]) =>
  methods.reduce<QuoteShippingMethod | undefined>((best, m) => (!best || m.price < best.price ? m : best), undefined);

/** The requested method of a merchant when it is still offered, else the cheapest. */
function chooseMethod(input: QuoteInput, merchantId: number, methods: QuoteShippingMethod[]) {
  const wanted = input.shipping?.find((s) => s.merchant_id === merchantId)?.shipping_method_id;
  return methods.find((m) => m.shipping_method_id === wanted) ?? cheapest(methods);
}

/** Upstream error text is read only to tell "out of stock" from "not for sale"; it is never passed on. */
export const stockProblem = (message: string | null | undefined): QuoteProblem['code'] =>
  /stock|only \d+|available in this quantity/i.test(message ?? '') ? 'out_of_stock' : 'unavailable';

interface Amounts {
  sub_total: number;
  discount_total: number;
  shipping_total: number;
  tax_total: number;
  taxes_included: boolean;
}

/** A bag's total from its parts: VAT inside the prices is not added again. */
export const bagTotal = (b: Amounts) => b.sub_total - b.discount_total + b.shipping_total + (b.taxes_included ? 0 : b.tax_total);

/** The quote's totals: the bags' sums, with the tax added on top apart from the tax inside prices. */
export function totalsOf(bags: readonly QuoteBag[]): Required<QuoteResponse['totals']> {
  const sum = (f: (b: QuoteBag) => number) => bags.reduce((s, b) => s + f(b), 0);
  return {
    sub_total: sum((b) => b.sub_total),
    discount_total: sum((b) => b.discount_total ?? 0),
    shipping_total: sum((b) => b.shipping_total),
    tax_total: sum((b) => (b.taxes_included ? 0 : b.tax_total)),
    included_tax_total: sum((b) => (b.taxes_included ? b.tax_total : 0)),
    total: sum((b) => b.total),
  };
}

/** What the token states about a bag: exactly the amounts shown, and the codes applied with their amounts. */
export function quotedOf(bag: QuoteBag): QuotedBag {
  const method = bag.shipping_methods.find((m) => m.shipping_method_id === bag.shipping_method_id);
  return {
    merchant_id: bag.merchant_id,
    lines: bag.lines.map((l) => ({ sku_id: l.sku_id, quantity: l.quantity, price: l.unit_price })),
    ...(method ? { shipping: { shipping_method_id: method.shipping_method_id, label: method.label, price: method.price } } : {}),
    discounts: (bag.discounts ?? []).filter((d) => d.status === 'applied').map(({ code, amount }) => ({ code, amount })),
    taxes_included: bag.taxes_included ?? false,
    sub_total: bag.sub_total,
    discount_total: bag.discount_total ?? 0,
    shipping_total: bag.shipping_total,
    tax_total: bag.tax_total,
    total: bag.total,
  };
}

const currencyMismatch = (merchantId: number, currency: string) =>
  new ApiHttpError(422, 'currency_mismatch', `Merchant ${merchantId} cannot price this order in ${currency}`, { merchant_id: merchantId });

/** Direct mode: one merchant's part of the estimate. */
export function estimatedBag(input: QuoteInput, cart: QuoteEstimatedCart, merchant: MerchantFacts | undefined): QuoteBag {
  if (cart.base_currency !== input.currency) throw currencyMismatch(cart.merchant_id, input.currency);
  const problems: QuoteProblem[] = [];
  const lines = cart.skus.map((s) => {
    const available = s.available !== false && merchant?.shoppable === true;
    if (!available) {
      const why = cart.errors.find((e) => String(e.entity_id) === String(s.sku_id));
      problems.push({ code: merchant?.shoppable !== true ? 'unavailable' : stockProblem(why?.message), sku_id: s.sku_id });
    }
    return { sku_id: s.sku_id, name: s.name ?? `SKU ${s.sku_id}`, quantity: s.quantity, unit_price: s.price, total: s.line_price ?? s.price * s.quantity, available };
  });
  // A busy platform leaves the merchant unpriced (no tax, no methods): busy, not "does not ship" (issue 15.11).
  const busy = cart.tax_total == null && cart.errors.some((e) => e.type === 'EXTERNAL_PRICE_CART');
  const shipping_methods = cart.available_shipping_methods.map((m) => ({
    shipping_method_id: m.shipping_method_id,
    label: m.label,
    ...carrierOf(m.carrier),
    price: m.price,
    ...deliveryWindowOf(m),
  }));
  if (busy) problems.push({ code: 'merchant_busy', retry_after: 1 });
  else if (!shipping_methods.length) problems.push({ code: 'no_shipping' });
  const chosen = chooseMethod(input, cart.merchant_id, shipping_methods);
  const discounts = bagDiscounts(cart.discounts, cart.errors);
  const amounts: Amounts = {
    sub_total: lines.filter((l) => l.available).reduce((s, l) => s + l.total, 0),
    discount_total: cart.discount_total ?? 0,
    shipping_total: chosen?.price ?? 0,
    tax_total: cart.tax_total ?? 0,
    taxes_included: cart.taxes_included === true,
  };
  return {
    merchant_id: cart.merchant_id,
    merchant_name: merchant?.name ?? `Merchant ${cart.merchant_id}`,
    lines,
    shipping_methods,
    ...(chosen ? { shipping_method_id: chosen.shipping_method_id } : {}),
    ...amounts,
    total: bagTotal(amounts),
    discounts,
    problems,
  };
}

/** Cart mode: one bag of the priced service cart. */
export function cartBag(input: QuoteInput, cart: Order, bag: Bag, methods: QuoteShippingMethod[], merchant: MerchantFacts | undefined): QuoteBag {
  if (bag.currency && bag.currency !== input.currency) throw currencyMismatch(bag.merchant_id, input.currency);
  const problems: QuoteProblem[] = [];
  const lines = bag.skus.map((s) => {
    const available = s.available !== false && merchant?.shoppable === true;
    if (!available) problems.push({ code: merchant?.shoppable !== true ? 'unavailable' : 'out_of_stock', sku_id: s.sku_id });
    return {
      sku_id: s.sku_id,
      ...(s.offer_id != null ? { offer_id: s.offer_id } : {}),
      name: s.name ?? `SKU ${s.sku_id}`,
      ...(httpUrl(s.thumbnail) ? { thumbnail: httpUrl(s.thumbnail)! } : {}),
      quantity: s.quantity,
      unit_price: s.price,
      total: s.line_price ?? s.price * s.quantity,
      available,
    };
  });
  // Lines the platform refused to add are not in the bag: the service names them in errors[].
  for (const e of cart.errors) {
    if (e.bag_id === bag.id && e.entity_type === 'SKU' && typeof e.entity_id === 'number' && !lines.some((l) => l.sku_id === e.entity_id)) {
      problems.push({ code: stockProblem(e.message), sku_id: e.entity_id });
    }
  }
  if (cart.shipping_address && !methods.length) problems.push({ code: 'no_shipping' });
  const chosen = bag.shipping_method ? methods.find((m) => m.shipping_method_id === bag.shipping_method!.shipping_method_id) : undefined;
  const amounts: Amounts = {
    sub_total: bag.sub_total ?? lines.filter((l) => l.available).reduce((s, l) => s + l.total, 0),
    discount_total: bag.discount_total ?? 0,
    shipping_total: bag.shipping_total ?? chosen?.price ?? 0,
    tax_total: bag.tax_total ?? 0,
    taxes_included: bag.taxes_included === true,
  };
  const total = bag.total ?? bagTotal(amounts);
  // The service's total is what it would charge: when it is not the parts the shopper is shown, the bag is not placed.
  if (total !== bagTotal(amounts)) problems.push({ code: 'totals_disagree' });
  return {
    merchant_id: bag.merchant_id,
    merchant_name: merchant?.name ?? bag.merchant_name ?? `Merchant ${bag.merchant_id}`,
    lines,
    shipping_methods: methods,
    ...(chosen ? { shipping_method_id: chosen.shipping_method_id } : {}),
    ...amounts,
    total,
    discounts: bagDiscounts(bag.discounts, cart.errors, bag.id),
    problems,
  };
}
