/**
 * The typed errors of the service client: every failure of a call becomes one of these, naming
 * the call (method, path, merchant) and, for an answer, its status and the service's error body.
 */
import { z } from 'zod';
import { AuthErrorSchema, ServiceErrorSchema, type ErrorSku } from './errors.js';
// ---------------------------------------------------------------------------
// Errors

/** Which call failed: named in every error. */
export interface CallInfo {
  method: string;
  path: string;
  merchantId?: number;
}

/** The service answered with a failure status. */
export class ServiceError extends Error {
  override name = 'ServiceError';
  /** HTTP status of the answer. */
  readonly status: number;
  /** The service's numeric code (`code` of request errors, `error_code` of auth errors). */
  readonly code?: number;
  /** The service's symbolic error (`offer_not_published`, …). */
  readonly error?: string;
  /** SKUs the failure is about (`data.skus[]`), ids normalised to snake_case. */
  readonly skus: ErrorSku[];
  /** The merchant the call was for, when known. */
  readonly merchantId?: number;
  readonly method: string;
  readonly path: string;
  /** The body as received: parsed JSON when it was JSON, else the text. */
  readonly body: unknown;

  constructor(
    message: string,
    init: CallInfo & { status: number; code?: number; error?: string; skus?: ErrorSku[]; body?: unknown },
  ) {
    super(message);
    this.status = init.status;
    this.code = init.code;
    this.error = init.error;
    this.skus = init.skus ?? [];
    this.merchantId = init.merchantId;
    this.method = init.method;
    this.path = init.path;
    this.body = init.body;
  }
}

/**
 * The service answered with a redirect. Never followed: the request carried
 * the app secret and the token (and maybe a shopper's body), and another
 * origin's answer is not the service's data.
 */
export class ServiceRedirectError extends ServiceError {
  override name = 'ServiceRedirectError';
  /** The origin the `Location` pointed at (for the log), when it named one. */
  readonly location?: string;

  constructor(info: CallInfo & { status: number }, location: string | null, base: string) {
    let target: string | undefined;
    try {
      target = location ? new URL(location, base).origin : undefined;
    } catch {
      // An unparseable Location is just as refused.
    }
    super(`${info.method} ${info.path} answered a ${info.status} redirect${target ? ` to ${target}` : ''}; not followed`, {
      ...info,
      error: 'redirect',
    });
    this.location = target;
  }
}

/** 429 still answered after every retry the caps allowed (a 429 means the request was not processed). */
export class RateLimitedError extends ServiceError {
  override name = 'RateLimitedError';
  /** What the last `Retry-After` asked for, in milliseconds. */
  readonly retryAfterMs?: number;

  constructor(from: ServiceError, retryAfterMs: number | undefined, attempts: number) {
    const who = from.merchantId !== undefined ? `merchant ${from.merchantId}` : 'the service';
    const after = retryAfterMs !== undefined ? `; retry after ${Math.ceil(retryAfterMs / 1000)} s` : '';
    super(`Rate limited by ${who} (429 on ${from.method} ${from.path} after ${attempts} attempts${after})`, {
      method: from.method,
      path: from.path,
      merchantId: from.merchantId,
      status: 429,
      code: from.code,
      error: from.error,
      skus: from.skus,
      body: from.body,
    });
    this.retryAfterMs = retryAfterMs;
  }
}

/** The answer did not match the contract: the message names every bad field path. */
export class ServiceResponseError extends ServiceError {
  override name = 'ServiceResponseError';
  readonly issues: z.core.$ZodIssue[];

  constructor(info: CallInfo & { status: number; body: unknown }, error: z.ZodError) {
    super(`Unexpected answer to ${info.method} ${info.path}:\n${z.prettifyError(error)}`, { ...info, error: 'invalid_response' });
    this.issues = error.issues;
  }
}

/**
 * The call ran out of time. For calls that change something (POST without
 * an idempotency key) the outcome is unknown: the service may have acted.
 */
export class ServiceTimeoutError extends Error {
  override name = 'ServiceTimeoutError';
  constructor(
    readonly method: string,
    readonly path: string,
    readonly timeoutMs: number,
    readonly outcomeUnknown: boolean,
    readonly merchantId?: number,
  ) {
    super(`${method} ${path} timed out after ${timeoutMs} ms${outcomeUnknown ? ' (outcome unknown)' : ''}`);
  }
}

/** No HTTP answer at all (refused, reset, DNS). Same caveat about the outcome as a timeout. */
export class ServiceNetworkError extends Error {
  override name = 'ServiceNetworkError';
  constructor(
    readonly method: string,
    readonly path: string,
    readonly outcomeUnknown: boolean,
    override readonly cause: unknown,
    readonly merchantId?: number,
  ) {
    super(`${method} ${path} failed: ${cause instanceof Error ? cause.message : String(cause)}${outcomeUnknown ? ' (outcome unknown)' : ''}`);
  }
}

/**
 * Reads a failure body of any of the service's three shapes — request error
 * `{ message, error, code, data: { skus } }`, auth error
 * `{ status, message, error_code, timestamp }`, or anything else (an HTML
 * page from a proxy, plain text, nothing) — into a `ServiceError`.
 */
export function readServiceError(status: number, text: string, info: CallInfo): ServiceError {
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : text;
  } catch {
    // Not JSON (an HTML error page, a proxy's text): keep the text.
  }
  const fallback = `${info.method} ${info.path} answered HTTP ${status}`;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    if ('error_code' in body || 'timestamp' in body) {
      const auth = AuthErrorSchema.safeParse(body);
      if (auth.success) {
        return new ServiceError(auth.data.message ?? fallback, { ...info, status, code: auth.data.error_code ?? undefined, body });
      }
    }
    const req = ServiceErrorSchema.safeParse(body);
    if (req.success) {
      return new ServiceError(req.data.message ?? fallback, {
        ...info,
        status,
        code: req.data.code ?? undefined,
        error: req.data.error ?? undefined,
        skus: req.data.data?.skus ?? [],
        body,
      });
    }
  }
  return new ServiceError(fallback, { ...info, status, body });
}

/** The answer of a call with no body to read (a DELETE): nothing is parsed. */
export const NoContent = z.unknown();

/** A 2xx answer's body read with `schema`: junk, JSON too deep to read and a contract mismatch each become a typed error. */
export function parseServiceAnswer<S extends z.ZodType>(schema: S, status: number, text: string, info: CallInfo): z.output<S> {
  if ((schema as z.ZodType) === NoContent) return undefined as z.output<S>;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ServiceError(`${info.method} ${info.path} answered ${status} with a body that is not JSON`, {
      ...info,
      status,
      error: 'invalid_response',
      body: text,
    });
  }
  let parsed: z.ZodSafeParseResult<z.output<S>>;
  try {
    parsed = schema.safeParse(json);
  } catch (err) {
    // JSON nested deeper than the validator's stack (thousands of levels) is junk, not a bug of ours.
    if (!(err instanceof RangeError)) throw err;
    throw new ServiceError(`${info.method} ${info.path} answered ${status} with JSON nested too deeply to read`, {
      ...info,
      status,
      error: 'invalid_response',
      body: undefined,
    });
  }
  if (!parsed.success) throw new ServiceResponseError({ ...info, status, body: json }, parsed.error);
  return parsed.data;
}
