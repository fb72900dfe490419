import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { serviceHeaderNames } from '../contract/client.js';
import { HttpError } from './http.js';

export interface Credentials {
  appId: number;
  appSecret: string;
  /** The static token: always accepted, never expires. */
  token: string;
  /** Login of the app owner (`POST /v1/login`). */
  username: string;
  password: string;
  /** Lifetime of access tokens minted by login and refresh. */
  tokenTtlSeconds: number;
  /** Prefix of the credential and webhook headers. Default `X-Service-`. */
  headerPrefix?: string;
}

/** Which header set a route takes. */
export type RouteAuth =
  | 'none' // media
  | 'app' // app id + secret only (login)
  | 'refresh' // app id + secret + refresh token (or the static token)
  | 'access'; // app id + secret + access token (or the static token)

interface TokenClaims {
  typ: 'access' | 'refresh';
  app_id: number;
  sub: string;
  iat: number;
  /** Issue time in milliseconds, so that `expire_tokens` spares tokens minted right after it. */
  iat_ms: number;
  exp: number;
  jti: string;
}

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** Auth errors have their own body: `{ status, message, error_code, timestamp }`. */
export const AUTH_CODES = { missing_header: 10, token_expired: 11, invalid_token: 12, invalid_app: 13, invalid_login: 14, forbidden: 15 } as const;

export function authError(status: 401 | 403, code: keyof typeof AUTH_CODES, message: string): HttpError {
  return new HttpError(status, { status, message, error_code: AUTH_CODES[code], timestamp: Date.now() });
}

let counter = 0;

export class Auth {
  /** Access tokens issued before this instant count as expired (`expire_tokens` fault). */
  expiredBefore = 0;

  constructor(readonly creds: Credentials) {}

  mint(typ: TokenClaims['typ'], ttlSeconds: number): string {
    const now = Date.now();
    const iat = Math.floor(now / 1000);
    const claims: TokenClaims = { typ, app_id: this.creds.appId, sub: this.creds.username, iat, iat_ms: now, exp: iat + ttlSeconds, jti: `${now}-${++counter}` };
    const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const body = b64url(JSON.stringify(claims));
    return `${head}.${body}.${this.sign(`${head}.${body}`)}`;
  }

  private sign(data: string): string {
    return createHmac('sha256', this.creds.appSecret).update(data).digest('base64url');
  }

  private verify(token: string): TokenClaims | undefined {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const expected = Buffer.from(this.sign(`${parts[0]}.${parts[1]}`));
    const given = Buffer.from(parts[2]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as TokenClaims;
      return typeof claims.exp === 'number' && (claims.typ === 'access' || claims.typ === 'refresh') ? claims : undefined;
    } catch {
      return undefined;
    }
  }

  /** Checks the three headers against what the route takes; throws 401/403 auth errors. */
  check(req: IncomingMessage, route: RouteAuth): void {
    if (route === 'none') return;
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const names = serviceHeaderNames(this.creds.headerPrefix);
    const appId = header(names.appId.toLowerCase());
    const secret = header(names.appSecret.toLowerCase());
    const token = header(names.token.toLowerCase());
    if (!appId) throw authError(401, 'missing_header', `Missing header ${names.appId}`);
    if (!secret) throw authError(401, 'missing_header', `Missing header ${names.appSecret}`);
    if (appId.trim() !== String(this.creds.appId) || !safeEqual(secret, this.creds.appSecret)) {
      throw authError(401, 'invalid_app', 'Invalid app id or app secret');
    }
    if (route === 'app') {
      if (token) throw authError(403, 'forbidden', `This route takes ${names.appId} and ${names.appSecret} only, not ${names.token}`);
      return;
    }
    if (!token) throw authError(401, 'missing_header', `Missing header ${names.token}`);
    if (safeEqual(token, this.creds.token)) return;
    const claims = this.verify(token);
    if (!claims) throw authError(401, 'invalid_token', 'Invalid token');
    const now = Date.now() / 1000;
    if (claims.typ === 'refresh') {
      if (route !== 'refresh') throw authError(403, 'forbidden', 'A refresh token only works on GET /v1/auth/token');
      if (claims.exp <= now) throw authError(401, 'token_expired', 'Token has expired');
      return;
    }
    if (route === 'refresh') throw authError(403, 'forbidden', 'GET /v1/auth/token takes the refresh token, not an access token');
    if (claims.exp <= now || (claims.iat_ms ?? claims.iat * 1000) <= this.expiredBefore) throw authError(401, 'token_expired', 'Token has expired');
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
