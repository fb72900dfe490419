/**
 * A shopper's routes after the order (issue 28, docs/bff.md "After the order"): find it again by
 * number and email, cancel it or one bag, read its refunds.
 */
import { ACCESS_HEADER } from '../contract/api.js';
import { ownedOrderId } from './access.js';
import type { BffParts, RouteContext, RouteHandler } from './context.js';
import { createOrderChanges } from './order-changes.js';
import { createOrderLookup } from './order-lookup.js';
import type { Router } from './router.js';

export function addOrderRoutes(router: Router<RouteHandler>, parts: BffParts) {
  const owned = ({ request, params }: RouteContext) => ownedOrderId(parts.access, params, request.headers.get(ACCESS_HEADER));
  const changes = createOrderChanges(parts, owned);
  router.add('POST', '/orders/lookup', createOrderLookup(parts));
  router.add('POST', '/orders/:id/cancel', changes.cancel);
  router.add('POST', '/orders/:id/bags/:bag_id/cancel', changes.cancel);
  router.add('GET', '/orders/:id/refunds', changes.refunds);
}
