import {
  AddressInputSchema,
  ApplyShippingRequestSchema,
  CartSkuInputSchema,
  CreateCartRequestSchema,
  CustomerInputSchema,
  PaymentRequestSchema,
  SubmitCartRequestSchema,
  UpdateCartSkuRequestSchema,
  type Bag,
  type Order,
} from '../../contract/order.js';
import type { SandboxContext } from '../context.js';
import { nowDate } from '../dates.js';
import { fail, invalid, notFound, parseId, parseWith } from '../http.js';
import { bagFor, currencyProblem, isPublished, lookupSku, newOrder, newOrderSku, orderError, stockOf, unitPriceIn, type SkuRef } from '../order-model.js';
import { callEach } from '../platform.js';
import { checkRate } from '../exchange.js';
import { bagWeight, externalSubTotal, matchingMethods, priceBag, sumOrder, toBagShippingMethod } from '../pricing.js';
import type { Route, RouteRequest } from '../router.js';
import type { OrderRecord } from '../store.js';
import { applyIntent, checkIntentConfirmed, updateIntent } from '../stripe.js';
import { reach } from '../timing.js';
import { checkPaymentMethod, providerOfToken, platformsOf, submitOrder, throwIfBusy } from '../submit.js';
import { paymentMethodOf, toAddress } from './orders.js';
import { begin, reprice } from '../cart-pricing.js';

export { begin, reprice };

export function cartOf({ ctx, params }: RouteRequest, forChange = true): OrderRecord {
  const id = parseId(params.cart_id, 'cart_id');
  const record = ctx.store.orders.get(id);
  if (!record) throw notFound('Cart', id, 'cart_id');
  if (forChange && record.submitted) throw fail(409, 'conflict', `Cart ${id} was already submitted; it cannot change`, { field: 'cart_id' });
  if (forChange && record.submitting) throw fail(409, 'conflict', `Cart ${id} is being submitted`, { field: 'cart_id' });
  return record;
}

/** Asks the platforms of these bags, concurrently; a 429 from any is passed through before anything changes. */
export async function touch(ctx: SandboxContext, bags: Bag[], op: string): Promise<void> {
  throwIfBusy(await callEach(platformsOf(ctx, bags), op, () => undefined));
}

/** Adds `quantity` of a SKU, or reports in `errors[]` why the merchant's platform would not. */
function addLine(ctx: SandboxContext, order: Order, ref: SkuRef, quantity: number): void {
  const bag = bagFor(ctx, order, ref.merchant);
  const existing = bag.skus.find((l) => l.sku_id === ref.sku.id);
  const total = quantity + (existing?.quantity ?? 0);
  const stock = stockOf(ref);
  let problem: string | undefined;
  if (!isPublished(ref.offer)) problem = `${ref.sku.name} is not available for purchase (offer not published)`;
  else if (currencyProblem(ref)) problem = currencyProblem(ref);
  else if (total > stock) problem = stock === 0 ? `${ref.sku.name} is out of stock` : `Only ${stock} of ${ref.sku.name} available`;
  else if (total > 1000) problem = 'At most 1000 of one SKU per cart';
  if (problem) {
    order.errors.push(orderError(ctx, order, bag, 'EXTERNAL_ADD_ITEM', problem, ref.sku.id));
    if (!bag.skus.length) order.bags = order.bags.filter((b) => b !== bag);
    return;
  }
  if (existing) existing.quantity = total;
  else bag.skus.push(newOrderSku(ctx, ref, quantity, unitPriceIn(ref, bag.currency!), ref.sku.sale_price));
}

function methodsFor(ctx: SandboxContext, order: Order, bag: Bag) {
  const state = ctx.store.merchant(bag.merchant_id)!;
  return matchingMethods(state.profile, externalSubTotal(bag, state.profile), bagWeight(bag), order.shipping_address?.country ?? undefined).map((m) =>
    toBagShippingMethod(m, bag.merchant_id, bag.currency!, bag.id),
  );
}

function findLine(order: Order, text: string | undefined) {
  const id = parseId(text, 'order_sku_id');
  for (const bag of order.bags) {
    const line = bag.skus.find((l) => l.id === id);
    if (line) return { bag, line };
  }
  throw notFound('Cart SKU', id, 'order_sku_id');
}

export function cartRoutes(): Route[] {
  const base = '/v1/checkout/cart';
  return [
    {
      method: 'POST',
      path: base,
      auth: 'access',
      async handler({ ctx, body, query }) {
        // The sample client sends these three as query parameters; the body wins where both are given.
        const fromQuery = Object.fromEntries(
          (['app_order_id', 'base_currency', 'referral_id'] as const).flatMap((k) => (query.has(k) ? [[k, query.get(k)]] : [])),
        );
        const given = body ?? {};
        const req = parseWith(CreateCartRequestSchema, isPlainObject(given) ? { ...fromQuery, ...withoutNulls(given) } : given);
        const refs = req.skus.map((s, i) => lookupSku(ctx, s.sku_id, `skus[${i}].sku_id`));
        const order = newOrder(ctx);
        // Fixed at creation, as upstream: every bag is priced in it (USD when not given, the service's default).
        order.base_currency = req.base_currency ?? 'USD';
        checkRate(order.base_currency, 'base_currency');
        order.currency = order.base_currency;
        order.app_order_id = req.app_order_id ?? null;
        order.referral_id = req.referral_id ?? null;
        order.wallet_based_checkout = req.wallet_based_checkout ?? false;
        const merchants = [...new Map(refs.map((r) => [r.merchant.profile.id, r.merchant])).values()];
        throwIfBusy(await callEach(merchants.map((m) => m.platform), 'create_cart', () => undefined));
        if (req.customer) setCustomer(order, req.customer);
        req.skus.forEach((s, i) => addLine(ctx, order, refs[i]!, s.quantity));
        reprice(ctx, order);
        const record: OrderRecord = { order, submitted: false };
        ctx.store.orders.set(order.id, record);
        if (order.wallet_based_checkout && order.total != null) applyIntent(ctx, record);
        return { body: order };
      },
    },
    { method: 'GET', path: `${base}/:cart_id`, auth: 'access', handler: (req) => ({ body: cartOf(req, false).order }) },
    {
      // The cart's `token` finds it too (the service's `GET /v1/checkout/cart/byToken/{token}`).
      method: 'GET',
      path: `${base}/byToken/:token`,
      auth: 'access',
      handler({ ctx, params }) {
        const record = [...ctx.store.orders.values()].find((r) => r.order.token === params.token);
        if (!record) throw fail(404, 'not_found', 'No cart has this token', { field: 'token' });
        return { body: record.order };
      },
    },
    {
      method: 'DELETE',
      path: `${base}/:cart_id`,
      auth: 'access',
      async handler(req) {
        const record = cartOf(req);
        await touch(req.ctx, record.order.bags, 'delete_cart');
        req.ctx.store.orders.delete(record.order.id);
        return { status: 204 };
      },
    },
    {
      method: 'POST',
      path: `${base}/:cart_id/skus`,
      auth: 'access',
      async handler(req) {
        const { order } = cartOf(req);
        const input = parseWith(CartSkuInputSchema, req.body ?? null);
        const ref = lookupSku(req.ctx, input.sku_id, 'sku_id');
        throwIfBusy(await callEach([ref.merchant.platform], 'add_item', () => undefined));
        begin(order);
        addLine(req.ctx, order, ref, input.quantity);
        reprice(req.ctx, order);
        return { body: order };
      },
    },
    {
      method: 'PUT',
      path: `${base}/:cart_id/skus/:order_sku_id`,
      auth: 'access',
      async handler(req) {
        const { order } = cartOf(req);
        const { bag, line } = findLine(order, req.params.order_sku_id);
        const { quantity } = parseWith(UpdateCartSkuRequestSchema, req.body ?? null);
        await touch(req.ctx, [bag], 'update_item');
        begin(order);
        const hit = req.ctx.store.skus.get(line.sku_id);
        const stock = hit ? stockOf({ ...hit, merchant: req.ctx.store.merchant(bag.merchant_id)! }) : 0;
        if (quantity > stock) {
          order.errors.push(orderError(req.ctx, order, bag, 'EXTERNAL_UPDATE_ITEM', stock === 0 ? `${line.name} is out of stock` : `Only ${stock} of ${line.name} available`, line.sku_id));
        } else {
          line.quantity = quantity;
        }
        reprice(req.ctx, order);
        return { body: order };
      },
    },
    {
      method: 'DELETE',
      path: `${base}/:cart_id/skus/:order_sku_id`,
      auth: 'access',
      async handler(req) {
        const { order } = cartOf(req);
        const { bag, line } = findLine(order, req.params.order_sku_id);
        await touch(req.ctx, [bag], 'remove_item');
        begin(order);
        bag.skus = bag.skus.filter((l) => l !== line);
        if (!bag.skus.length) order.bags = order.bags.filter((b) => b !== bag);
        reprice(req.ctx, order);
        return { body: order };
      },
    },
    {
      method: 'POST',
      path: `${base}/:cart_id/customer`,
      auth: 'access',
      async handler(req) {
        const { order } = cartOf(req);
        const customer = parseWith(CustomerInputSchema, req.body ?? null);
        await touch(req.ctx, order.bags, 'set_customer');
        begin(order);
        setCustomer(order, customer);
        reprice(req.ctx, order);
        return { body: order };
      },
    },
    // Both definitions of the service take an address by POST and by PUT alike.
    ...(['shipping', 'billing'] as const).flatMap((kind) => (['POST', 'PUT'] as const).map((method) => [kind, method] as const)).map(
      ([kind, method]): Route => ({
        method,
        path: `${base}/:cart_id/${kind}_address`,
        auth: 'access',
        async handler(req) {
          const { order } = cartOf(req);
          const address = parseWith(AddressInputSchema, req.body ?? null);
          await touch(req.ctx, order.bags, `set_${kind}_address`);
          begin(order);
          if (kind === 'shipping') order.shipping_address = toAddress(address, 'SHIPPING');
          else order.billing_address = toAddress(address, 'BILLING');
          if (order.customer) order.customer[`${kind}_address`] = order[`${kind}_address`];
          reprice(req.ctx, order);
          return { body: order };
        },
      }),
    ),
    {
      method: 'GET',
      path: `${base}/:cart_id/shipping/available`,
      auth: 'access',
      async handler(req) {
        const { order } = cartOf(req, false);
        if (!order.shipping_address) throw invalid('shipping_address', 'apply a shipping address to the cart first');
        await touch(req.ctx, order.bags, 'get_shipping_methods');
        return { body: order.bags.map((bag) => ({ bag_id: bag.id, merchant_id: bag.merchant_id, shipping_methods: methodsFor(req.ctx, order, bag) })) };
      },
    },
    {
      method: 'POST',
      path: `${base}/:cart_id/shipping`,
      auth: 'access',
      async handler(req) {
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
      },
    },
    {
      method: 'GET',
      path: `${base}/:cart_id/price`,
      auth: 'access',
      async handler(req) {
        const record = cartOf(req, false);
        if (record.submitted) return { body: record.order };
        await touch(req.ctx, record.order.bags, 'price_cart');
        begin(record.order);
        reprice(req.ctx, record.order);
        record.order.priced = true;
        return { body: record.order };
      },
    },
    {
      method: 'POST',
      path: `${base}/:cart_id/payment`,
      auth: 'access',
      handler(req) {
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
      },
    },
    {
      // The service's "Update Payment Transaction" (OrderService definition): its clients call it right
      // before confirming with Stripe, so the intent charges the cart's total (docs/contract.md).
      method: 'POST',
      path: `${base}/:cart_id/payment/update`,
      auth: 'access',
      handler(req) {
        const record = cartOf(req);
        if (req.query.get('price_cart') === 'true') {
          begin(record.order);
          reprice(req.ctx, record.order);
          record.order.priced = true;
        }
        return { body: updateIntent(req.ctx, record) };
      },
    },
    {
      method: 'POST',
      path: `${base}/:cart_id/submit`,
      auth: 'access',
      idempotent: true,
      async handler(req) {
        await reach(req.ctx, 'cart_submit');
        const record = cartOf(req);
        const { order } = record;
        const input = parseWith(SubmitCartRequestSchema, req.body ?? {});
        if (!order.bags.length) throw invalid('skus', 'the cart is empty');
        if (!order.customer?.email) throw invalid('customer', 'apply a customer (name and email) first');
        if (!order.shipping_address?.address_1) throw invalid('shipping_address.address_1', 'apply a shipping address with its street first (a wallet sheet gives it on authorization)');
        const unshipped = order.bags.find((b) => !b.shipping_method);
        if (unshipped) throw invalid(`bags[${order.bags.indexOf(unshipped)}].shipping_method`, `choose a shipping method for bag ${unshipped.id}`);
        if (!record.paymentToken || !order.payment_method) throw invalid('payment_method', 'apply a payment method first');
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
              payment_provider: order.payment_method.payment_provider ?? 'SANDBOX',
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
      },
    },
  ];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A JSON object without its `null` members, so a body's `null` does not hide a query parameter. */
const withoutNulls = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null));

function setCustomer(order: Order, c: ReturnType<typeof CustomerInputSchema.parse>): void {
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
