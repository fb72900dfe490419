/**
 * Request-level defences: the CORS allowlist, refusing state changes from
 * other origins (CSRF), capped body size and JSON depth, and constant-time
 * comparison of secrets.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiHttpError, badRequest } from './errors.js';
import { isWholeRequest } from './whole-bodies.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ALLOWED_REQUEST_HEADERS = 'content-type, tote-access, idempotency-key, authorization';
const EXPOSED_HEADERS = 'retry-after';

/** Normalises configured origins to `scheme://host[:port]`; anything else is a configuration error. */
export function normalizeOrigins(origins: readonly string[]): string[] {
  return origins.map((o) => {
    const url = new URL(o.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`Not an http(s) origin: ${o}`);
    return url.origin;
  });
}

export interface OriginPolicy {
  /** CORS headers for this request's origin (always `Vary: Origin`). */
  corsHeaders(request: Request, url: URL): Record<string, string>;
  /** Throws 403 `forbidden_origin` for a state-changing request from a foreign origin (incl. `null`). */
  checkStateChange(request: Request, url: URL): void;
  isAllowed(origin: string, url: URL): boolean;
}

export function createOriginPolicy(allowedOrigins: readonly string[]): OriginPolicy {
  const allowed = new Set(allowedOrigins);
  // Same-origin pages (the BFF mounted under the site that serves the widget) are always welcome.
  const isAllowed = (origin: string, url: URL) => origin !== 'null' && (allowed.has(origin) || origin === url.origin);
  return {
    isAllowed,
    corsHeaders(request, url) {
      const origin = request.headers.get('origin');
      const headers: Record<string, string> = { vary: 'Origin' };
      if (origin && isAllowed(origin, url)) {
        headers['access-control-allow-origin'] = origin;
        headers['access-control-expose-headers'] = EXPOSED_HEADERS;
      }
      return headers;
    },
    checkStateChange(request, url) {
      if (!STATE_CHANGING.has(request.method)) return;
      const origin = request.headers.get('origin');
      // No Origin: not a browser page (servers, curl, the service's webhooks); browsers always send it on POST.
      if (origin === null) {
        if (request.headers.get('sec-fetch-site') === 'cross-site') throw forbiddenOrigin();
        return;
      }
      if (!isAllowed(origin, url)) throw forbiddenOrigin();
    },
  };
}

const forbiddenOrigin = () => new ApiHttpError(403, 'forbidden_origin', 'Requests from this origin are not allowed');

/** The answer to a CORS preflight. */
export function preflight(request: Request, url: URL, policy: OriginPolicy): Response {
  const origin = request.headers.get('origin');
  if (!origin || !policy.isAllowed(origin, url)) throw forbiddenOrigin();
  return new Response(null, {
    status: 204,
    headers: {
      vary: 'Origin',
      'access-control-allow-origin': origin,
      'access-control-allow-methods': 'GET, POST, PUT, DELETE',
      'access-control-allow-headers': ALLOWED_REQUEST_HEADERS,
      'access-control-max-age': '600',
    },
  });
}

/** Reads the body as bytes, refusing (413) as soon as it grows past `maxBytes`. */
export async function readBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge(maxBytes);
  if (isWholeRequest(request)) {
    const bytes = request.wholeBytes ?? new Uint8Array();
    if (bytes.byteLength > maxBytes) throw tooLarge(maxBytes);
    return bytes;
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

const tooLarge = (max: number) => new ApiHttpError(413, 'payload_too_large', `Request body larger than ${max} bytes`);

/**
 * Nesting depth of a JSON text, counted before parsing so that a body of a
 * million `[` never reaches `JSON.parse` or a recursive validator.
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91 /* { [ */) max = Math.max(max, ++depth);
    else if (c === 125 || c === 93 /* } ] */) depth--;
  }
  return max;
}

/** One decoder for every body: a decode without `stream` starts afresh, so it carries nothing between requests. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Parses JSON bytes with the depth cap; invalid UTF-8 or JSON is a 400. */
export function parseJsonBytes(bytes: Uint8Array, maxDepth: number): unknown {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw badRequest('Request body is not valid UTF-8');
  }
  if (jsonDepth(text) > maxDepth) throw new ApiHttpError(413, 'payload_too_large', `JSON nested deeper than ${maxDepth} levels`);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('Request body is not valid JSON');
  }
}

/** Compares two secrets in time independent of where they differ (and of their lengths). */
export function safeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db) && a.length === b.length;
}

/** Whether an IPv4 address (four decimal octets) lies in a range that is not the public internet. */
function isSpecialIPv4(host: string): boolean {
  const [a, b] = host.split('.').map(Number) as [number, number, number, number];
  return (
    a === 0 || a === 10 || a === 127 || a >= 224 ||
    (a === 100 && b >= 64 && b < 128) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b < 32) ||
    (a === 192 && (b === 168 || b === 0)) ||
    (a === 198 && (b === 18 || b === 19))
  );
}

/**
 * Which merchant media URLs a shopper's browser may be sent to load: `https:`
 * on a public host name or public IPv4 address, or any URL on an allowed
 * origin (the service's own, and `TOTE_MEDIA_ORIGINS`). Loopback, private,
 * link-local (169.254.169.254) and single-label hosts and every IPv6 literal
 * are refused, as are URLs carrying credentials: a hostile catalog must not
 * make shoppers' browsers probe their own networks. Returns the normalised
 * URL, or `undefined` for a URL not to be served.
 */
export function createMediaUrlCheck(allowedOrigins: readonly string[]): (url: string | null | undefined) => string | undefined {
  const allowed = new Set(normalizeOrigins(allowedOrigins));
  return (raw) => {
    if (!raw) return undefined;
    let url: URL;
    try {
      url = new URL(raw.trim());
    } catch {
      return undefined;
    }
    if (url.username || url.password) return undefined;
    if ((url.protocol === 'https:' || url.protocol === 'http:') && allowed.has(url.origin)) return url.href;
    if (url.protocol !== 'https:') return undefined;
    const host = url.hostname.replace(/\.$/, '').toLowerCase();
    if (host.startsWith('[') || !host.includes('.') || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return undefined;
    if (/^\d+\.\d+\.\d+\.\d+$/.test(host) && isSpecialIPv4(host)) return undefined;
    return url.href;
  };
}
