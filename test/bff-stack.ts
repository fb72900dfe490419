/**
 * The one BFF stack every Node harness starts (test/bff/harness.ts, test/hostile/harness.ts): the
 * real BFF on port 0 in front of a service (the sandbox, or a fake upstream), with the app's test
 * credentials and one shop origin, counting what it asks upstream and keeping every answer it gives
 * and every line it logs so that a file can end with a scan for secrets. Each harness adds its own
 * defaults (retry budgets, rate limit, `onError`) through `config`.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBffServer, type BffConfig } from '../src/bff/index.js';
import { createUpstreamFetch } from '../src/bff/upstream-pool.js';

const upstreamFetch = createUpstreamFetch();

export const APP_ID = 10001;
export const APP_SECRET = 'sandbox-secret';
export const TOKEN = 'sandbox-token';
export const SHOP_ORIGIN = 'https://shop.example';

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** An answer as the secret scan reads it: status line, headers and body text. */
export function transcript(res: Response, text: string): string {
  const headers: string[] = [];
  res.headers.forEach((v, k) => headers.push(`${k}: ${v}`));
  return `${res.status}\n${headers.join('\n')}\n\n${text}`;
}

export interface BffOptions {
  /** Record upstream requests with their query (`METHOD path?query`) or by path alone. */
  upstreamQuery?: boolean;
  /** Where the answers go for the secret scan (one list per stack unless given). */
  received?: string[];
  /** Where the BFF's log lines go (kept off the test output; one list per stack unless given). */
  logs?: string[];
  /** The log level (the BFF's default unless given). */
  logLevel?: NonNullable<BffConfig['log']>['level'];
}

/** A BFF in front of `serviceBaseUrl`; `config` overrides the test defaults. */
export async function startBff(serviceBaseUrl: string, config: Partial<BffConfig> = {}, options: BffOptions = {}) {
  const upstream: string[] = [];
  const upstreamOrigins = new Set<string>();
  const received = options.received ?? [];
  const logs = options.logs ?? [];
  const countingFetch: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    upstream.push(`${method} ${url.pathname}${options.upstreamQuery === false ? '' : url.search}`);
    upstreamOrigins.add(url.origin);
    // Counted, then sent the way a deployed BFF sends it (its own pooled transport).
    return upstreamFetch(input, init);
  };
  const server = createBffServer({
    serviceBaseUrl,
    appId: APP_ID,
    appSecret: APP_SECRET,
    token: TOKEN,
    allowedOrigins: [SHOP_ORIGIN],
    fetch: countingFetch,
    log: { ...(options.logLevel ? { level: options.logLevel } : {}), destination: { write: (line: string) => void logs.push(line) } },
    // One test address stands for many shoppers here: it gets a merchant's whole budget, not one client's share of it.
    merchantBudget: { clientShare: 1 },
    ...config,
  });
  const base = await listen(server);
  async function api(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Answer> {
    const { json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (json !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
    const res = await fetch(base + path, { ...rest, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) });
    const text = await res.text();
    received.push(transcript(res, text));
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    return { status: res.status, headers: res.headers, body, text };
  }
  return { base, upstream, upstreamOrigins, received, logs, api, close: () => stop(server) };
}
