/**
 * Carts, orders and the order event stream. Every route about an existing
 * cart or order first checks its `Tote-Access` handle; submission runs once
 * per `Idempotency-Key`.
 */
import {
  ACCESS_HEADER,
  ApiAddSkuRequestSchema,
  ApiAddressRequestSchema,
  ApiApplyShippingRequestSchema,
  ApiCreateCartRequestSchema,
  ApiCustomerRequestSchema,
  ApiDirectOrderRequestSchema,
  ApiPaymentRequestSchema,
  ApiUpdateSkuRequestSchema,
} from '../contract/api.js';
import { QuoteRequestSchema } from '../contract/checkout-api.js';
import { SubmitCartRequestSchema, type Order } from '../contract/order.js';
import { checkDirectOrderAmounts } from './direct-order-check.js';
import { ApiHttpError, json } from './errors.js';
import { orderEventStream } from './events.js';
import { toShopperOrder } from './shopper-order.js';
import { appOrderIdFor, fingerprintOf, readIdempotencyKey } from './idempotency.js';
import type { BffParts, RouteContext, RouteHandler } from './context.js';
import { DEFAULT_CURRENCY } from './quote.js';
import type { Router } from './router.js';
import { canonicalJson, parseId, parseWith } from './validation.js';

export function addCheckoutRoutes(router: Router<RouteHandler>, parts: BffParts) {
  const { client, access } = parts;
  const placed = (order: Order) => ({ order: toShopperOrder(order), access: access.sign(order.id) });

  /** The cart or order id of the path, once its access handle checks out. */
  const owned = ({ request, params }: RouteContext, handle = request.headers.get(ACCESS_HEADER)) => {
    const id = parseId(params.id, 'id');
    access.check(id, handle);
    return id;
  };
  const body = (ctx: RouteContext) => parts.body(ctx.request);
  const cart = (c: Order, status = 200) => json(status, { cart: toShopperOrder(c) });

  router.add('POST', '/checkout/quote', async (ctx) => {
    const { quote_token, ...input } = parseWith(QuoteRequestSchema, await body(ctx));
    // A previous cart-mode quote names the service cart to update in place; its signature proves we created it.
    const previous = quote_token ? parts.tokens.verify(quote_token, { allowExpired: true }) : undefined;
    const cartId = input.mode === 'cart' && previous?.mode === 'cart' ? previous.cart_id : undefined;
    const currency = input.currency ?? (previous?.mode === input.mode ? previous.currency : undefined) ?? DEFAULT_CURRENCY;
    const { response } = await parts.quoter.quote({ ...input, currency }, cartId);
    return json(200, response);
  });

  router.add('POST', '/checkout/place', async (ctx) => {
    const answer = await parts.place(ctx.request, await body(ctx));
    return json(answer.status, answer.body, answer.headers);
  });

  router.add('POST', '/carts', async (ctx) => {
    const input = parseWith(ApiCreateCartRequestSchema, await body(ctx));
    const created = await client.createCart({ skus: input.skus, ...(input.base_currency ? { base_currency: input.base_currency } : {}) });
    return json(201, { cart: created, access: access.sign(created.id) });
  });

  router.add('GET', '/carts/:id', async (ctx) => cart(await client.getCart(owned(ctx))));

  router.add('POST', '/carts/:id/skus', async (ctx) => {
    const id = owned(ctx);
    return cart(await client.addCartSku(id, parseWith(ApiAddSkuRequestSchema, await body(ctx))));
  });

  router.add('PUT', '/carts/:id/skus/:order_sku_id', async (ctx) => {
    const id = owned(ctx);
    const orderSkuId = parseId(ctx.params.order_sku_id, 'order_sku_id');
    return cart(await client.updateCartSku(id, orderSkuId, parseWith(ApiUpdateSkuRequestSchema, await body(ctx))));
  });

  router.add('DELETE', '/carts/:id/skus/:order_sku_id', async (ctx) => {
    const id = owned(ctx);
    return cart(await client.removeCartSku(id, parseId(ctx.params.order_sku_id, 'order_sku_id')));
  });

  router.add('POST', '/carts/:id/customer', async (ctx) => {
    const id = owned(ctx);
    return cart(await client.setCartCustomer(id, parseWith(ApiCustomerRequestSchema, await body(ctx))));
  });

  router.add('POST', '/carts/:id/shipping_address', async (ctx) => {
    const id = owned(ctx);
    return cart(await client.setShippingAddress(id, parseWith(ApiAddressRequestSchema, await body(ctx))));
  });

  router.add('POST', '/carts/:id/billing_address', async (ctx) => {
    const id = owned(ctx);
    return cart(await client.setBillingAddress(id, parseWith(ApiAddressRequestSchema, await body(ctx))));
  });

  router.add('GET', '/carts/:id/shipping/available', async (ctx) => json(200, { bags: await client.getAvailableShipping(owned(ctx)) }));

  router.add('POST', '/carts/:id/shipping', async (ctx) => {
    const id = owned(ctx);
    return cart(await client.applyShipping(id, parseWith(ApiApplyShippingRequestSchema, await body(ctx))));
  });

  router.add('POST', '/carts/:id/payment', async (ctx) => {
    const id = owned(ctx);
    return cart(await client.applyPayment(id, parseWith(ApiPaymentRequestSchema, await body(ctx))));
  });

  router.add('POST', '/carts/:id/submit', async (ctx) => {
    const id = owned(ctx);
    const key = readIdempotencyKey(ctx.request);
    const input = parseWith(SubmitCartRequestSchema.pick({ referral_id: true }), (await body(ctx)) ?? {});
    const appOrderId = appOrderIdFor(key);
    const answer = await parts.submitOnce({
      key,
      fingerprint: fingerprintOf('cart-submit', String(id), canonicalJson(input)),
      async send() {
        const order = await client.submitCart(id, { app_order_id: appOrderId, ...(input.referral_id ? { referral_id: input.referral_id } : {}) });
        // Still a cart: nothing was submitted (every bag failed), so the key stays free for another try.
        return { status: 200, body: placed(order), final: order.status !== 'IN_PROGRESS' };
      },
      async reconcile() {
        const current = await client.getCart(id);
        return current.status && current.status !== 'IN_PROGRESS' ? { status: 200, body: placed(current) } : undefined;
      },
    });
    return json(answer.status, answer.body);
  });

  router.add('POST', '/orders', async (ctx) => {
    const key = readIdempotencyKey(ctx.request);
    const input = parseWith(ApiDirectOrderRequestSchema, await body(ctx));
    // Without a payment the service places an unpaid order and takes the stock (issue 14).
    if (!input.payment_method) {
      throw new ApiHttpError(400, 'payment_required', 'A payment is required to place the order', { fields: [{ path: 'payment_method', message: 'required' }] });
    }
    const appOrderId = appOrderIdFor(key);
    const answer = await parts.submitOnce({
      key,
      fingerprint: fingerprintOf('direct-order', canonicalJson(input)),
      async send() {
        await checkDirectOrderAmounts(client, input);
        const order = await client.createDirectOrder({ ...input, order: { ...input.order, app_order_id: appOrderId } });
        return { status: 201, body: placed(order) };
      },
      async reconcile() {
        // A search may list other shoppers' orders: only an exact app_order_id match is this attempt's order.
        const found = (await client.findOrdersByAppOrderId(appOrderId)).find((o) => o.app_order_id === appOrderId);
        return found ? { status: 201, body: placed(found) } : undefined;
      },
    });
    return json(answer.status, answer.body);
  });

  router.add('GET', '/orders/:id', async (ctx) => json(200, { order: toShopperOrder(await client.getOrder(owned(ctx))) }));

  router.add('GET', '/orders/:id/events', async (ctx) => {
    // EventSource cannot set headers: the handle comes as `?access=`.
    const id = owned(ctx, ctx.url.searchParams.get('access') ?? ctx.request.headers.get(ACCESS_HEADER));
    const { streams } = parts;
    if (streams.open >= streams.max) {
      throw new ApiHttpError(503, 'upstream_unavailable', 'Too many open event streams; try again shortly', { retry_after: 5 }, { 'retry-after': '5' });
    }
    streams.open++;
    const stream = orderEventStream({
      bus: parts.bus,
      orderId: id,
      heartbeatMs: parts.heartbeatMs,
      snapshot: async () => toShopperOrder(await client.getOrder(id)),
      signal: ctx.request.signal,
      onClose: () => streams.open--,
    });
    return new Response(stream, {
      status: 200,
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      },
    });
  });
}
