/**
 * The checkout stack the model test drives, built from the harnesses the
 * other suites use: the real sandbox, a real BFF (test/hostile/harness.ts's
 * `startBff`) whose stores are on a private `redis-server`
 * (test/multi-instance/cluster.ts's `startRedis`), between the shopper
 * and the BFF a proxy that can lose an answer, and between the BFF and the
 * sandbox a pass-through that knows what the sandbox is still working on
 * (service-watch.ts). Every fault the model injects
 * is here: lost answers, restarting the BFF with a rotated signing key,
 * Redis paused, full or restarted empty, and the sandbox's own faults.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { createClient } from '@redis/client';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { sandboxCaller } from '../sandbox-control.js';
import type { BffConfig } from '../../src/bff/index.js';
import { startRedis, type RedisServer } from '../multi-instance/cluster.js';
import { SHOP, listen, startBff, stop } from '../hostile/harness.js';
import { watchService, type ServiceWatch } from './service-watch.js';

/** How long the model's shopper waits for one answer. */
const SHOPPER_PATIENCE_MS = 30_000;

export interface Answer {
  /** 0 when no answer arrived (the proxy dropped it, or the connection failed). */
  status: number;
  body: any;
  headers: Headers;
}

/**
 * Sits between the shopper and the BFF. `loseNextAnswer(path)` makes the
 * next request to that path reach the BFF, lets the BFF answer in full, and
 * then drops the connection: the shopper never learns what happened.
 */
export interface LossyProxy {
  url: string;
  target: string;
  loseNextAnswer(path: string): void;
  close(): Promise<void>;
}

export async function startLossyProxy(target: string): Promise<LossyProxy> {
  let lose: string | undefined;
  const proxy: LossyProxy = { url: '', target, loseNextAnswer: (path) => void (lose = path), close: () => stop(server) };
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const drop = lose === path;
    if (drop) lose = undefined;
    const upstream = httpRequest(new URL(req.url ?? '/', proxy.target), { method: req.method, headers: req.headers }, (answer) => {
      if (drop) {
        // The BFF finished its work and wrote its answer; the shopper's connection breaks before any of it arrives.
        answer.resume();
        answer.on('end', () => req.socket.destroy());
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('bad gateway');
    });
    req.pipe(upstream);
  });
  proxy.url = await listen(server);
  return proxy;
}

/** One command to the private Redis on a connection of its own (the server may have restarted since the last one). */
async function redisCommand(url: string, args: string[]): Promise<unknown> {
  const client = createClient({ url, socket: { reconnectStrategy: false } });
  client.on('error', () => {});
  await client.connect();
  try {
    return await client.sendCommand(args);
  } finally {
    client.destroy();
  }
}

const connectedClients = async (url: string) =>
  Number(/connected_clients:(\d+)/.exec(String(await redisCommand(url, ['INFO', 'clients']).catch(() => '')))?.[1] ?? 1);

/**
 * Waits (up to 5 s) until `done(n)` holds for the number of other clients connected to Redis. A BFF
 * closed while its Redis connections are still being made leaves them connecting for ever (noticed in
 * issue 25's report), so the stack closes a BFF only once they are up, and stops Redis once they are gone.
 */
async function redisClients(url: string, done: (others: number) => boolean): Promise<void> {
  for (let i = 0; i < 50 && !done((await connectedClients(url)) - 1); i++) await new Promise((r) => setTimeout(r, 100));
}
/** The BFF's two connections: commands, and the event bus's subscriber. */
const BFF_CONNECTIONS = 2;

export interface CheckoutStack {
  /** The shopper's side: every call goes through the lossy proxy. */
  api(path: string, init?: { json?: unknown; headers?: Record<string, string> }): Promise<Answer>;
  control: ReturnType<typeof sandboxCaller>;
  proxy: LossyProxy;
  redis: RedisServer;
  sandbox: Sandbox;
  /** What the sandbox still works on: `service.idle()` before the clock moves or the shop's orders are read. */
  service: ServiceWatch;
  /** The signing secret the running BFF signs with, and the one it still accepts. */
  signing: { current: string; previous?: string };
  /** Restarts the BFF on the same Redis and sandbox, signing with `current` and still accepting `previous`. */
  restartBff(signing: { current: string; previous?: string }): Promise<void>;
  /** `CLIENT PAUSE ms WRITE`: every write waits (and the BFF's store calls time out) until it ends. */
  pauseRedisWrites(ms: number): Promise<void>;
  /** Redis full: `maxmemory` reached under `noeviction` (docs/deploy.md), so every write is refused; `false` lifts it. */
  fillRedis(full: boolean): Promise<void>;
  /** Stops Redis and starts it again empty (no persistence), on the same port. */
  restartRedisEmpty(): Promise<void>;
  /** Empties Redis (between runs). */
  flushRedis(): Promise<void>;
  close(): Promise<void>;
}

export async function startCheckoutStack(config: Partial<BffConfig> = {}, signing = { current: 'model-signing-key-0' }): Promise<CheckoutStack> {
  const redis = await startRedis();
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', webhookRetryDelaysMs: [10] });
  const service = await watchService(sandbox.url);
  const bffConfig = (s: { current: string; previous?: string }): Partial<BffConfig> => ({
    redisUrl: redis.url,
    signingSecret: s.current,
    ...(s.previous ? { signingSecretPrevious: s.previous } : {}),
    ...config,
  });
  let bff = await startBff(service.url, bffConfig(signing));
  const proxy = await startLossyProxy(bff.base);
  const stack: CheckoutStack = {
    async api(path, init = {}) {
      try {
        const res = await fetch(proxy.url + path, {
          method: init.json === undefined ? 'GET' : 'POST',
          headers: { origin: SHOP, ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
          ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
          // A browser gives up at some point too: a BFF that never answers is "no answer", not a stuck suite.
          signal: AbortSignal.timeout(SHOPPER_PATIENCE_MS),
        });
        const text = await res.text();
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = text;
        }
        return { status: res.status, body, headers: res.headers };
      } catch {
        return { status: 0, body: undefined, headers: new Headers() };
      }
    },
    control: sandboxCaller(sandbox.url),
    proxy,
    redis,
    sandbox,
    service,
    signing,
    async restartBff(next) {
      await redisClients(redis.url, (n) => n >= BFF_CONNECTIONS);
      await bff.close();
      await redisClients(redis.url, (n) => n === 0);
      bff = await startBff(service.url, bffConfig(next));
      proxy.target = bff.base;
      stack.signing = next;
    },
    pauseRedisWrites: async (ms) => void (await redisCommand(redis.url, ['CLIENT', 'PAUSE', String(ms), 'WRITE'])),
    async fillRedis(full) {
      await redisCommand(redis.url, ['CONFIG', 'SET', 'maxmemory-policy', 'noeviction']);
      await redisCommand(redis.url, ['CONFIG', 'SET', 'maxmemory', full ? '1' : '0']);
    },
    async restartRedisEmpty() {
      await redis.stop();
      await redis.start();
    },
    flushRedis: async () => void (await redisCommand(redis.url, ['FLUSHALL'])),
    async close() {
      await proxy.close();
      await redisClients(redis.url, (n) => n >= BFF_CONNECTIONS);
      await bff.close();
      await redisClients(redis.url, (n) => n === 0);
      await service.close();
      await sandbox.close();
      await redis.close();
    },
  };
  return stack;
}
