/** Small helpers of the service client (dates and `Retry-After` as the service writes them). */

/** The largest page the offers endpoint serves. */
export const MAX_OFFERS_PAGE_SIZE = 100;

/** `yyyy-MM-ddTHH:mm:ss+0000`, the form the offers time filters document. */
export function toServiceDateTime(value: string | Date): string {
  if (typeof value === 'string') return value;
  return value.toISOString().replace(/\.\d{3}Z$/, '+0000');
}

/** `Retry-After` as delay-seconds or an HTTP date, in milliseconds from `now`. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

