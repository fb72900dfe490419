/**
 * The BFF's connections to the service. Node's fetch closes a kept-alive
 * connection `keepAliveTimeoutThreshold` (1 s by default) before the
 * server's `Keep-Alive: timeout` hint runs out; with a hint of 1 s (the
 * sandbox's, and many proxies') that is at once, so every upstream call paid
 * a new TCP connection — the largest part of the BFF's own cost (issue 14,
 * `npm run bench -- --only=bff`). A pool of our own keeps a connection for
 * the hint minus a small margin, enough to reuse it under load and still
 * close it before the server does.
 */
import { Agent, fetch as undiciFetch } from 'undici';

/** Margin before the server's keep-alive hint runs out: covers the time the hint's response took to arrive. */
const KEEP_ALIVE_MARGIN_MS = 100;

/** `base` (default: fetch on a pool of its own) sending every request through the pool. */
export function pooledFetch(base?: typeof fetch): typeof fetch {
  const dispatcher = new Agent({ keepAliveTimeoutThreshold: KEEP_ALIVE_MARGIN_MS });
  const send = base ?? (undiciFetch as unknown as typeof fetch);
  return (input, init) => send(input, { ...init, dispatcher } as RequestInit);
}
