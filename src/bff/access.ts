/**
 * Access handles: ids of carts and orders are sequential, so knowing one is
 * not proof of owning it. The BFF hands out `access` = HMAC of the id (with
 * the signing secret, see signing.ts) when it creates a cart or order, and
 * asks for it back on every later request about that id.
 */
import { ApiHttpError } from './errors.js';
import { createSigner } from './signing.js';
import { parseId } from './validation.js';

export interface AccessSigner {
  sign(orderId: number): string;
  /** Throws 404 for a missing or wrong handle, so a guess learns nothing about which ids exist. */
  check(orderId: number, handle: string | null): void;
}

export function createAccessSigner(secret: string, previous?: string): AccessSigner {
  const signer = createSigner('access-handle-v1', secret, previous);
  return {
    sign: (orderId) => signer.sign(`order:${orderId}`),
    check(orderId, handle) {
      if (!handle || !signer.verify(`order:${orderId}`, handle)) {
        throw new ApiHttpError(404, 'not_found', 'No such cart or order (or the access handle does not match)');
      }
    },
  };
}

/** The order id of a route's `:id`, once the request's access handle (the header, or `handle`) checks out. */
export function ownedOrderId(access: AccessSigner, params: Record<string, string>, handle: string | null): number {
  const id = parseId(params.id, 'id');
  access.check(id, handle);
  return id;
}
