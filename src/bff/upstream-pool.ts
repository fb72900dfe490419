/**
 * The BFF's connections to the service (issue 14, the BFF's own cost).
 *
 * - A pool of its own: Node's fetch closes a kept-alive connection
 *   `keepAliveTimeoutThreshold` (1 s by default) before the server's
 *   `Keep-Alive: timeout` hint runs out; with a hint of 1 s (the sandbox's, and
 *   many proxies') that is at once, so every upstream call paid a new TCP
 *   connection. The pool keeps a connection until shortly before the hint.
 * - undici's `dispatch` instead of `fetch`: the service client reads each answer
 *   whole as text, so fetch's WHATWG stream machinery is pure cost (about
 *   2–3× the CPU per call, measured against the sandbox on loopback), and so
 *   is `request`'s body stream (`dispatchWhole`).
 * Redirects are never followed (`dispatch` does not follow them), as the client
 * requires.
 */
import { Agent, util, type Dispatcher } from 'undici';
import { WholeResponse } from './whole-bodies.js';

/** Margin before the server's keep-alive hint runs out: covers the time the hint's response took to arrive. */
const KEEP_ALIVE_MARGIN_MS = 100;

/** Statuses whose answer has no body: a `Response` refuses one. */
const NULL_BODY = new Set([101, 204, 205, 304]);

const newPool = () => new Agent({ keepAliveTimeoutThreshold: KEEP_ALIVE_MARGIN_MS });

/** The answer's raw header pairs as plain fields (lower-case names, repeats joined): the client reads one only on a 429 or a redirect (whole-bodies.ts). */
function headerFieldsOf(raw: Buffer[]): Record<string, string> {
  const fields: Record<string, string> = {};
  const parsed = util.parseHeaders(raw);
  for (const name in parsed) {
    const value = parsed[name];
    if (value !== undefined) fields[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return fields;
}

/**
 * One request on the pool, its answer collected whole. undici's `dispatch` with a handler of our own rather
 * than its `request`: the answer is read whole anyway, so `request`'s body stream (a Node `Readable`) and its
 * abort plumbing were pure cost per quote (issue 30, docs/benchmarks.md). The caller's signal aborts the request.
 */
function dispatchWhole(dispatcher: Dispatcher, url: URL, init: RequestInit): Promise<WholeResponse> {
  const signal = init.signal ?? undefined;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    let abort: ((reason?: Error) => void) | undefined;
    let status = 0;
    let raw: Buffer[] = [];
    const chunks: Buffer[] = [];
    const onAbort = () => abort?.(signal!.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    dispatcher.dispatch(
      { origin: url.origin, path: url.pathname + url.search, method: (init.method ?? 'GET') as Dispatcher.HttpMethod, headers: init.headers as Record<string, string> | undefined, body: (init.body as string | undefined) ?? null },
      {
        // undici hands over the abort when the request is queued on a connection: an abort before that waits for it.
        onConnect: (abortRequest) => (signal?.aborted ? abortRequest(signal.reason) : void (abort = abortRequest)),
        onHeaders: (statusCode, headers) => {
          status = statusCode;
          raw = headers;
          return true;
        },
        onData: (chunk) => {
          chunks.push(chunk);
          return true;
        },
        onComplete: () => {
          settle();
          if (status < 200 || status > 599) return reject(new TypeError(`upstream answered status ${status}`));
          const text = NULL_BODY.has(status) ? null : Buffer.concat(chunks).toString('utf8');
          resolve(new WholeResponse(text, { status, headers: headerFieldsOf(raw) }));
        },
        onError: (error) => {
          settle();
          reject(signal?.aborted ? signal.reason : error);
        },
      },
    );
  });
}

/** A fetch for the service client: one pooled request, the answer read whole. */
export function createUpstreamFetch(): typeof fetch {
  const dispatcher = newPool();
  // A URL (the service client's) is used as it is: undici would otherwise serialise it and parse it again.
  return async (input, init = {}) => dispatchWhole(dispatcher, input instanceof URL ? input : new URL(input instanceof Request ? input.url : String(input)), init);
}

/** The upstream fetch of a BFF: ours, or a given one (tests count calls with it) sent through a pool of its own. */
export function pooledFetch(base?: typeof fetch): typeof fetch {
  if (!base) return createUpstreamFetch();
  const dispatcher = newPool();
  return (input, init) => base(input, { ...init, dispatcher } as RequestInit);
}
