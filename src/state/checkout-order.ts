/**
 * Pure builders between the cart store's lines, the shopper's input and the
 * BFF's shapes: the estimate request, the direct order request, bag summaries
 * (per bag subtotal/shipping/tax/total) and how a failed submit is read.
 */
import type { DirectOrderRequest } from '../contract/direct-order.js';
import type { EstimateRequest, EstimateResponse } from '../contract/estimate.js';
import type { Order, PaymentMethodInput } from '../contract/order.js';
import { type Money, sumByCurrency } from '../contract/money.js';
import { type AddressDraft, toAddressInput } from './checkout-address.js';

/** What the checkout needs of a cart line (a structural subset of the cart store's line). */
export interface CheckoutLine {
  sku_id: number;
  merchant_id: number;
  merchant_name?: string;
  name: string;
  unit_price: number;
  currency: string;
  quantity: number;
  issue?: string;
}

/** Flags that keep a line from being ordered until the shopper acts on it. */
export const BLOCKING_ISSUES: ReadonlySet<string> = new Set(['unavailable', 'out_of_stock']);

export function isBlocking(line: Pick<CheckoutLine, 'issue'>): boolean {
  return !!line.issue && BLOCKING_ISSUES.has(line.issue);
}

/** Lines grouped per merchant in first-seen order: one bag per merchant. */
export function groupByMerchant<L extends Pick<CheckoutLine, 'merchant_id'>>(lines: readonly L[]): Map<number, L[]> {
  const bags = new Map<number, L[]>();
  for (const line of lines) {
    const bag = bags.get(line.merchant_id);
    if (bag) bag.push(line);
    else bags.set(line.merchant_id, [line]);
  }
  return bags;
}

export function estimateRequest(lines: readonly CheckoutLine[], address: AddressDraft): EstimateRequest {
  return {
    skus: lines.filter((l) => !isBlocking(l)).map((l) => ({ sku_id: l.sku_id, quantity: l.quantity })),
    shipping_address: toAddressInput(address),
    discounts: [],
  };
}

/** A problem of one bag; service messages are shown as text, never as markup. */
export type BagProblem = { kind: 'message'; message: string } | { kind: 'unavailable'; name: string } | { kind: 'no_shipping' };

const messageOf = (e: { message?: string | null; type?: string | null }): BagProblem => ({
  kind: 'message',
  message: e.message ?? e.type ?? 'error',
});

/** A bag as the summary and the estimate show it. */
export interface BagSummary {
  merchantId: number;
  merchantName?: string;
  currency: string;
  subTotal: number;
  /** Absent until a shipping method is known. */
  shippingTotal?: number;
  taxTotal?: number;
  discountTotal?: number;
  total: number;
  /** Why this bag is incomplete or refused. */
  problems: BagProblem[];
  /** Service status of the bag, once it is a cart or an order (`REJECTED` …). */
  status?: string;
}

/**
 * The estimate per bag, with the shopper's shipping choice in place of the
 * estimate's default: the total is recomputed from its parts so that what is
 * shown is what will be charged for the choice made.
 */
export function summariseEstimate(
  estimate: EstimateResponse,
  selections: Readonly<Record<string, string>>,
  merchantNames: ReadonlyMap<number, string> = new Map(),
): BagSummary[] {
  return estimate.estimated_carts.map((c) => {
    const chosen = c.available_shipping_methods.find((m) => m.shipping_method_id === selections[String(c.merchant_id)]);
    const shippingTotal = chosen ? chosen.price : (c.shipping_total ?? undefined);
    const taxTotal = c.tax_total ?? undefined;
    const discountTotal = c.discount_total ?? undefined;
    const total = chosen ? c.sub_total + chosen.price + (taxTotal ?? 0) - (discountTotal ?? 0) : c.total;
    const problems = c.errors.map(messageOf);
    for (const sku of c.skus) if (sku.available === false) problems.push({ kind: 'unavailable', name: sku.name ?? `SKU ${sku.sku_id}` });
    const noMethods = c.has_shipping_methods === false || (c.has_shipping_methods == null && c.available_shipping_methods.length === 0);
    // The service usually says why itself (`EXTERNAL_GET_SHIPPING_METHODS`); say it once.
    if (noMethods && !c.errors.some((e) => e.type === 'EXTERNAL_GET_SHIPPING_METHODS')) {
      problems.push({ kind: 'no_shipping' });
    }
    return {
      merchantId: c.merchant_id,
      merchantName: merchantNames.get(c.merchant_id),
      currency: c.base_currency,
      subTotal: c.sub_total,
      shippingTotal,
      taxTotal,
      discountTotal,
      total,
      problems,
    };
  });
}

export function bagStatus(bag: { status?: string | null; bag_status?: string | null }): string | undefined {
  return bag.bag_status ?? bag.status ?? undefined;
}

/** The bags of a priced cart or placed order. */
export function summariseOrder(order: Order): BagSummary[] {
  const currency = order.currency ?? order.base_currency ?? 'USD';
  return order.bags.map((b) => {
    const problems = order.errors.filter((e) => e.bag_id === b.id).map(messageOf);
    const subTotal = b.sub_total ?? b.skus.reduce((sum, s) => sum + (s.line_price ?? s.price * s.quantity), 0);
    return {
      merchantId: b.merchant_id,
      merchantName: b.merchant_name ?? undefined,
      currency: b.currency ?? currency,
      subTotal,
      shippingTotal: b.shipping_total ?? b.shipping_method?.price ?? undefined,
      taxTotal: b.tax_total ?? undefined,
      discountTotal: b.discount_total ?? undefined,
      total: b.total ?? subTotal + (b.shipping_total ?? 0) + (b.tax_total ?? 0) - (b.discount_total ?? 0),
      problems,
      status: bagStatus(b),
    };
  });
}

/**
 * The bags of a cart whose shipping is being chosen: a bag without an applied
 * method shows the shopper's choice (or none yet) instead of the cart's zero.
 */
export function summariseCart(
  cart: Order,
  selections: Readonly<Record<string, string>>,
  priceOf: (merchantId: number, methodId: string) => number | undefined,
): BagSummary[] {
  return summariseOrder(cart).map((b, i) => {
    const applied = cart.bags[i]!.shipping_method;
    const chosen = selections[String(b.merchantId)];
    if (applied && applied.shipping_method_id === chosen) return b;
    const shippingTotal = chosen === undefined ? undefined : priceOf(b.merchantId, chosen);
    return { ...b, shippingTotal, total: b.subTotal + (shippingTotal ?? 0) + (b.taxTotal ?? 0) - (b.discountTotal ?? 0) };
  });
}

/** The order total per currency: bag totals added only within one currency. */
export function totalsOf(bags: readonly Pick<BagSummary, 'total' | 'currency'>[]): Money[] {
  return sumByCurrency(bags.map((b) => ({ amount: b.total, currency: b.currency })));
}

export class DirectOrderProblem extends Error {
  override name = 'DirectOrderProblem';
  constructor(
    readonly code: 'no_estimate' | 'no_shipping',
    readonly merchantId?: number,
  ) {
    super(code);
  }
}

export interface DirectOrderInput {
  lines: readonly CheckoutLine[];
  shipping: AddressDraft;
  billing?: AddressDraft;
  estimate: EstimateResponse;
  selections: Readonly<Record<string, string>>;
  payment?: PaymentMethodInput;
  appOrderId?: string;
  /** The order's currency when bags differ (each bag keeps its own); defaults to the first bag's. */
  currency?: string;
}

/**
 * One `POST /api/orders` body: a bag per merchant with the prices, the chosen
 * shipping method and the tax the estimate gave. Prices stay in each bag's
 * own currency (the service prices bags per merchant); the order-level
 * `currency` names the common one, or the caller's choice when bags differ.
 */
export function directOrderRequest(input: DirectOrderInput): DirectOrderRequest {
  const carts = new Map(input.estimate.estimated_carts.map((c) => [c.merchant_id, c]));
  const bags: DirectOrderRequest['order']['bags'] = [];
  const currencies = new Set<string>();
  for (const [merchantId, lines] of groupByMerchant(input.lines.filter((l) => !isBlocking(l)))) {
    const est = carts.get(merchantId);
    if (!est) throw new DirectOrderProblem('no_estimate', merchantId);
    const method = est.available_shipping_methods.find((m) => m.shipping_method_id === input.selections[String(merchantId)]);
    if (!method) throw new DirectOrderProblem('no_shipping', merchantId);
    currencies.add(est.base_currency);
    bags.push({
      merchant_id: merchantId,
      skus: lines.map((l) => ({
        sku_id: l.sku_id,
        quantity: l.quantity,
        price: est.skus.find((s) => s.sku_id === l.sku_id)?.price ?? l.unit_price,
      })),
      shipping_method: { shipping_method_id: method.shipping_method_id, label: method.label, price: method.price },
      tax_total: est.tax_total ?? 0,
      discounts: [],
    });
  }
  const { first_name, last_name, email } = input.shipping;
  return {
    payment_method: input.payment,
    order: {
      app_order_id: input.appOrderId,
      customer: { first_name: first_name.trim(), last_name: last_name.trim(), email: email.trim() },
      bags,
      shipping_address: toAddressInput(input.shipping),
      billing_address: input.billing ? toAddressInput(input.billing) : undefined,
      currency: currencies.size === 1 ? [...currencies][0]! : (input.currency ?? [...currencies][0] ?? input.lines[0]?.currency ?? 'USD'),
    },
  };
}

/** How a refused submit is shown: where the error belongs. */
export type SubmitFailure =
  | { kind: 'declined'; message: string }
  | { kind: 'skus'; message: string; skus: { sku_id?: number; order_sku_id?: number; message?: string }[]; code: string }
  | { kind: 'bag'; message: string; merchantId?: number }
  | { kind: 'busy'; message: string; merchantId?: number; retryAfter?: number }
  /** No answer (offline, timeout, 5xx): the order may exist; retry with the same key. */
  | { kind: 'unknown'; message: string }
  | { kind: 'other'; message: string; code: string };

interface ErrorLike {
  status?: number;
  code?: string;
  message?: string;
  merchantId?: number;
  retryAfter?: number;
  skus?: { sku_id?: number | null; order_sku_id?: number | null; message?: string | null }[];
}

export function classifySubmitFailure(error: unknown): SubmitFailure {
  const e = (error && typeof error === 'object' ? error : {}) as ErrorLike;
  const message = typeof e.message === 'string' ? e.message : String(error);
  const code = e.code ?? '';
  const skus = (e.skus ?? []).map((s) => ({
    sku_id: s.sku_id ?? undefined,
    order_sku_id: s.order_sku_id ?? undefined,
    message: s.message ?? undefined,
  }));
  if (code === 'payment_declined') return { kind: 'declined', message };
  if (skus.length || code === 'out_of_stock' || code === 'price_changed') return { kind: 'skus', message, skus, code };
  if (code === 'bag_rejected') return { kind: 'bag', message, merchantId: e.merchantId };
  if (code === 'rate_limited' || code === 'merchant_busy') {
    return { kind: 'busy', message, merchantId: e.merchantId, retryAfter: e.retryAfter };
  }
  if (code === 'idempotency_in_progress' || !e.status || e.status >= 500 || (error instanceof Error && error.name === 'AbortError')) {
    return { kind: 'unknown', message };
  }
  return { kind: 'other', message, code };
}

/** Bags of a placed order that the merchant refused while the others went on. */
export function rejectedBags(order: Order): Order['bags'] {
  return order.bags.filter((b) => bagStatus(b) === 'REJECTED');
}
