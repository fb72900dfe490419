import { settleDiscounts } from './discounts.js';
import { remorseEnds } from './routes/after-order.js';
import type { Bag, Order } from '../contract/order.js';
import type { SandboxContext } from './context.js';
import { nowDate } from './dates.js';
import { fail, type ErrorSkuBody } from './http.js';
import { deriveOrderStatus, emitBagEvent } from './lifecycle.js';
import { needsAttention } from './merchants.js';
import { currencyProblem, isPublished, lookupSku, orderError, stockOf, unitPriceIn, type SkuRef } from './order-model.js';
import { PlatformBusyError, callEach, type Platform } from './platform.js';
import { sumOrder } from './pricing.js';
import type { RouteResult } from './router.js';
import type { MerchantState, OrderRecord } from './store.js';
import { checkStripeToken, throwIfStripeDeclines } from './stripe.js';

export const APPROVED_TOKEN = 'tok_sandbox_visa';
export const DECLINED_TOKEN = 'tok_sandbox_declined';

export interface PaymentInput {
  payment_provider: string;
  token: string;
  /** The token is the cart's PaymentIntent, already authorized by Stripe (checked by the cart's submit). */
  confirmedIntent?: boolean;
}

/** The provider a bare `{ "token" }` implies: the sandbox's own tokens are SANDBOX, any other is taken as Stripe's. */
export const providerOfToken = (token: string) => (token.startsWith('tok_sandbox_') ? 'SANDBOX' : 'STRIPE');

/** Checks a payment method when it is applied: a known sandbox token of provider SANDBOX, or a Stripe test token. */
export function checkPaymentMethod(payment: PaymentInput, field: string): void {
  if (payment.payment_provider === 'STRIPE') return checkStripeToken(payment.token, field);
  if (payment.payment_provider !== 'SANDBOX') {
    throw fail(400, 'payment_invalid', `${field}.payment_provider: the sandbox only takes provider SANDBOX (got ${payment.payment_provider})`, {
      field: `${field}.payment_provider`,
    });
  }
  if (payment.token !== APPROVED_TOKEN && payment.token !== DECLINED_TOKEN) {
    throw fail(400, 'payment_invalid', `${field}.token: unknown sandbox token; use ${APPROVED_TOKEN} or ${DECLINED_TOKEN}`, {
      field: `${field}.token`,
    });
  }
}

/** Turns a settled platform call into a 429 pass-through, as the service does. */
export function throwIfBusy(results: PromiseSettledResult<unknown>[]): void {
  for (const r of results) {
    if (r.status !== 'rejected') continue;
    if (r.reason instanceof PlatformBusyError) {
      throw fail(429, 'rate_limited', r.reason.message, {
        merchant_id: r.reason.merchantId,
        headers: r.reason.retryAfterS === undefined ? {} : { 'retry-after': String(r.reason.retryAfterS) },
      });
    }
    throw r.reason;
  }
}

export function platformsOf(ctx: SandboxContext, bags: Bag[]): Platform[] {
  return bags.map((b) => ctx.store.merchant(b.merchant_id)!.platform);
}

interface SubmitOptions {
  payment?: PaymentInput;
  /** Check each line's price against the catalog (direct orders carry their own prices). */
  checkPrices: boolean;
}

/** Looks up every line's SKU: 400 when an offer is not published or a SKU's currency cannot be sold, before anything is asked. */
function sellableRefs(ctx: SandboxContext, order: Order): Map<number, SkuRef> {
  const refs = new Map<number, SkuRef>();
  const notPublished: ErrorSkuBody[] = [];
  order.bags.forEach((bag, b) =>
    bag.skus.forEach((line, s) => {
      const ref = lookupSku(ctx, line.sku_id, `bags[${b}].skus[${s}].sku_id`);
      refs.set(line.sku_id, ref);
      if (!isPublished(ref.offer)) {
        notPublished.push({
          sku_id: line.sku_id,
          bag_id: bag.id,
          name: line.name ?? undefined,
          message: `Sku identified by ${line.sku_id} is currently not available for purchase due to offer not published.`,
        });
      }
    }),
  );
  if (notPublished.length) throw fail(400, 'offer_not_published', notPublished[0]!.message, { skus: notPublished });
  for (const [skuId, ref] of refs) {
    const problem = currencyProblem(ref);
    if (problem) throw fail(400, 'invalid_request', problem, { skus: [{ sku_id: skuId, message: problem }] });
  }
  return refs;
}

/** The lines whose price is not the catalog's (direct orders carry their own prices). */
function wrongPrices(order: Order, refs: Map<number, SkuRef>): ErrorSkuBody[] {
  const wrong: ErrorSkuBody[] = [];
  for (const bag of order.bags) {
    for (const line of bag.skus) {
      const ref = refs.get(line.sku_id)!;
      // Direct orders carry prices in the order's currency: the catalog price converted as a cart would.
      const expected = unitPriceIn(ref, order.base_currency ?? ref.merchant.profile.currency);
      if (line.price !== expected) {
        wrong.push({
          sku_id: line.sku_id,
          order_sku_id: line.id,
          bag_id: bag.id,
          name: line.name ?? undefined,
          message: `Price of ${line.name} is ${expected}, not ${line.price}`,
        });
      }
    }
  }
  return wrong;
}

/** A payment not yet authorized is authorized now: a decline (or an unknown token) creates no order. */
function authorizePayment(payment: PaymentInput): void {
  checkPaymentMethod(payment, 'payment_method');
  throwIfStripeDeclines(payment.token);
  if (payment.token === DECLINED_TOKEN) {
    throw fail(402, 'payment_declined', 'The card was declined (sandbox token tok_sandbox_declined). No order was created.', {
      field: 'payment_method.token',
    });
  }
}

type SubmitFault = { mode: unknown; merchant: Platform['merchant'] };

/** Asks every platform to create its part; a platform failing before it creates anything fails the whole order. */
async function submitToPlatforms(platforms: Platform[]): Promise<SubmitFault[]> {
  const submitted = await callEach(platforms, 'submit_order', (p) => p.faults.fail_submit);
  throwIfBusy(submitted);
  const failing = submitted.map((r, i) => ({ mode: (r as PromiseFulfilledResult<unknown>).value, merchant: platforms[i]!.merchant }));
  const before = failing.find((f) => f.mode === true || f.mode === 'before');
  if (before) {
    throw fail(502, 'platform_error', `The commerce platform of merchant ${before.merchant.id} failed to create the order; nothing was created`, {
      merchant_id: before.merchant.id,
    });
  }
  return failing;
}

/** A bag its merchant turned down (told to, or its connection needs attention): nothing of it is sold. */
function rejectBag(ctx: SandboxContext, order: Order, bag: Bag, state: MerchantState): void {
  bag.status = 'REJECTED';
  bag.financial_status = 'VOIDED';
  for (const line of bag.skus) line.status = 'CANCELED';
  const why = needsAttention(state.profile)
    ? `${state.profile.name} cannot accept orders until its connection is fixed`
    : `${state.profile.name} rejected the bag`;
  order.errors.push(orderError(ctx, order, bag, 'EXTERNAL_SUBMIT_CART', why));
}

/** The bag's own record of the authorization (violet-swift `Bag.transactions`). */
function bagAuthorization(ctx: SandboxContext, order: Order, bag: Bag, payment: PaymentInput, now: string): NonNullable<Bag['transactions']> {
  const id = ctx.store.nextId('transaction');
  return [
    {
      id,
      app_id: ctx.creds.appId,
      order_id: order.id,
      bag_id: bag.id,
      merchant_id: bag.merchant_id,
      payment_method_id: order.payment_method?.id ?? null,
      amount: bag.total,
      currency: bag.currency,
      gateway: payment.payment_provider,
      gateway_transaction_id: `ch_sandbox_${id}`,
      status: 'COMPLETED',
      type: 'AUTHORIZATION',
      test: true,
      date_created: now,
    },
  ];
}

/** Submits one bag; the answer is the webhook topic it fires. */
function submitBag(ctx: SandboxContext, order: Order, bag: Bag, refs: Map<number, SkuRef>, payment: PaymentInput | undefined, now: string): string {
  const state = ctx.store.merchant(bag.merchant_id)!;
  bag.date_submitted = now;
  bag.remorse_period_ends = remorseEnds();
  bag.date_last_modified = now;
  if (state.platform.faults.reject_bags || needsAttention(state.profile)) {
    rejectBag(ctx, order, bag, state);
    return 'ORDER_FAILED';
  }
  bag.status = 'SUBMITTED';
  bag.financial_status = payment ? 'AUTHORIZED' : 'UNPAID';
  bag.fulfillment_status = 'PROCESSING';
  if (payment) bag.transactions = bagAuthorization(ctx, order, bag, payment, now);
  for (const line of bag.skus) {
    line.status = 'PROCESSING';
    decrementStock(refs.get(line.sku_id)!, line.quantity, now);
  }
  // The service fires ORDER_COMPLETED when the order is placed (issue 13), one per bag with the whole order.
  return 'ORDER_COMPLETED';
}

/** The order's payment transactions: one per currency of its accepted bags. */
function paymentTransactions(ctx: SandboxContext, order: Order, payment: PaymentInput): Order['payment_transactions'] {
  const byCurrency = new Map<string, number>();
  for (const bag of order.bags) {
    if (bag.status === 'REJECTED' || !bag.currency) continue;
    byCurrency.set(bag.currency, (byCurrency.get(bag.currency) ?? 0) + (bag.total ?? 0));
  }
  return [...byCurrency].map(([currency, amount]) => {
    const id = ctx.store.nextId('transaction');
    return {
      id,
      order_id: order.id,
      payment_provider: payment.payment_provider,
      payment_provider_transaction_id: payment.confirmedIntent ? payment.token : `pi_sandbox_${id}`,
      amount,
      currency,
      capture_status: 'AUTHORIZED',
      capture_method: 'AUTOMATIC',
      transfer_status: 'PENDING',
      transfer_method: 'AUTOMATIC',
      status: 'AUTHORIZED',
      metadata: null,
    };
  });
}

/** The answer once the order exists: the order, or the failure a platform set to `fail_submit: "after"`/`"reset"` gives. */
function submittedAnswer(order: Order, failing: SubmitFault[]): RouteResult {
  const after = failing.find((f) => f.mode === 'after' || f.mode === 'reset');
  if (!after) return { body: order };
  // A repeat with the same Idempotency-Key learns that the order exists.
  const remember = { status: 200, body: order };
  if (after.mode === 'reset') return { destroy: true, remember };
  const error = fail(502, 'platform_error', `The commerce platform of merchant ${after.merchant.id} did not confirm the order in time`, {
    merchant_id: after.merchant.id,
  });
  return { status: error.status, body: error.body, remember };
}

/**
 * Submits every bag of an order to its merchant's platform. Everything is
 * checked first (publishing, inventory, prices, payment) and nothing is kept
 * when a check fails; a merchant that rejects its bag leaves the others
 * submitted. The answer is the order, or — when a platform is set to
 * `fail_submit: "after"` or `"reset"` — a failure although the order exists.
 */
export async function submitOrder(ctx: SandboxContext, record: OrderRecord, options: SubmitOptions): Promise<RouteResult> {
  const order = record.order;
  const refs = sellableRefs(ctx, order);
  const platforms = platformsOf(ctx, order.bags);
  throwIfBusy(await callEach(platforms, 'check_inventory', () => undefined));
  const wrongPrice = options.checkPrices ? wrongPrices(order, refs) : [];
  throwIfShort(order.bags, refs);
  if (wrongPrice.length) throw fail(409, 'price_mismatch', wrongPrice.map((s) => s.message).join('; '), { skus: wrongPrice });
  if (options.payment && !options.payment.confirmedIntent) authorizePayment(options.payment);
  const failing = await submitToPlatforms(platforms);

  // Another order may have taken the stock while this one waited for the platforms.
  throwIfShort(order.bags, refs);
  const now = nowDate();
  order.errors = [];
  order.date_submitted = now;
  order.date_last_modified = now;
  const events = order.bags.map((bag) => ({ bag, topic: submitBag(ctx, order, bag, refs, options.payment, now) }));
  sumOrder(order);
  if (options.payment) order.payment_transactions = paymentTransactions(ctx, order, options.payment);
  for (const p of platforms) if (p.faults.order_total_off_by && order.total != null) order.total += p.faults.order_total_off_by;
  settleDiscounts(ctx, order);
  record.submitted = true;
  deriveOrderStatus(order);
  for (const e of events) emitBagEvent(ctx, order, e.bag, e.topic);
  return submittedAnswer(order, failing);
}

/** 409 naming every SKU the platforms cannot supply in the quantities asked (all bags counted together). */
function throwIfShort(bags: Bag[], refs: Map<number, SkuRef>): void {
  const wanted = new Map<number, number>();
  for (const bag of bags) for (const line of bag.skus) wanted.set(line.sku_id, (wanted.get(line.sku_id) ?? 0) + line.quantity);
  const short: ErrorSkuBody[] = [];
  for (const bag of bags) {
    for (const line of bag.skus) {
      const stock = stockOf(refs.get(line.sku_id)!);
      if (wanted.get(line.sku_id)! <= stock) continue;
      short.push({
        sku_id: line.sku_id,
        order_sku_id: line.id,
        bag_id: bag.id,
        name: line.name ?? undefined,
        message: stock === 0 ? `${line.name} is out of stock` : `Only ${stock} of ${line.name} available`,
      });
    }
  }
  if (short.length) throw fail(409, 'out_of_stock', short.map((x) => x.message).join('; '), { skus: short });
}

function decrementStock(ref: SkuRef, quantity: number, now: string): void {
  if (ref.sku.inventory_tracked === false) return;
  ref.sku.qty_available = Math.max(0, (ref.sku.qty_available ?? 0) - quantity);
  if (ref.sku.qty_available === 0) {
    ref.sku.in_stock = false;
    ref.sku.status = 'UNAVAILABLE';
  }
  ref.sku.date_last_modified = now;
  ref.offer.available = ref.offer.skus.some((s) => s.in_stock !== false);
  ref.offer.status = ref.offer.available ? 'AVAILABLE' : 'UNAVAILABLE';
  ref.offer.date_last_modified = now;
}
