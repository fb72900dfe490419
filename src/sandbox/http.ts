import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';

/** A request-level error, answered as the interface's Error object. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.message ?? status));
  }
}

export interface ErrorSkuBody {
  sku_id?: number;
  order_sku_id?: number;
  bag_id?: number;
  name?: string;
  message: string;
}

/** Stable error names and codes of the sandbox (documented in docs/sandbox.md). */
export const ERRORS = {
  invalid_request: 1000,
  invalid_json: 1001,
  not_found: 1004,
  method_not_allowed: 1005,
  conflict: 1009,
  payload_too_large: 1013,
  unsupported_media_type: 1015,
  sku_not_found: 2001,
  out_of_stock: 2002,
  price_mismatch: 2003,
  merchant_mismatch: 2004,
  offer_not_published: 2011,
  shipping_method_unavailable: 2020,
  payment_invalid: 3001,
  payment_declined: 3002,
  rate_limited: 4290,
  platform_error: 5002,
} as const;
export type ErrorName = keyof typeof ERRORS;

export function fail(
  status: number,
  error: ErrorName,
  message: string,
  extra: { skus?: ErrorSkuBody[]; field?: string; headers?: Record<string, string>; merchant_id?: number; decline_code?: string } = {},
): HttpError {
  const body: Record<string, unknown> = { message, error, code: ERRORS[error] };
  if (extra.field !== undefined) body.field = extra.field;
  if (extra.merchant_id !== undefined) body.merchant_id = extra.merchant_id;
  if (extra.decline_code !== undefined) body.decline_code = extra.decline_code;
  if (extra.skus || extra.field !== undefined) body.data = { cause: extra.field ?? null, skus: extra.skus ?? [] };
  return new HttpError(status, body, extra.headers);
}

export const invalid = (field: string, message: string) => fail(400, 'invalid_request', `${field}: ${message}`, { field });
export const notFound = (what: string, id: number | string, field?: string) =>
  fail(404, 'not_found', `${what} ${id} was not found`, field ? { field } : {});

/** Validates input with a contract schema; the first issue names the field. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'body';
  throw invalid(path, issue.message);
}

/** A path segment that must be a positive integer id. */
export function parseId(text: string | undefined, field: string): number {
  if (!text || !/^[1-9]\d{0,14}$/.test(text)) throw invalid(field, 'expected a positive integer id');
  return Number(text);
}

export const MB = 1024 * 1024;

/** Reads a JSON body of at most `limit` bytes; answers 413/400 instead of throwing anything else. */
export async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > limit) throw fail(413, 'payload_too_large', `Request body is larger than ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw fail(413, 'payload_too_large', `Request body is larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return undefined;
  const type = String(req.headers['content-type'] ?? 'application/json');
  if (!/json/i.test(type)) throw fail(415, 'unsupported_media_type', 'Request body must be JSON (Content-Type: application/json)');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw fail(400, 'invalid_json', `body: malformed JSON (${(e as Error).message})`, { field: 'body' });
  }
  if (depthOf(value) > MAX_DEPTH) throw fail(400, 'invalid_json', `body: nested deeper than ${MAX_DEPTH} levels`, { field: 'body' });
  return value;
}

/** Deeper bodies are refused before validation, which recurses. */
export const MAX_DEPTH = 200;

function depthOf(root: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[root, 1]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > max) max = depth;
    if (max > MAX_DEPTH) return max;
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return max;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...(text ? { 'content-type': 'application/json; charset=utf-8' } : {}),
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}
