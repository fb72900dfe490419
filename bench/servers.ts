/** The servers a bench section runs against: the sandbox, a BFF in front of it, and a page server for Chromium. */
import { minifyTemplatesEsbuildPlugin } from '../scripts/minify-templates.mjs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build, type Plugin } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { createBff, toNodeListener, type BffConfig } from '../src/bff/index.js';
import { DEFAULT_CREDENTIALS, startSandbox, type Sandbox } from '../src/sandbox/index.js';
import { chromiumFlags, findFullChrome } from '../scripts/find-chrome.mjs';
import { createUpstreamFetch } from '../src/bff/upstream-pool.js';

const upstreamFetch = createUpstreamFetch();

export const SERVICE_HEADERS = {
  'x-service-app-id': String(DEFAULT_CREDENTIALS.appId),
  'x-service-app-secret': DEFAULT_CREDENTIALS.appSecret,
  'x-service-token': DEFAULT_CREDENTIALS.token,
};

export interface BenchSandbox extends Sandbox {
  call(method: string, path: string, body?: unknown): Promise<unknown>;
  /** Seed state back, faults and call logs cleared. */
  reset(): Promise<void>;
  /** Extra latency of every platform call, for every merchant. */
  latency(ms: number): Promise<void>;
  /** Start times (epoch ms) of the platform calls made so far, every merchant. */
  platformCalls(): Promise<number[]>;
}

export async function startBenchSandbox(): Promise<BenchSandbox> {
  const sandbox = await startSandbox({ port: 0 });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${sandbox.url}${path}`, {
      method,
      headers: { ...SERVICE_HEADERS, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data: unknown = await res.json();
    if (!res.ok) throw new Error(`sandbox ${method} ${path} → ${res.status} ${JSON.stringify(data)}`);
    return data;
  };
  return {
    ...sandbox,
    call,
    reset: async () => void (await call('POST', '/__sandbox/reset', {})),
    latency: async (ms) => void (await call('POST', '/__sandbox/faults', { merchant_id: '*', latency_ms: ms })),
    platformCalls: async () => {
      const { merchants } = (await call('GET', '/__sandbox/calls')) as { merchants: Record<string, { calls: { started_at: number }[] }> };
      return Object.values(merchants).flatMap((m) => m.calls.map((c) => c.started_at));
    },
  };
}

/** A fetch that counts the calls going through it (the BFF's calls to the service). */
export function countingFetch() {
  let calls: { at: number; call: string }[] = [];
  const counted: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push({ at: Date.now(), call: `${init?.method ?? 'GET'} ${url.pathname}` });
    // Counted, then sent the way a deployed BFF sends it (its own pooled transport).
    return upstreamFetch(input, init);
  };
  return {
    fetch: counted,
    get count() {
      return calls.length;
    },
    /** The calls so far (epoch ms and what), and forgets them. */
    take() {
      const out = calls;
      calls = [];
      return out;
    },
  };
}

export type Upstream = ReturnType<typeof countingFetch>;

export function bffConfig(sandboxUrl: string, upstream: Upstream, extra: Partial<BffConfig> = {}): BffConfig {
  return {
    serviceBaseUrl: sandboxUrl,
    appId: DEFAULT_CREDENTIALS.appId,
    appSecret: DEFAULT_CREDENTIALS.appSecret,
    token: DEFAULT_CREDENTIALS.token,
    fetch: upstream.fetch,
    onError: () => {},
    ...extra,
  };
}

export async function listen(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A BFF on its own port (what a shop deploys), answering upstream through `upstream`. */
export async function startBffServer(config: BffConfig) {
  return listen(createServer(toNodeListener(createBff(config))));
}

/** A 1×1 PNG for every product image on bench pages: the network is not what is measured. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAw1AAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=', 'base64');

export interface PageServer {
  url: string;
  /** Mounts a BFF under `/api` of the page's origin (same origin, as a shop would). */
  useBff(config: BffConfig | undefined): void;
  close(): Promise<void>;
}

/** Serves `pages` (path → HTML), `/bench.js` (the bundled page script), `/img/*` and `/api/*`. */
export async function startPageServer(pages: Record<string, string>, script: string): Promise<PageServer> {
  let api: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path.startsWith('/api/') && api) return void api(req, res);
    if (path === '/bench.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
      return void res.end(script);
    }
    if (path.startsWith('/img/')) {
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' });
      return void res.end(PIXEL);
    }
    const page = pages[path];
    if (page === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(page);
  });
  const listening = await listen(server);
  return {
    ...listening,
    useBff(config) {
      api = config ? toNodeListener(createBff(config)) : undefined;
    },
  };
}

/**
 * Bundles a browser entry the way a shop would ship it (minified, Lit's production build, Tote's templates
 * minified as `npm run build` does: the DOM measured is the DOM shipped).
 */
export async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    conditions: ['production'],
    write: false,
    tsconfig: 'tsconfig.json',
    logLevel: 'error',
    plugins: [minifyTemplatesEsbuildPlugin() as Plugin],
  });
  return result.outputFiles[0]!.text;
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = findFullChrome();
  if (!executablePath) throw new Error('bench: no Chromium found (set CHROME_PATH or install Debian chromium)');
  return chromium.launch({ executablePath, headless: true, args: chromiumFlags });
}
