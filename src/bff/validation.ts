/**
 * Input checks: every body and query value goes through a zod schema, and
 * every id becomes a positive safe integer written the canonical way or the
 * request is refused (`1e3`, `0x10`, `-1`, `01`, `1/../2` never become ids).
 */
import type { z } from 'zod';
import { badRequest } from './errors.js';

const CANONICAL_ID = /^[1-9][0-9]{0,15}$/;

/** A path or query value as a validated id; `name` is reported in `fields[]`. */
export function parseId(raw: string | null | undefined, name: string): number {
  const value = raw ?? '';
  const n = CANONICAL_ID.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) {
    throw badRequest(`${name} must be a positive integer`, [{ path: name, message: 'expected a positive integer' }]);
  }
  return n;
}

/** Parses with `schema`, or refuses with 400 and one `fields[]` entry per problem. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, what = 'request body'): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = result.error.issues.slice(0, 50).map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw badRequest(`Invalid ${what}`, fields);
}

/**
 * The query as a plain object, refusing repeated parameters (`?a=1&a=2`
 * would otherwise mean whichever one a layer happens to read).
 */
export function queryObject(url: URL, allowed: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    if (!allowed.includes(key)) continue;
    if (key in out) throw badRequest(`Query parameter ${key} given twice`, [{ path: key, message: 'given twice' }]);
    out[key] = value;
  }
  return out;
}

/** Stable JSON (sorted keys): two bodies that mean the same fingerprint the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
