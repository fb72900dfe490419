/**
 * The order's live events (`GET /orders/:id/events`, Server-Sent Events) for
 * `ToteApi.orderEvents`, which loads this module when an order status first
 * asks for them.
 */
import type { ShopperOrder as Order } from '../contract/shopper-order.js';
import type { BagEvent } from '../contract/api.js';
import type { EventStream, OrderEventHandlers } from './order-event-types.js';

const MAX_RECONNECT_DELAY_MS = 30_000;

/**
 * EventSource retries by itself after a network drop, but gives up for good
 * on an HTTP error or a closed stream: then we open a new one, with backoff.
 */
export function openEventStream(
  url: string,
  handlers: OrderEventHandlers,
  Source: typeof EventSource | undefined,
  baseDelayMs: number,
): EventStream {
  let closed = false;
  let attempt = 0;
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const parse = (e: Event) => {
    try {
      return JSON.parse((e as MessageEvent<string>).data) as unknown;
    } catch {
      return undefined;
    }
  };

  const connect = () => {
    if (closed || !Source) return;
    const es = new Source(url);
    source = es;
    es.addEventListener('open', () => {
      attempt = 0;
      handlers.onOpen?.();
    });
    es.addEventListener('order', (e) => {
      const data = parse(e) as { order?: Order } | Order | undefined;
      if (data && typeof data === 'object') handlers.onOrder?.('order' in data && data.order ? data.order : (data as Order));
    });
    es.addEventListener('bag', (e) => {
      const data = parse(e);
      if (data && typeof data === 'object') handlers.onBag?.(data as BagEvent);
    });
    es.addEventListener('error', () => {
      if (closed) return;
      attempt++;
      handlers.onError?.(attempt);
      if (es.readyState === 2 /* CLOSED */) {
        const delay = Math.min(MAX_RECONNECT_DELAY_MS, baseDelayMs * 2 ** Math.min(attempt - 1, 10));
        timer = setTimeout(connect, delay);
      }
    });
  };

  connect();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      source?.close();
    },
  };
}
