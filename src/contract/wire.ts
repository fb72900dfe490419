/**
 * What the widget and the BFF agree on over HTTP, in the zod-free core a browser may run
 * (.dependency-cruiser.cjs, `CORE`): the header names of the widget API and how a `Retry-After`
 * is read. The BFF (src/contract/api.ts re-exports the names), the service client
 * (src/contract/client-helpers.ts) and the browser's clients (src/state/api-client.ts,
 * src/elements/internal/order-api.ts) import them from here.
 */

/**
 * A placed order is reached through its service id plus an `access` handle
 * the BFF signs when it places it (HMAC of the id): ids are sequential
 * integers, and a shopper must not read another shopper's address by
 * counting. The browser sends it back as the `Tote-Access` header (or
 * `?access=` on the event stream, which cannot set headers).
 */
export const ACCESS_HEADER = 'tote-access';
/** One key per attempt to place an order (or cancel a bag): a resend with the same key does it once. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** `Retry-After` as delay-seconds or an HTTP date, in milliseconds from `now`. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
