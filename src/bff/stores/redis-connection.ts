/**
 * One Redis connection shared by every Redis store of a BFF, plus a second
 * one made on demand for pub/sub (a subscribed connection cannot send other
 * commands).
 *
 * Commands fail fast instead of queueing while Redis is away: a store that
 * cannot reach Redis throws `StoreUnavailableError`, which the BFF answers
 * with 503 (placing an order fails closed), or which a store that can do
 * without Redis turns into a fallback (the offers cache, the rate limiter).
 */
import { createHash } from 'node:crypto';
import { createClient } from '@redis/client';
import { ApiHttpError } from '../errors.js';

export class StoreUnavailableError extends ApiHttpError {
  override name = 'StoreUnavailableError';
  constructor(readonly reason?: unknown) {
    super(503, 'upstream_unavailable', 'The checkout is briefly unavailable; try again shortly', { retry_after: 1 }, { 'retry-after': '1' });
  }
}

type Client = ReturnType<typeof createClient>;
type Reply = Awaited<ReturnType<Client['eval']>>;

export interface RedisConnectionOptions {
  url: string;
  /** Put before every key and channel, so several shops can share one Redis. Default `tote:`. */
  keyPrefix?: string;
  /** How long a command may take, and how long one waits for a (re)connection, before the store gives up. Default 2 s. */
  commandTimeoutMs?: number;
  /** Where connection errors go. */
  onError?: (error: unknown) => void;
}

export interface RedisConnection {
  /** `prefix + name`: every key and channel goes through here. */
  key(name: string): string;
  /** Runs one command on the shared connection within the time limit. */
  run<T>(command: (client: Client) => Promise<T>): Promise<T>;
  /** Runs a Lua script (by its SHA1, loading it on the first `NOSCRIPT`). */
  script(lua: string): (keys: string[], args: (string | number)[]) => Promise<Reply>;
  /** The pub/sub connection, connected on first use. */
  subscriber(): Promise<Client>;
  /** True when Redis answers a PING in time. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

/** How node-redis connects and reconnects for the BFF. */
function clientOptions(url: RedisConnectionOptions['url'], commandTimeoutMs: number) {
  return {
    url,
    // Queued commands would run whenever Redis comes back, long after the shopper was told 503.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: commandTimeoutMs,
      // Keep trying for ever, at most every 2 s: the BFF serves what it can meanwhile.
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2000),
    },
    // Notices a silently dead connection (a NAT or a Redis host that vanished) within a few seconds.
    pingInterval: 5000,
  };
}

/** node-redis emits an error for every failed reconnect: report the first of an outage, not one every 2 s. */
function reportOutages(c: Client, onError: (error: unknown) => void): void {
  let down = false;
  c.on('error', (error: unknown) => {
    if (!down) onError(error);
    down = true;
  });
  c.on('ready', () => (down = false));
}

/** A Lua script run by its SHA; sent whole when Redis does not hold it yet (NOSCRIPT, e.g. after a restart). */
function cachedScript(run: RedisConnection['run'], lua: string): ReturnType<RedisConnection['script']> {
  const sha = createHash('sha1').update(lua).digest('hex');
  return (keys, args) => {
    const opts = { keys, arguments: args.map(String) };
    return run(async (c) => {
      try {
        return await c.evalSha(sha, opts);
      } catch (err) {
        if (err instanceof Error && err.message.startsWith('NOSCRIPT')) return c.eval(lua, opts);
        throw err;
      }
    });
  };
}

export function connectRedis({ url, keyPrefix = 'tote:', commandTimeoutMs = 2000, onError = () => {} }: RedisConnectionOptions): RedisConnection {
  const report = (c: Client) => reportOutages(c, onError);
  const client: Client = createClient(clientOptions(url, commandTimeoutMs));
  report(client);
  let closed = false;
  const connecting = client.connect().catch(onError);
  let sub: Promise<Client> | undefined;

  // Until the first connection a command waits for it (the BFF just started); after that, a lost connection fails at once.
  let connectedOnce = false;
  client.once('ready', () => (connectedOnce = true));

  async function ready(c: Client, deadline: number) {
    while (!c.isReady) {
      if (closed || connectedOnce || Date.now() >= deadline) throw new StoreUnavailableError('not connected');
      await sleep(25);
    }
  }

  async function run<T>(command: (c: Client) => Promise<T>): Promise<T> {
    const deadline = Date.now() + commandTimeoutMs;
    await ready(client, deadline);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StoreUnavailableError('timeout')), Math.max(1, deadline - Date.now()));
    });
    try {
      return await Promise.race([command(client), timeout]);
    } catch (err) {
      // A Redis reply error (a bug in a script, a wrong type) is ours to see, not a reason to say "try again".
      if (err instanceof StoreUnavailableError || !(err instanceof Error) || !/^(ERR|WRONGTYPE|NOSCRIPT)/.test(err.message)) {
        throw err instanceof StoreUnavailableError ? err : new StoreUnavailableError(err);
      }
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    key: (name) => keyPrefix + name,
    run,
    script: (lua) => cachedScript(run, lua),
    subscriber() {
      sub ??= (async () => {
        // Unlike commands, SUBSCRIBE may wait for Redis: the client sends it (and every subscription again) on reconnect.
        const s = client.duplicate({ disableOfflineQueue: false });
        report(s);
        s.connect().catch(onError);
        return s;
      })();
      return sub;
    },
    async ping() {
      try {
        return (await run((c) => c.ping())) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      closed = true;
      const s: Client | undefined = await sub;
      for (const c of [client, s]) {
        if (!c) continue;
        // A client still trying to connect has nothing to flush: end it at once.
        if (c.isReady) await c.close().catch(() => c.destroy());
        else if (c.isOpen) c.destroy();
      }
      await Promise.race([connecting, sleep(commandTimeoutMs)]);
    },
  };
}
