/**
 * Checkout (issue 14): `POST /checkout/quote` and `POST /checkout/place`, a
 * shopper's only routes that change anything, and the order placed —
 * `GET /orders/:id` and its event stream — behind its `Tote-Access` handle.
 * The per-step cart routes, `POST /estimate` and `POST /orders` are gone
 * (docs/bff.md, "Headless use").
 */
import { ACCESS_HEADER } from '../contract/api.js';
import { QuoteRequestSchema } from '../contract/checkout-api.js';
import { checkQuoteAddresses } from './address/quote-addresses.js';
import { ApiHttpError, json, rateLimited, toApiError } from './errors.js';
import { placeOutcome } from './observability/observer.js';
import { orderEventStream } from './events.js';
import { toShopperOrder } from './shopper-order.js';
import type { BffParts, RouteContext, RouteHandler } from './context.js';
import { DEFAULT_CURRENCY } from './quote.js';
import type { Router } from './router.js';
import { parseId, parseWith } from './validation.js';

export function addCheckoutRoutes(router: Router<RouteHandler>, parts: BffParts) {
  const { client, access } = parts;

  /** The order id of the path, once its access handle checks out. */
  const owned = ({ request, params }: RouteContext, handle = request.headers.get(ACCESS_HEADER)) => {
    const id = parseId(params.id, 'id');
    access.check(id, handle);
    return id;
  };
  const body = (ctx: RouteContext) => parts.body(ctx.request);

  router.add('POST', '/checkout/quote', async (ctx) => {
    const { quote_token, ...input } = checkQuoteAddresses(parseWith(QuoteRequestSchema, await body(ctx)));
    // A previous cart-mode quote names the service cart to update in place; its signature proves we created it.
    const previous = quote_token ? parts.tokens.verify(quote_token, { allowExpired: true }) : undefined;
    const cartId = input.mode === 'cart' && previous?.mode === 'cart' ? previous.cart_id : undefined;
    const currency = input.currency ?? (previous?.mode === input.mode ? previous.currency : undefined) ?? DEFAULT_CURRENCY;
    const { response } = await parts.quoter.quote({ ...input, currency }, cartId);
    parts.observer.quoted(response);
    return json(200, response);
  });

  router.add('POST', '/checkout/place', async (ctx) => {
    let answer;
    try {
      answer = await parts.place(ctx.request, await body(ctx));
    } catch (err) {
      const api = toApiError(err);
      parts.observer.placed(placeOutcome(api.status, api.code));
      throw err;
    }
    parts.observer.placed(placeOutcome(answer.status, (answer.body as { error?: { code?: string } } | null)?.error?.code));
    return json(answer.status, answer.body, answer.headers);
  });

  router.add('GET', '/orders/:id', async (ctx) => json(200, { order: toShopperOrder(await client.getOrder(owned(ctx))) }));

  router.add('GET', '/orders/:id/events', async (ctx) => {
    // EventSource cannot set headers: the handle comes as `?access=`.
    const id = owned(ctx, ctx.url.searchParams.get('access') ?? ctx.request.headers.get(ACCESS_HEADER));
    const taken = parts.streams.take(ctx.client);
    const release = typeof taken === 'function' ? parts.observer.streamOpened(taken) : taken;
    if (release === 'client') throw rateLimited('rate_limited', 'Too many open event streams from this client; close one first', 5);
    if (release === 'instance') {
      throw new ApiHttpError(503, 'upstream_unavailable', 'Too many open event streams; try again shortly', { retry_after: 5 }, { 'retry-after': '5' });
    }
    const stream = orderEventStream({
      bus: parts.bus,
      orderId: id,
      heartbeatMs: parts.heartbeatMs,
      snapshot: async () => toShopperOrder(await client.getOrder(id)),
      signal: ctx.request.signal,
      onClose: release,
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
