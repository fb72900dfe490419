/** Finding a cart for a route, and asking its merchants' platforms before a change: shared by every cart route. */
import type { Bag } from '../../contract/order.js';
import type { SandboxContext } from '../context.js';
import { fail, notFound, parseId } from '../http.js';
import { callEach } from '../platform.js';
import type { RouteRequest } from '../router.js';
import type { OrderRecord } from '../store.js';
import { platformsOf, throwIfBusy } from '../submit.js';

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
