/**
 * `GET /orders/:id/events`: Server-Sent Events for one order. On connect the
 * stream sends `event: order` with the whole order, then `event: bag` for
 * every bag change the webhooks bring, and a comment line as heartbeat so
 * proxies keep the connection open.
 */
import type { BagEvent } from '../contract/api.js';
import type { ShopperOrder } from '../contract/shopper-order.js';
import type { EventBus } from './stores/index.js';
import { orderChannel } from './webhooks.js';
import { toShopperBagEvent } from './shopper-order.js';

const encoder = new TextEncoder();
const frame = (event: string, data: unknown) => encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

/**
 * Who may open another order stream: at most `max` on this instance, and at most `maxPerClient` for one
 * client (issue 25.8: one address with its own order's handle took every stream, and the next shopper got 503).
 * `take` answers the release, or which limit refused.
 */
export function createStreamSlots(max: number, maxPerClient: number) {
  let open = 0;
  const byClient = new Map<string, number>();
  return {
    take(client: string | undefined): (() => void) | 'instance' | 'client' {
      if (open >= max) return 'instance';
      const mine = client === undefined ? 0 : (byClient.get(client) ?? 0);
      if (client !== undefined && mine >= maxPerClient) return 'client';
      open++;
      if (client !== undefined) byClient.set(client, mine + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        open--;
        if (client === undefined) return;
        const left = (byClient.get(client) ?? 1) - 1;
        if (left > 0) byClient.set(client, left);
        else byClient.delete(client);
      };
    },
  };
}
export type StreamSlots = ReturnType<typeof createStreamSlots>;

export interface StreamOptions {
  bus: EventBus;
  orderId: number;
  heartbeatMs: number;
  /** The order as it is now; bag events that arrive meanwhile are held until it is sent. */
  snapshot: () => Promise<ShopperOrder>;
  signal: AbortSignal;
  onClose: () => void;
}

export function orderEventStream({ bus, orderId, heartbeatMs, snapshot, signal, onClose }: StreamOptions): ReadableStream<Uint8Array> {
  let unsubscribe = () => {};
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    clearInterval(heartbeat);
    signal.removeEventListener('abort', onAbort);
    onClose();
  };
  let onAbort = () => {};
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const held: BagEvent[] = [];
      let live = false;
      const send = (bytes: Uint8Array) => {
        if (closed) return;
        try {
          controller.enqueue(bytes);
        } catch {
          close();
        }
      };
      onAbort = () => {
        close();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      unsubscribe = bus.subscribe(orderChannel(orderId), (message) => {
        // The bus carries what the webhook said; a browser gets the allowlisted part of it only.
        const event = toShopperBagEvent(message as BagEvent);
        if (live) send(frame('bag', event));
        else held.push(event);
      });
      // A shared bus subscribes asynchronously: an event published before that would reach neither the snapshot nor the stream.
      await bus.ready();
      send(encoder.encode(`retry: 3000\n\n`));
      heartbeat = setInterval(() => send(encoder.encode(`: heartbeat\n\n`)), heartbeatMs);
      try {
        send(frame('order', await snapshot()));
      } catch {
        send(frame('error', { code: 'upstream_unavailable', message: 'The order could not be read; bag events still follow' }));
      }
      live = true;
      for (const event of held) send(frame('bag', event));
    },
    cancel() {
      close();
    },
  });
}
