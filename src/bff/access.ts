/**
 * Access handles: ids of carts and orders are sequential, so knowing one is
 * not proof of owning it. The BFF hands out `access` = HMAC of the id (key
 * derived from the app secret) when it creates a cart or order, and asks
 * for it back on every later request about that id.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiHttpError } from './errors.js';

export interface AccessSigner {
  sign(orderId: number): string;
  /** Throws 404 for a missing or wrong handle, so a guess learns nothing about which ids exist. */
  check(orderId: number, handle: string | null): void;
}

export function createAccessSigner(appSecret: string): AccessSigner {
  // A key of its own, so an access handle can never double as any other signature made with the app secret.
  const key = createHmac('sha256', appSecret).update('tote-access-handle-v1').digest();
  const sign = (orderId: number) => createHmac('sha256', key).update(`order:${orderId}`).digest('base64url');
  return {
    sign,
    check(orderId, handle) {
      const expected = Buffer.from(sign(orderId));
      const given = Buffer.from(handle ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new ApiHttpError(404, 'not_found', 'No such cart or order (or the access handle does not match)');
      }
    },
  };
}
