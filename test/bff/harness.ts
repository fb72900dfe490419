/**
 * Starts the real sandbox and a BFF in front of it, both on port 0, and
 * records every response the tests receive so that a final test can scan
 * all of them for the app secret and the token.
 */
import type { AddressInfo } from 'node:net';
import { startSandbox } from '../../src/sandbox/index.js';
import { sandboxCaller } from '../sandbox-control.js';
import { createBffServer, type BffConfig } from '../../src/bff/index.js';
import { createUpstreamFetch } from '../../src/bff/upstream-pool.js';

const upstreamFetch = createUpstreamFetch();

export const APP_ID = 10001;
export const APP_SECRET = 'sandbox-secret';
export const TOKEN = 'sandbox-token';
export const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789';
export const SHOP_ORIGIN = 'https://shop.example';

/** Everything the suite received from the BFF: status line, headers and body text. */
export const received: string[] = [];
/** Every line the BFFs of this file logged (kept off the test output). */
export const logLines: string[] = [];


export interface Stack {
  base: string;
  sandboxUrl: string;
  /** Upstream requests the BFF made, by `METHOD path`. */
  upstream: string[];
  /** Every origin the BFF sent a request to. */
  upstreamOrigins: Set<string>;
  api(path: string, init?: RequestInit & { json?: unknown }): Promise<{ status: number; headers: Headers; body: any; text: string }>;
  control(path: string, init?: { method?: string; json?: unknown }): Promise<any>;
  close(): Promise<void>;
}

export async function startStack(config: Partial<BffConfig> = {}): Promise<Stack> {
  const sandbox = await startSandbox({ port: 0 });
  const upstream: string[] = [];
  const upstreamOrigins = new Set<string>();
  const countingFetch: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    upstream.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    upstreamOrigins.add(url.origin);
    // Counted, then sent the way a deployed BFF sends it (its own pooled transport).
    return upstreamFetch(input, init);
  };
  const server = createBffServer({
    serviceBaseUrl: sandbox.url,
    appId: APP_ID,
    appSecret: APP_SECRET,
    token: TOKEN,
    allowedOrigins: [SHOP_ORIGIN],
    fetch: countingFetch,
    retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 100, maxTotalDelayMs: 300 },
    onError: () => {},
    log: { destination: { write: (line: string) => void logLines.push(line) } },
    // One test address stands for many shoppers here: it gets a merchant's whole budget, not one client's share of it.
    merchantBudget: { clientShare: 1 },
    ...config,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    sandboxUrl: sandbox.url,
    upstream,
    upstreamOrigins,
    async api(path, init = {}) {
      const { json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
      const res = await fetch(base + path, { ...rest, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) });
      const text = await res.text();
      record(res, text);
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      return { status: res.status, headers: res.headers, body, text };
    },
    control: sandboxCaller(sandbox.url),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sandbox.close();
    },
  };
}

export function record(res: Response, text: string) {
  const headers: string[] = [];
  res.headers.forEach((v, k) => headers.push(`${k}: ${v}`));
  received.push(`${res.status}\n${headers.join('\n')}\n\n${text}`);
}

/** The secrets that must never reach a browser. */
export const SECRETS = [APP_SECRET, TOKEN, OPERATOR_TOKEN];

export const ADDRESS = { first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US', email: 'ada@example.com' };
export const CUSTOMER = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };
export const PAY = { payment_provider: 'SANDBOX', token: 'tok_sandbox_visa', type: 'SINGLE_USE_CARD_TOKEN' };

/** Reads Server-Sent Events until `until` says stop (or `timeoutMs` passes). */
export async function readEvents(
  url: string,
  until: (events: { event: string; data: any }[]) => boolean,
  opts: { timeoutMs?: number; onOpen?: () => Promise<void> } = {},
) {
  const aborter = new AbortController();
  const timer = setTimeout(() => aborter.abort(), opts.timeoutMs ?? 10_000);
  const events: { event: string; data: any }[] = [];
  let raw = '';
  let headers = new Headers();
  let status = 0;
  try {
    const res = await fetch(url, { signal: aborter.signal });
    status = res.status;
    headers = res.headers;
    if (!res.body) return { status, headers, events, raw };
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let opened = false;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const chunk = decoder.decode(value, { stream: true });
      raw += chunk;
      buffer += chunk;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
      }
      if (!opened && events.length && opts.onOpen) {
        opened = true;
        await opts.onOpen();
      }
      if (until(events)) break;
    }
    await reader.cancel().catch(() => {});
  } catch (e) {
    if (!aborter.signal.aborted) throw e;
  } finally {
    clearTimeout(timer);
    aborter.abort();
    received.push(`${status}\n${[...headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${raw}`);
  }
  return { status, headers, events, raw };
}
