/**
 * `POST /orders/lookup`: a shopper who lost the confirmation's link finds the order again with its
 * number and email, and gets the same access handle the confirmation gave (issue 28).
 *
 * Order numbers are sequential, so the answer must not tell a wrong number from a wrong email:
 * both ask the service the same one question, compare the email the same constant-time way, answer
 * the same bytes, and are held to the same floor of time (`LOOKUP_FLOOR_MS`), which is longer than
 * the service takes to answer either, so the lookup's duration follows the floor and not the order.
 * Guessing is also slowed per client: a small bucket of its own, apart from the general limit.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { OrderLookupRequestSchema } from '../contract/after-order.js';
import { ServiceError } from '../contract/client.js';
import type { Order } from '../contract/order.js';
import { ApiHttpError, json, rateLimited } from './errors.js';
import type { BffParts, RouteHandler } from './context.js';
import { createMemoryRateLimiter, type RateLimiter } from './stores/index.js';
import { parseWith } from './validation.js';

/** Every lookup answers no sooner than this after it arrived (ms). */
export const LOOKUP_FLOOR_MS = 400;

/** Lookups a client may make at once, then one more every 30 s (a shopper types a number a few times, a guesser thousands). */
export const LOOKUP_LIMIT = { burst: 10, perSecond: 1 / 30 };

const digest = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest();

/** Whether the order was placed with this email: the same work whatever the order holds. */
function placedWith(order: Order | undefined, email: string): boolean {
  const own = order?.customer?.email ?? order?.shipping_address?.email ?? '';
  const same = timingSafeEqual(digest(email), digest(own));
  return same && own !== '' && !!order?.date_submitted;
}

const noMatch = () => new ApiHttpError(404, 'not_found', 'No order matches that number and email');

export function createOrderLookup(parts: BffParts, limiter: RateLimiter = createMemoryRateLimiter(LOOKUP_LIMIT)): RouteHandler {
  const { client, access } = parts;
  return async ({ request, client: who }) => {
    if (who !== undefined) {
      const verdict = await limiter.take(who);
      if (!verdict.allowed) throw rateLimited('rate_limited', 'Too many order lookups; try again later', verdict.retryAfterS);
    }
    const floor = new Promise((resolve) => setTimeout(resolve, LOOKUP_FLOOR_MS));
    try {
      const input = parseWith(OrderLookupRequestSchema, await parts.body(request));
      let order: Order | undefined;
      try {
        order = await client.getOrder(input.order_id);
      } catch (err) {
        // Only "no such order" is a miss; an outage stays an outage (it says nothing about the order).
        if (!(err instanceof ServiceError && err.status === 404)) throw err;
      }
      if (!placedWith(order, input.email)) throw noMatch();
      return json(200, { order_id: input.order_id, access: access.sign(input.order_id) });
    } finally {
      await floor;
    }
  };
}
