/** Small helpers of the service client (its base URL, dates and `Retry-After` as the service writes them, redirects). */

/** The largest page the offers endpoint serves. */
export const MAX_OFFERS_PAGE_SIZE = 100;

/** `yyyy-MM-ddTHH:mm:ss+0000`, the form the offers time filters document. */
export function toServiceDateTime(value: string | Date): string {
  if (typeof value === 'string') return value;
  return value.toISOString().replace(/\.\d{3}Z$/, '+0000');
}

/** `Retry-After` is read one way by the service client and the browser's: in the zod-free core. */
export { parseRetryAfter } from './wire.js';

/**
 * The service's base URL as the client joins it with `/v1/…`: trailing
 * slashes dropped, and one trailing `/v1` too, since every sample of the
 * service writes its host with it (`https://sandbox-api.violet.io/v1`).
 * A base that still ends in `/v1` after that (`…/v1/v1`) would double it on
 * every call: refused, with the value to use instead.
 */
export function normalizeServiceBaseUrl(text: string): string {
  const trimmed = text.trim().replace(/\/+$/, '');
  const base = trimmed.replace(/\/v1$/i, '');
  if (/\/v1$/i.test(base)) {
    throw new TypeError(`The service base URL ${trimmed} ends in /v1/v1: Tote adds /v1 to every path; use ${base.replace(/(\/v1)+$/i, '')} (or that with one /v1)`);
  }
  return base;
}

/** A 3xx, or what a browser's fetch makes of one under `redirect: 'manual'` (status 0, type `opaqueredirect`). */
export const isRedirect = (res: Response) => (res.status >= 300 && res.status < 400) || res.type === 'opaqueredirect';
