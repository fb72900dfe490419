/**
 * The event bus on Redis pub/sub: whatever any instance publishes reaches
 * the listeners of every instance (the publishing one included, through
 * Redis like the others, so nothing is delivered twice).
 *
 * One Redis subscription per channel with local listeners; SUBSCRIBE and
 * UNSUBSCRIBE go out one after another in the order they were asked for.
 * The subscriber connection queues them while Redis is away and subscribes
 * again after a reconnect; events published meanwhile are lost (pub/sub
 * keeps nothing), which is why a stream starts from a fresh snapshot.
 */
import type { EventBus } from './event-bus.js';
import type { RedisConnection } from './redis-connection.js';

export function createRedisEventBus(redis: RedisConnection, { onError = (_: unknown) => {}, readyTimeoutMs = 2000 } = {}): EventBus {
  const channels = new Map<string, Set<(message: unknown) => void>>();
  const name = (channel: string) => redis.key(`bus:${channel}`);
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (op: () => Promise<void>) => {
    queue = queue.then(op).catch(onError);
  };

  const deliver = (channel: string) => (raw: string) => {
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    for (const listener of [...(channels.get(channel) ?? [])]) {
      try {
        listener(message);
      } catch {
        // One broken subscriber must not stop the others.
      }
    }
  };
  const handlers = new Map<string, (raw: string) => void>();

  return {
    async publish(channel, message) {
      await redis.run((c) => c.publish(name(channel), JSON.stringify(message)));
    },
    subscribe(channel, listener) {
      let set = channels.get(channel);
      if (!set) {
        channels.set(channel, (set = new Set()));
        const handler = deliver(channel);
        handlers.set(channel, handler);
        enqueue(async () => (await redis.subscriber()).subscribe(name(channel), handler));
      }
      const mine = set;
      mine.add(listener);
      return () => {
        mine.delete(listener);
        if (mine.size > 0 || channels.get(channel) !== mine) return;
        channels.delete(channel);
        const handler = handlers.get(channel)!;
        handlers.delete(channel);
        enqueue(async () => (await redis.subscriber()).unsubscribe(name(channel), handler));
      };
    },
    async ready() {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([queue, new Promise<void>((resolve) => (timer = setTimeout(resolve, readyTimeoutMs)))]);
      clearTimeout(timer);
    },
  };
}
