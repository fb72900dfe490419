/**
 * Starts the real sandbox and a BFF in front of it, both on port 0, and
 * records every response the tests receive so that a final test can scan
 * all of them for the app secret and the token.
 */
import { beforeEachOfFile } from '../file-hooks.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { sandboxCaller } from '../sandbox-control.js';
import type { BffConfig } from '../../src/bff/index.js';
import { APP_ID, APP_SECRET, SHOP_ORIGIN, startBff, TOKEN, transcript, type Answer } from '../bff-stack.js';

export { APP_ID, APP_SECRET, SHOP_ORIGIN, TOKEN };
export const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789';

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
  api(path: string, init?: RequestInit & { json?: unknown }): Promise<Answer>;
  control(path: string, init?: { method?: string; json?: unknown }): Promise<any>;
  close(): Promise<void>;
}

export async function startStack(config: Partial<BffConfig> = {}): Promise<Stack> {
  const sandbox = await startSandbox({ port: 0 });
  const bff = await startBff(
    sandbox.url,
    { retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 100, maxTotalDelayMs: 300 }, onError: () => {}, ...config },
    { upstreamQuery: false, received, logs: logLines },
  );
  return {
    base: bff.base,
    sandboxUrl: sandbox.url,
    upstream: bff.upstream,
    upstreamOrigins: bff.upstreamOrigins,
    api: bff.api,
    control: sandboxCaller(sandbox.url),
    async close() {
      await bff.close();
      await sandbox.close();
    },
  };
}

/** Resets the sandbox before each test of `file` (its `import.meta.url`; only its own: see test/file-hooks.ts). */
export function resetSandboxBeforeEach(file: string, stack: () => Stack): void {
  beforeEachOfFile(file, () => stack().control('/__sandbox/reset', { json: {} }));
}

export function record(res: Response, text: string) {
  received.push(transcript(res, text));
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
