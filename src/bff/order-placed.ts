/**
 * The BFF config's `onOrderPlaced(order)`: told once per order the service accepted (docs/bff.md, "When an order
 * is placed"), for a shop's own confirmation email, analytics or fulfilment. Once per order id, across retries
 * with the same key, replays and instances: the first to claim `order-placed:<id>` in the idempotency store calls
 * it. It runs after the shopper's answer is on its way and never delays it; a hook that throws is logged with the
 * order id and the error's name only (its message may carry the shopper's address or email).
 */
import type { Order } from '../contract/order.js';
import type { IdempotencyStore } from './stores/idempotency.js';

export type OrderPlacedHook = (order: Order) => void | Promise<void>;

const FINGERPRINT = 'order-placed';

export function createOrderPlacedNotifier(
  hook: OrderPlacedHook | undefined,
  store: IdempotencyStore,
  ttlMs: number,
  log: (line: string) => void = (line) => console.error(line),
  now: () => number = Date.now,
): ((order: Order) => void) | undefined {
  if (!hook) return undefined;
  const failed = (order: Order, e: unknown) => log(`[tote-bff] onOrderPlaced failed for order ${order.id}: ${e instanceof Error ? e.name : typeof e}`);
  return (order) => {
    // A macrotask later: the answer is built and sent first, whatever the hook does synchronously.
    setTimeout(() => {
      const key = `${FINGERPRINT}:${order.id}`;
      store
        .claim(key, { state: 'pending', fingerprint: FINGERPRINT, leaseUntil: now() + ttlMs, since: now() }, ttlMs)
        .then(async (claim) => {
          if (!claim.claimed || claim.previous) return;
          await hook(order);
        })
        .catch((e: unknown) => failed(order, e));
    }, 0);
  };
}
