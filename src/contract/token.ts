/**
 * Where the client gets its `X-Service-Token`. A fixed string for tests and
 * the sandbox; a refreshing provider for the real service, whose access
 * tokens are JWTs that live 24 hours and are renewed with a refresh token.
 */
import { z } from 'zod';
// The client's leaf modules, not client.ts, which needs this module's types: no import circle.
import { readServiceError, ServiceNetworkError, ServiceRedirectError, ServiceTimeoutError } from './client-errors.js';
import { isRedirect, normalizeServiceBaseUrl } from './client-helpers.js';
import { serviceHeaderNames } from './headers.js';

export interface TokenProvider {
  getToken(signal?: AbortSignal): Promise<string>;
  /** Forget the current token: the service said it expired (401, error_code 11). */
  invalidate?(): void;
  /** Every secret it holds right now (refresh token, password, current token), for redaction. */
  credentials?(): string[];
}

/** A token that never changes (sandbox, tests, short scripts). */
export function staticToken(token: string): TokenProvider {
  return { getToken: async () => token };
}

/**
 * The `exp` of a JWT in epoch milliseconds, or `undefined` when the token is
 * not a JWT or carries no expiry. The signature is not checked: the service
 * does that; we only need to know when to ask for a new one.
 */
export function jwtExpiryMs(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json: unknown = JSON.parse(base64UrlText(payload));
    const exp = (json as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** UTF-8 text of a base64url string, with the platform's `atob` (the contract runs in Node, workers and browsers alike). */
function base64UrlText(b64url: string): string {
  const b64 = b64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(b64url.length / 4) * 4, '=');
  return new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
}

/**
 * True once we are inside the early-refresh window before expiry (or past
 * expiry). The service's own standalone proxy wrote this as
 * `now >= exp + early`, i.e. it only refreshed half an hour *after* the token
 * had already stopped working.
 */
export function needsRefresh(expMs: number | undefined, nowMs: number, earlyMs: number): boolean {
  if (expMs === undefined) return false;
  return nowMs >= expMs - earlyMs;
}

const LoginResponseSchema = z.object({ token: z.string().min(1), refresh_token: z.string().min(1).nullish() });
const RefreshResponseSchema = z.object({ token: z.string().min(1) });

export interface RefreshingTokenOptions {
  baseUrl: string;
  appId: number | string;
  appSecret: string;
  /** A refresh token (as `POST /v1/login` returns it). */
  refreshToken?: string;
  /** The app owner's login, used when there is no refresh token or it was refused. */
  username?: string;
  password?: string;
  /** A current access token, if one is at hand; refreshed when it nears expiry. */
  token?: string;
  fetch?: typeof fetch;
  now?: () => number;
  /** How long before `exp` a token is renewed. Default 30 minutes, as the service's demo app does. */
  refreshEarlyMs?: number;
  /** Deadline of one login or refresh call. Default 15 s. */
  timeoutMs?: number;
  /** Prefix of the credential headers. Default `X-Service-`. */
  headerPrefix?: string;
}

type AuthCallOptions = Pick<RefreshingTokenOptions, 'baseUrl' | 'appId' | 'appSecret' | 'fetch' | 'timeoutMs' | 'headerPrefix'>;

/** Calls an auth route (`/v1/login`, `/v1/auth/token`) with the app's headers, its own deadline, and no redirects. */
function authCaller(options: AuthCallOptions) {
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const base = normalizeServiceBaseUrl(options.baseUrl);
  const names = serviceHeaderNames(options.headerPrefix);
  const appHeaders = { [names.appId]: String(options.appId), [names.appSecret]: options.appSecret };

  return async function request(method: string, path: string, headers: Record<string, string>, body?: unknown) {
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: { Accept: 'application/json', ...appHeaders, ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        // Shared by every waiting call, so it needs its own deadline: a hung auth server must not wedge renewals for good.
        signal: AbortSignal.timeout(timeoutMs),
        // The refresh token and the app secret go to the configured service only.
        redirect: 'manual',
      });
      if (isRedirect(res)) {
        await res.body?.cancel().catch(() => {});
        throw new ServiceRedirectError({ method, path, status: res.status }, res.headers.get('location'), base);
      }
      text = await res.text();
    } catch (err) {
      if (err instanceof ServiceRedirectError) throw err;
      if ((err as Error).name === 'TimeoutError') throw new ServiceTimeoutError(method, path, timeoutMs, false);
      throw new ServiceNetworkError(method, path, false, err);
    }
    if (!res.ok) throw readServiceError(res.status, text, { method, path });
    return JSON.parse(text) as unknown;
  };
}

/** The login answer: the access token, and the refresh token that does not expire (the rest of the user record is not kept). */
export type LoginAnswer = z.infer<typeof LoginResponseSchema>;

/**
 * `POST /v1/login` with the app owner's username (the account's email) and
 * password: an access token and the refresh token to keep in
 * `SERVICE_REFRESH_TOKEN` (`tote login` prints it).
 */
export async function loginWithPassword(options: AuthCallOptions & { username: string; password: string }): Promise<LoginAnswer> {
  const request = authCaller(options);
  return LoginResponseSchema.parse(await request('POST', '/v1/login', {}, { username: options.username, password: options.password }));
}

/**
 * Keeps a valid access token: renews it through `GET /v1/auth/token` (refresh
 * token in `X-Service-Token`) once `now >= exp - refreshEarlyMs`, logs in
 * through `POST /v1/login` when there is no refresh token or the refresh is
 * refused, and runs one renewal at a time however many calls wait for it.
 */
export function createRefreshingTokenProvider(options: RefreshingTokenOptions): TokenProvider {
  const now = options.now ?? Date.now;
  const early = options.refreshEarlyMs ?? 30 * 60_000;
  const canLogin = options.username !== undefined && options.password !== undefined;
  if (!options.refreshToken && !canLogin) {
    throw new TypeError('createRefreshingTokenProvider needs a refreshToken or a username and password');
  }

  let refreshToken = options.refreshToken;
  let token = options.token;
  let inFlight: Promise<string> | undefined;

  const names = serviceHeaderNames(options.headerPrefix);
  const request = authCaller(options);

  async function login(): Promise<string> {
    const body = await loginWithPassword({ ...options, username: options.username!, password: options.password! });
    if (body.refresh_token) refreshToken = body.refresh_token;
    return body.token;
  }

  async function renew(): Promise<string> {
    if (refreshToken) {
      try {
        return RefreshResponseSchema.parse(await request('GET', '/v1/auth/token', { [names.token]: refreshToken })).token;
      } catch (err) {
        if (!canLogin) throw err;
      }
    }
    return login();
  }

  function fresh(): string | undefined {
    if (token === undefined) return undefined;
    return needsRefresh(jwtExpiryMs(token), now(), early) ? undefined : token;
  }

  return {
    async getToken(signal) {
      signal?.throwIfAborted();
      const current = fresh();
      if (current !== undefined) return current;
      inFlight ??= renew()
        .then((t) => (token = t))
        .finally(() => (inFlight = undefined));
      // The renewal is shared, so one caller giving up must not cancel it for the others.
      return signal ? raceAbort(inFlight, signal) : inFlight;
    },
    invalidate() {
      token = undefined;
    },
    credentials() {
      return [refreshToken, options.password, token].filter((s): s is string => !!s);
    },
  };
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
