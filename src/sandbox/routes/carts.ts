import { CartSkuInputSchema, CreateCartRequestSchema, UpdateCartSkuRequestSchema, type Order } from '../../contract/order.js';
import type { SandboxContext } from '../context.js';
import { fail, notFound, parseId, parseWith } from '../http.js';
import { bagFor, currencyProblem, isPublished, lookupSku, newOrder, newOrderSku, orderError, stockOf, unitPriceIn, type SkuRef } from '../order-model.js';
import { callEach } from '../platform.js';
import { checkRate } from '../exchange.js';
import type { Route, RouteRequest, RouteResult } from '../router.js';
import type { OrderRecord } from '../store.js';
import { applyIntent } from '../stripe.js';
import { throwIfBusy } from '../submit.js';
import { begin, reprice } from '../cart-pricing.js';
import { cartOf, touch } from './cart-access.js';
import { cartCheckoutRoutes, setCustomer } from './cart-checkout.js';

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

function findLine(order: Order, text: string | undefined) {
  const id = parseId(text, 'order_sku_id');
  for (const bag of order.bags) {
    const line = bag.skus.find((l) => l.id === id);
    if (line) return { bag, line };
  }
  throw notFound('Cart SKU', id, 'order_sku_id');
}

async function createCart({ ctx, body, query }: RouteRequest): Promise<RouteResult> {
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
}

/** The cart's `token` finds it too (the service's `GET /v1/checkout/cart/byToken/{token}`). */
function cartByToken({ ctx, params }: RouteRequest): RouteResult {
  const record = [...ctx.store.orders.values()].find((r) => r.order.token === params.token);
  if (!record) throw fail(404, 'not_found', 'No cart has this token', { field: 'token' });
  return { body: record.order };
}

async function deleteCart(req: RouteRequest): Promise<RouteResult> {
  const record = cartOf(req);
  await touch(req.ctx, record.order.bags, 'delete_cart');
  req.ctx.store.orders.delete(record.order.id);
  return { status: 204 };
}

async function addSku(req: RouteRequest): Promise<RouteResult> {
  const { order } = cartOf(req);
  const input = parseWith(CartSkuInputSchema, req.body ?? null);
  const ref = lookupSku(req.ctx, input.sku_id, 'sku_id');
  throwIfBusy(await callEach([ref.merchant.platform], 'add_item', () => undefined));
  begin(order);
  addLine(req.ctx, order, ref, input.quantity);
  reprice(req.ctx, order);
  return { body: order };
}

async function updateSku(req: RouteRequest): Promise<RouteResult> {
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
}

async function removeSku(req: RouteRequest): Promise<RouteResult> {
  const { order } = cartOf(req);
  const { bag, line } = findLine(order, req.params.order_sku_id);
  await touch(req.ctx, [bag], 'remove_item');
  begin(order);
  bag.skus = bag.skus.filter((l) => l !== line);
  if (!bag.skus.length) order.bags = order.bags.filter((b) => b !== bag);
  reprice(req.ctx, order);
  return { body: order };
}

/** The cart routes: the cart and its lines here, its checkout steps in cart-checkout.ts. */
export function cartRoutes(): Route[] {
  const base = '/v1/checkout/cart';
  return [
    { method: 'POST', path: base, auth: 'access', handler: createCart },
    { method: 'GET', path: `${base}/:cart_id`, auth: 'access', handler: (req) => ({ body: cartOf(req, false).order }) },
    { method: 'GET', path: `${base}/byToken/:token`, auth: 'access', handler: cartByToken },
    { method: 'DELETE', path: `${base}/:cart_id`, auth: 'access', handler: deleteCart },
    { method: 'POST', path: `${base}/:cart_id/skus`, auth: 'access', handler: addSku },
    { method: 'PUT', path: `${base}/:cart_id/skus/:order_sku_id`, auth: 'access', handler: updateSku },
    { method: 'DELETE', path: `${base}/:cart_id/skus/:order_sku_id`, auth: 'access', handler: removeSku },
    ...cartCheckoutRoutes(base),
  ];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A JSON object without its `null` members, so a body's `null` does not hide a query parameter. */
const withoutNulls = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null));
