/** The event bus: SSE fan-out and cache invalidation between instances. */
export interface EventBus {
  publish(channel: string, message: unknown): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(channel: string, listener: (message: unknown) => void): () => void;
  /** Settles once every subscription made so far receives what is published (a shared bus subscribes asynchronously). */
  ready(): Promise<void>;
}

export function createMemoryEventBus(): EventBus {
  const channels = new Map<string, Set<(message: unknown) => void>>();
  return {
    async publish(channel, message) {
      for (const listener of [...(channels.get(channel) ?? [])]) {
        try {
          listener(message);
        } catch {
          // One broken subscriber must not stop the others.
        }
      }
    },
    subscribe(channel, listener) {
      let set = channels.get(channel);
      if (!set) channels.set(channel, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) channels.delete(channel);
      };
    },
    async ready() {},
  };
}
