/**
 * The BFF's connections to the service (issue 14, the BFF's own cost).
 *
 * - A pool of its own: Node's fetch closes a kept-alive connection
 *   `keepAliveTimeoutThreshold` (1 s by default) before the server's
 *   `Keep-Alive: timeout` hint runs out; with a hint of 1 s (the sandbox's, and
 *   many proxies') that is at once, so every upstream call paid a new TCP
 *   connection. The pool keeps a connection until shortly before the hint.
 * - undici's `request` instead of `fetch`: the service client reads each answer
 *   whole as text, so fetch's WHATWG stream machinery is pure cost (about
 *   2–3× the CPU per call, measured against the sandbox on loopback).
 * Redirects are never followed (`request` does not follow them), as the client
 * requires.
 */
import { Agent, request } from 'undici';
import { WholeResponse } from './whole-bodies.js';

/** Margin before the server's keep-alive hint runs out: covers the time the hint's response took to arrive. */
const KEEP_ALIVE_MARGIN_MS = 100;

/** Statuses whose answer has no body: a `Response` refuses one. */
const NULL_BODY = new Set([101, 204, 205, 304]);

const newPool = () => new Agent({ keepAliveTimeoutThreshold: KEEP_ALIVE_MARGIN_MS });

/** A fetch for the service client: one pooled request, the answer read whole. */
export function createUpstreamFetch(): typeof fetch {
  const dispatcher = newPool();
  return async (input, init = {}) => {
    // A URL (the service client's) is handed over as it is: undici would otherwise serialise it and parse it again.
    const url = input instanceof Request ? input.url : input instanceof URL ? input : String(input);
    const res = await request(url, {
      method: (init.method ?? 'GET') as 'GET',
      headers: init.headers as Record<string, string> | undefined,
      body: init.body as string | undefined,
      signal: init.signal ?? undefined,
      dispatcher,
    });
    const text = await res.body.text();
    if (res.statusCode < 200 || res.statusCode > 599) throw new TypeError(`upstream answered status ${res.statusCode}`);
    // Kept as plain fields: the client reads a header only on a 429 or a redirect (whole-bodies.ts).
    const headers: Record<string, string> = {};
    for (const name in res.headers) {
      const value = res.headers[name];
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    return new WholeResponse(NULL_BODY.has(res.statusCode) ? null : text, { status: res.statusCode, headers });
  };
}

/** The upstream fetch of a BFF: ours, or a given one (tests count calls with it) sent through a pool of its own. */
export function pooledFetch(base?: typeof fetch): typeof fetch {
  if (!base) return createUpstreamFetch();
  const dispatcher = newPool();
  return (input, init) => base(input, { ...init, dispatcher } as RequestInit);
}
