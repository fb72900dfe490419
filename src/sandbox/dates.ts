/** The moment the seeded catalog was "last synced": dates are spread before it. */
export const SEED_EPOCH_MS = Date.UTC(2026, 5, 1, 12, 0, 0);

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The service's datetime format: `yyyy-MM-ddTHH:mm:ss+0000`. */
export function serviceDate(ms: number): string {
  const d = new Date(ms);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}+0000`
  );
}

export const nowDate = () => serviceDate(Date.now());

/**
 * Parses an ISO 8601 datetime as query strings carry it. A `+` in an
 * unencoded query string arrives as a space, so `…00 0000` is read as `…00+0000`.
 * Returns undefined when the text is not a datetime.
 */
export function parseServiceDate(text: string): number | undefined {
  const fixed = text.trim().replace(/ (\d{2}:?\d{2})$/, '+$1');
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(fixed);
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0', zone = 'Z'] = m;
  let ms = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s, Math.round(Number(`0.${frac}`) * 1000));
  if (zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  const check = new Date(ms);
  return Number.isNaN(check.getTime()) || +mo! > 12 || +d! > 31 || +h > 23 || +mi > 59 || +s > 59 ? undefined : ms;
}
