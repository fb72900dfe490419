/**
 * One call of the service client on the wire: credentials, deadline, retries
 * (429s with `Retry-After`, 5xx and lost connections only where a repeat
 * cannot do harm) and the typed failure. `client.ts` names the routes.
 */
import type { z } from 'zod';
import type { TokenProvider } from './token.js';
import {
  RateLimitedError,
  ServiceNetworkError,
  ServiceRedirectError,
  ServiceTimeoutError,
  parseServiceAnswer,
  readServiceError,
  type CallInfo,
} from './client-errors.js';
import { isRedirect, normalizeServiceBaseUrl, parseRetryAfter } from './client-helpers.js';
import { serviceHeaderNames } from './headers.js';
import type { CallOptions, CallWatch, RetryInfo, RetryOptions, ServiceClientOptions } from './client-types.js';

const SAFE_METHODS = new Set(['GET']);
/** See `RetryOptions.busyDeadlineMs`. */
export const DEFAULT_BUSY_DEADLINE_MS = 3_000;
const TOKEN_EXPIRED = 11;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export interface ServiceRequest<S extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  schema: S;
  merchantId?: number;
}

/** What one call has seen so far, for its watcher: attempts made and the last answer's status. */
interface Seen {
  attempts: number;
  status?: number;
}

/** What every call of one client shares: its address, credentials, transport and retry budget. */
interface Wire {
  options: ServiceClientOptions;
  base: string;
  headerNames: ReturnType<typeof serviceHeaderNames>;
  doFetch: typeof fetch;
  provider: TokenProvider;
  /** The token when it never changes: used without an `await` (a turn of the event loop per call, issue 30). */
  fixedToken?: string;
  retry: Required<Omit<RetryOptions, 'onRetry'>> & Pick<RetryOptions, 'onRetry'>;
}

function wireOf(options: ServiceClientOptions): Wire {
  const fixed = options.token;
  return {
    options,
    base: normalizeServiceBaseUrl(options.baseUrl),
    headerNames: serviceHeaderNames(options.headerPrefix),
    doFetch: options.fetch ?? globalThis.fetch,
    provider: typeof fixed === 'string' ? { getToken: async () => fixed } : fixed,
    ...(typeof fixed === 'string' ? { fixedToken: fixed } : {}),
    retry: {
      maxAttempts: options.retry?.maxAttempts ?? 4,
      baseDelayMs: options.retry?.baseDelayMs ?? 250,
      maxDelayMs: options.retry?.maxDelayMs ?? 5_000,
      maxTotalDelayMs: options.retry?.maxTotalDelayMs ?? 15_000,
      busyDeadlineMs: options.retry?.busyDeadlineMs ?? DEFAULT_BUSY_DEADLINE_MS,
      random: options.retry?.random ?? Math.random,
      onRetry: options.retry?.onRetry,
    },
  };
}

/** Full jitter: anywhere between 0 and the exponential ceiling of this attempt. */
const backoff = ({ retry }: Wire, attempt: number) => Math.floor(retry.random() * Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1)));

/** Honour Retry-After, and spread the callers it was given to with a jitter on top (within the busy deadline). */
const busyDelay = (wire: Wire, retryAfter: number | undefined, attempt: number, busyLeftMs: number) =>
  retryAfter === undefined ? backoff(wire, attempt) : retryAfter + Math.max(0, Math.min(backoff(wire, attempt), busyLeftMs - retryAfter));

function urlOf(wire: Wire, req: ServiceRequest<z.ZodType>): URL {
  const url = new URL(wire.base + req.path);
  for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  return url;
}

function headersFor(wire: Wire, token: string, req: ServiceRequest<z.ZodType>, opts: CallOptions, watch: CallWatch | undefined) {
  const headers: Record<string, string> = {
    // The watcher's own (a request id) first: the credentials below always win.
    ...watch?.headers,
    Accept: 'application/json',
    [wire.headerNames.appId]: String(wire.options.appId),
    [wire.headerNames.appSecret]: wire.options.appSecret,
    [wire.headerNames.token]: token,
  };
  if (req.body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.idempotencyKey !== undefined) headers['Idempotency-Key'] = opts.idempotencyKey;
  return headers;
}

/** One request on the wire: the answer and its text, or a redirect refused. */
async function send(wire: Wire, url: URL, req: ServiceRequest<z.ZodType>, headers: Record<string, string>, signal: AbortSignal, info: CallInfo) {
  const res = await wire.doFetch(url, {
    method: req.method,
    headers,
    body: req.body === undefined ? undefined : JSON.stringify(req.body),
    signal,
    // Following would resend the credentials (and, on 307/308, the body) to wherever the Location points.
    redirect: 'manual',
  });
  if (isRedirect(res)) {
    await res.body?.cancel().catch(() => {});
    throw new ServiceRedirectError({ ...info, status: res.status }, res.headers.get('location'), wire.base);
  }
  return { res, text: await res.text() };
}

/** The call's attempts until an answer, a failure worth no retry, or the deadline. */
async function attempts<S extends z.ZodType>(wire: Wire, req: ServiceRequest<S>, opts: CallOptions, info: CallInfo, watch: CallWatch | undefined, seen: Seen): Promise<z.output<S>> {
  const { retry, options, provider } = wire;
  const timeoutMs = opts.timeoutMs ?? options.timeoutMs ?? 30_000;
  const repeatable = SAFE_METHODS.has(req.method) || opts.idempotencyKey !== undefined;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, deadline.signal]) : deadline.signal;
  const started = Date.now();
  const busyDeadlineMs = opts.busyDeadlineMs ?? retry.busyDeadlineMs;
  let [waited, waitedBusy, renewedToken] = [0, 0, false];
  /** A wait fits when it stays within the per-wait cap, the total cap and the call's deadline. */
  const fits = (ms: number) =>
    seen.attempts < retry.maxAttempts && ms <= retry.maxDelayMs && waited + ms <= retry.maxTotalDelayMs && Date.now() - started + ms < timeoutMs;
  const wait = async (ms: number, reason: RetryInfo['reason'], status?: number) => {
    retry.onRetry?.({ ...info, attempt: seen.attempts, delayMs: ms, reason, status });
    waited += ms;
    await sleep(ms, signal);
  };
  try {
    for (;;) {
      seen.attempts++;
      // Not awaited when there is no gate: each await is a turn of the event loop per call (issue 30).
      if (options.beforeAttempt) await options.beforeAttempt({ ...info, body: req.body });
      const token = wire.fixedToken ?? (await provider.getToken(signal));
      options.onToken?.(token);
      let answer: { res: Response; text: string };
      try {
        answer = await send(wire, urlOf(wire, req), req, headersFor(wire, token, req, opts, watch), signal, info);
      } catch (err) {
        if (signal.aborted || err instanceof ServiceRedirectError) throw err;
        const delay = backoff(wire, seen.attempts);
        if (repeatable && fits(delay)) {
          await wait(delay, 'network');
          continue;
        }
        throw new ServiceNetworkError(req.method, req.path, !repeatable, err, info.merchantId);
      }
      const { res, text } = answer;
      seen.status = res.status;
      if (res.ok) {
        watch?.answered?.(res.status);
        return parseServiceAnswer(req.schema, res.status, text, info);
      }
      const failure = readServiceError(res.status, text, info);
      watch?.answered?.(res.status, failure);
      if (res.status === 401 && failure.code === TOKEN_EXPIRED && provider.invalidate && !renewedToken) {
        // The token died between our expiry check and the service's: renew once, and the request was not processed.
        renewedToken = true;
        provider.invalidate();
        retry.onRetry?.({ ...info, attempt: seen.attempts, delayMs: 0, reason: 'token_expired', status: 401 });
        seen.attempts--;
        continue;
      }
      if (res.status === 429) {
        const retryAfter = parseRetryAfter(res.headers.get('retry-after'));
        const delay = busyDelay(wire, retryAfter, seen.attempts, busyDeadlineMs - waitedBusy);
        // A wait beyond the call's busy deadline is not worth sitting through: the caller names the busy shop now.
        if (waitedBusy + delay > busyDeadlineMs || !fits(delay)) throw new RateLimitedError(failure, retryAfter, seen.attempts);
        waitedBusy += delay;
        await wait(delay, 'rate_limited', 429);
        continue;
      }
      const delay = res.status >= 500 && repeatable ? backoff(wire, seen.attempts) : undefined;
      if (delay === undefined || !fits(delay)) throw failure;
      await wait(delay, 'server_error', res.status);
    }
  } catch (err) {
    // Why the call stopped: the caller's abort wins over our own deadline.
    if (!signal.aborted) throw err;
    if (opts.signal?.aborted) throw opts.signal.reason;
    if (deadline.signal.aborted) throw new ServiceTimeoutError(req.method, req.path, timeoutMs, !repeatable, info.merchantId);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** The client's one way to call the service, told to its watcher (`observe`) from start to end. */
export function createCaller(options: ServiceClientOptions) {
  const wire = wireOf(options);
  return async function call<S extends z.ZodType>(req: ServiceRequest<S>, opts: CallOptions = {}): Promise<z.output<S>> {
    const info: CallInfo = { method: req.method, path: req.path, merchantId: opts.merchantId ?? req.merchantId };
    const watch = options.observe?.({ ...info, body: req.body });
    const seen: Seen = { attempts: 0 };
    try {
      const out = await attempts(wire, req, opts, info, watch, seen);
      watch?.end({ ...seen });
      return out;
    } catch (error) {
      watch?.end({ ...seen, error });
      throw error;
    }
  };
}
