/**
 * The cart's checkout steps after its lines: customer, addresses, shipping,
 * pricing, payment and submission (`/v1/checkout/cart/:cart_id/...`), one
 * handler per route.
 */
import {
  AddressInputSchema,
  ApplyShippingRequestSchema,
  CustomerInputSchema,
  PaymentRequestSchema,
  SubmitCartRequestSchema,
  type Bag,
  type Order,
} from '../../contract/order.js';
import type { SandboxContext } from '../context.js';
import { nowDate } from '../dates.js';
import { fail, invalid, parseWith } from '../http.js';
import { bagWeight, externalSubTotal, matchingMethods, toBagShippingMethod } from '../pricing.js';
import type { Route, RouteRequest, RouteResult } from '../router.js';
import type { OrderRecord } from '../store.js';
import { applyIntent, checkIntentConfirmed, updateIntent } from '../stripe.js';
import { reach } from '../timing.js';
import { checkPaymentMethod, providerOfToken, submitOrder } from '../submit.js';
import { paymentMethodOf, toAddress } from './orders.js';
import { begin, reprice } from '../cart-pricing.js';
import { cartOf, touch } from './cart-access.js';

export function setCustomer(order: Order, c: ReturnType<typeof CustomerInputSchema.parse>): void {
  if (c.shipping_address) order.shipping_address = toAddress(c.shipping_address, 'SHIPPING');
  if (c.billing_address) order.billing_address = toAddress(c.billing_address, 'BILLING');
  else if (c.same_address && order.shipping_address) order.billing_address = { ...order.shipping_address, type: 'BILLING' };
  order.customer = {
    first_name: c.first_name,
    last_name: c.last_name,
    email: c.email,
    name: `${c.first_name} ${c.last_name}`,
    shipping_address: order.shipping_address,
    billing_address: order.billing_address,
    same_address: c.same_address ?? null,
  };
}

function methodsFor(ctx: SandboxContext, order: Order, bag: Bag) {
  const state = ctx.store.merchant(bag.merchant_id)!;
  return matchingMethods(state.profile, externalSubTotal(bag, state.profile), bagWeight(bag), order.shipping_address?.country ?? undefined).map((m) =>
    toBagShippingMethod(m, bag.merchant_id, bag.currency!, bag.id),
  );
}

async function applyCustomer(req: RouteRequest): Promise<RouteResult> {
  const { order } = cartOf(req);
  const customer = parseWith(CustomerInputSchema, req.body ?? null);
  await touch(req.ctx, order.bags, 'set_customer');
  begin(order);
  setCustomer(order, customer);
  reprice(req.ctx, order);
  return { body: order };
}

/** `POST`/`PUT .../{kind}_address`. */
const applyAddress =
  (kind: 'shipping' | 'billing') =>
  async (req: RouteRequest): Promise<RouteResult> => {
    const { order } = cartOf(req);
    const address = parseWith(AddressInputSchema, req.body ?? null);
    await touch(req.ctx, order.bags, `set_${kind}_address`);
    begin(order);
    if (kind === 'shipping') order.shipping_address = toAddress(address, 'SHIPPING');
    else order.billing_address = toAddress(address, 'BILLING');
    if (order.customer) order.customer[`${kind}_address`] = order[`${kind}_address`];
    reprice(req.ctx, order);
    return { body: order };
  };

async function availableShipping(req: RouteRequest): Promise<RouteResult> {
  const { order } = cartOf(req, false);
  if (!order.shipping_address) throw invalid('shipping_address', 'apply a shipping address to the cart first');
  await touch(req.ctx, order.bags, 'get_shipping_methods');
  return { body: order.bags.map((bag) => ({ bag_id: bag.id, merchant_id: bag.merchant_id, shipping_methods: methodsFor(req.ctx, order, bag) })) };
}

async function applyShipping(req: RouteRequest): Promise<RouteResult> {
  const { order } = cartOf(req);
  const selections = parseWith(ApplyShippingRequestSchema, req.body ?? null);
  if (!order.shipping_address) throw invalid('shipping_address', 'apply a shipping address to the cart first');
  const chosen = selections.map((sel, i) => {
    const bag = order.bags.find((b) => b.id === sel.bag_id);
    if (!bag) throw invalid(`[${i}].bag_id`, `bag ${sel.bag_id} is not in cart ${order.id}`);
    const method = methodsFor(req.ctx, order, bag).find((m) => m.shipping_method_id === sel.shipping_method_id);
    if (!method) {
      throw fail(400, 'shipping_method_unavailable', `[${i}].shipping_method_id: "${sel.shipping_method_id}" is not available for bag ${bag.id}`, {
        field: `[${i}].shipping_method_id`,
      });
    }
    return { bag, method };
  });
  await touch(req.ctx, chosen.map((c) => c.bag), 'set_shipping_method');
  begin(order);
  for (const { bag, method } of chosen) bag.shipping_method = method;
  reprice(req.ctx, order);
  if (req.query.get('price_cart') === 'true') order.priced = true;
  return { body: order };
}

async function priceCart(req: RouteRequest): Promise<RouteResult> {
  const record = cartOf(req, false);
  if (record.submitted) return { body: record.order };
  await touch(req.ctx, record.order.bags, 'price_cart');
  begin(record.order);
  reprice(req.ctx, record.order);
  record.order.priced = true;
  return { body: record.order };
}

function applyPayment(req: RouteRequest): RouteResult {
  const record = cartOf(req);
  const input = parseWith(PaymentRequestSchema, req.body ?? null);
  if (!input.token) return { body: applyIntent(req.ctx, record) };
  // `{ "token" }` alone is a whole payment method upstream: the provider follows from the token.
  const payment = { ...input, token: input.token, payment_provider: input.payment_provider ?? providerOfToken(input.token) };
  checkPaymentMethod(payment, 'body');
  record.paymentToken = payment.token;
  record.paymentIntentId = undefined;
  record.order.payment_method = paymentMethodOf(payment, req.ctx.store.nextId('transaction'));
  record.order.date_last_modified = nowDate();
  return { body: record.order };
}

function updatePayment(req: RouteRequest): RouteResult {
  const record = cartOf(req);
  if (req.query.get('price_cart') === 'true') {
    begin(record.order);
    reprice(req.ctx, record.order);
    record.order.priced = true;
  }
  return { body: updateIntent(req.ctx, record) };
}

/** What a cart must have before it is submitted, each missing piece named by its field. */
function checkReadyToSubmit(record: OrderRecord): asserts record is OrderRecord & { paymentToken: string } {
  const { order } = record;
  if (!order.bags.length) throw invalid('skus', 'the cart is empty');
  if (!order.customer?.email) throw invalid('customer', 'apply a customer (name and email) first');
  if (!order.shipping_address?.address_1) throw invalid('shipping_address.address_1', 'apply a shipping address with its street first (a wallet sheet gives it on authorization)');
  const unshipped = order.bags.find((b) => !b.shipping_method);
  if (unshipped) throw invalid(`bags[${order.bags.indexOf(unshipped)}].shipping_method`, `choose a shipping method for bag ${unshipped.id}`);
  if (!record.paymentToken || !order.payment_method) throw invalid('payment_method', 'apply a payment method first');
}

async function submitCart(req: RouteRequest): Promise<RouteResult> {
  await reach(req.ctx, 'cart_submit');
  const record = cartOf(req);
  const { order } = record;
  const input = parseWith(SubmitCartRequestSchema, req.body ?? {});
  checkReadyToSubmit(record);
  const before = { app_order_id: order.app_order_id, referral_id: order.referral_id };
  begin(order);
  reprice(req.ctx, order);
  checkIntentConfirmed(req.ctx, record);
  if (input.app_order_id != null) order.app_order_id = input.app_order_id;
  if (input.referral_id != null) order.referral_id = input.referral_id;
  record.submitting = true;
  try {
    return await submitOrder(req.ctx, record, {
      payment: {
        payment_provider: order.payment_method!.payment_provider ?? 'SANDBOX',
        token: record.paymentToken,
        confirmedIntent: !!record.paymentIntentId,
      },
      checkPrices: false,
    });
  } catch (e) {
    Object.assign(order, before);
    throw e;
  } finally {
    record.submitting = false;
  }
}

export function cartCheckoutRoutes(base: string): Route[] {
  return [
    { method: 'POST', path: `${base}/:cart_id/customer`, auth: 'access', handler: applyCustomer },
    // Both definitions of the service take an address by POST and by PUT alike.
    ...(['shipping', 'billing'] as const).flatMap((kind) =>
      (['POST', 'PUT'] as const).map((method): Route => ({ method, path: `${base}/:cart_id/${kind}_address`, auth: 'access', handler: applyAddress(kind) })),
    ),
    { method: 'GET', path: `${base}/:cart_id/shipping/available`, auth: 'access', handler: availableShipping },
    { method: 'POST', path: `${base}/:cart_id/shipping`, auth: 'access', handler: applyShipping },
    { method: 'GET', path: `${base}/:cart_id/price`, auth: 'access', handler: priceCart },
    { method: 'POST', path: `${base}/:cart_id/payment`, auth: 'access', handler: applyPayment },
    // The service's "Update Payment Transaction" (OrderService definition): its clients call it right
    // before confirming with Stripe, so the intent charges the cart's total (docs/contract.md).
    { method: 'POST', path: `${base}/:cart_id/payment/update`, auth: 'access', handler: updatePayment },
    { method: 'POST', path: `${base}/:cart_id/submit`, auth: 'access', idempotent: true, handler: submitCart },
  ];
}
