/**
 * A shop on several BFF instances: one private `redis-server` (Debian's,
 * found by scripts/find-redis.mjs), one sandbox, N BFF processes sharing
 * both, and a small round-robin proxy in front so that they answer under
 * one origin like instances behind a load balancer. Used by the
 * multi-instance tests and by `npm run bench -- --only=redis`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findRedis } from '../../scripts/find-redis.mjs';
import { DEFAULT_CREDENTIALS, startSandbox, type Sandbox } from '../../src/sandbox/index.js';

export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves with the first line of `child`'s stdout that `match` accepts; rejects if it exits first. */
function waitForLine(child: ChildProcess, match: RegExp, what: string, timeoutMs = 20_000): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => done(new Error(`${what} did not start within ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const onData = (d: Buffer) => {
      out += d;
      const m = match.exec(out);
      if (m) done(undefined, m);
    };
    const onExit = (code: number | null) => done(new Error(`${what} exited (${code}) before it started:\n${out}`));
    const done = (err?: Error, m?: RegExpExecArray) => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve(m!);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));

export interface RedisServer {
  url: string;
  port: number;
  /** Stops it (SIGTERM, by its PID) and waits for the exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port (after `stop`). */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  close(): Promise<void>;
}

/** A private redis-server on a free port, no persistence, its own temporary directory. */
export async function startRedis(): Promise<RedisServer> {
  const binary = process.env.REDIS_SERVER_PATH || findRedis();
  if (!binary) throw new Error('no redis-server: run the tests through `npm test` (it installs one) or set REDIS_SERVER_PATH');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'tote-redis-'));
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await waitForLine(child, /Ready to accept connections/, 'redis-server');
  };
  const stop = async () => {
    if (!child) return;
    const c = child;
    child = undefined;
    c.kill('SIGTERM');
    await exited(c);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Instance {
  url: string;
  child: ChildProcess;
  /** SIGKILL: the instance dies mid-whatever, as a crashed host would. */
  kill(): Promise<void>;
}

const INSTANCE = fileURLToPath(new URL('./instance.ts', import.meta.url));

/** One BFF process against `serviceUrl`, with its stores on `redisUrl` (in memory when undefined). */
export async function startInstance(serviceUrl: string, redisUrl: string | undefined, extra: object = {}): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', INSTANCE], {
    env: {
      ...process.env,
      SERVICE_BASE_URL: serviceUrl,
      SERVICE_APP_ID: String(DEFAULT_CREDENTIALS.appId),
      SERVICE_APP_SECRET: DEFAULT_CREDENTIALS.appSecret,
      SERVICE_TOKEN: DEFAULT_CREDENTIALS.token,
      REDIS_URL: redisUrl ?? '',
      TOTE_TEST_BFF: JSON.stringify(extra),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [, port] = await waitForLine(child, /listening (\d+)/, 'BFF instance');
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}

export interface RoundRobin {
  url: string;
  /** How many requests each target received, in target order. */
  counts: number[];
  close(): Promise<void>;
}

/**
 * An HTTP proxy that sends each request to the next target in turn (a
 * streaming response, such as Server-Sent Events, streams through). A target
 * that is down answers 502, as a load balancer without health checks would.
 */
export async function startRoundRobin(targets: string[]): Promise<RoundRobin> {
  const counts = targets.map(() => 0);
  let next = 0;
  const server: Server = createServer((req, res) => {
    const i = next++ % targets.length;
    counts[i]!++;
    const target = new URL(req.url ?? '/', targets[i]);
    const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('bad gateway');
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface Cluster {
  redis: RedisServer | undefined;
  sandbox: Sandbox;
  /** Between the instances and the sandbox: `counts[0]` is every request sent upstream. */
  upstream: RoundRobin;
  instances: Instance[];
  proxy: RoundRobin;
  /** The sandbox's test control routes (`/__sandbox/…`). */
  control(path: string, init?: { method?: string; json?: unknown }): Promise<any>;
  close(): Promise<void>;
}

/** `count` instances behind one proxy, on one sandbox; on one Redis unless `memory`. */
export async function startCluster({ count = 2, memory = false, bff = {} }: { count?: number; memory?: boolean; bff?: object } = {}): Promise<Cluster> {
  const redis = memory ? undefined : await startRedis();
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
  const upstream = await startRoundRobin([sandbox.url]);
  const instances: Instance[] = [];
  try {
    for (let i = 0; i < count; i++) instances.push(await startInstance(upstream.url, redis?.url, bff));
  } catch (e) {
    await Promise.all(instances.map((x) => x.kill()));
    await upstream.close();
    await sandbox.close();
    await redis?.close();
    throw e;
  }
  const proxy = await startRoundRobin(instances.map((x) => x.url));
  const credentials = {
    'x-service-app-id': String(DEFAULT_CREDENTIALS.appId),
    'x-service-app-secret': DEFAULT_CREDENTIALS.appSecret,
    'x-service-token': DEFAULT_CREDENTIALS.token,
  };
  return {
    redis,
    sandbox,
    upstream,
    instances,
    proxy,
    async control(path, init = {}) {
      const res = await fetch(sandbox.url + path, {
        method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
        headers: { ...credentials, ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`sandbox ${path} answered ${res.status}: ${text}`);
      return text ? JSON.parse(text) : undefined;
    },
    async close() {
      await proxy.close();
      await Promise.all(instances.map((x) => x.kill()));
      await upstream.close();
      await sandbox.close();
      await redis?.close();
    },
  };
}
