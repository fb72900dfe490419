/**
 * The one error shape the widget sees (`ApiErrorSchema`): stable codes, a
 * human message, never a stack trace, never an upstream credential.
 */
import type { ApiError, ApiErrorCode } from '../contract/api.js';
import {
  RateLimitedError,
  ServiceError,
  ServiceNetworkError,
  ServiceRedirectError,
  ServiceResponseError,
  ServiceTimeoutError,
} from '../contract/client.js';
import { WholeResponse } from './whole-bodies.js';

type ErrorDetails = Omit<ApiError['error'], 'code' | 'message'>;

/** A failure that already knows its HTTP status and widget-facing code. */
export class ApiHttpError extends Error {
  override name = 'ApiHttpError';
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details: Partial<ErrorDetails> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields: ErrorDetails['fields'] = []) =>
  new ApiHttpError(400, 'bad_request', message, { fields });
export const notFound = (message = 'Not found') => new ApiHttpError(404, 'not_found', message);

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new WholeResponse(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/**
 * Replaces every credential the BFF holds in a text about to be sent. The
 * set moves: tokens are refreshed, so besides the fixed secrets it asks its
 * sources (the token provider) each time and remembers the tokens the
 * service client recently sent.
 */
export interface Redact {
  (text: string): string;
  /** True when `text` contains any credential (cheap: most answers contain none, and are then sent as they are). */
  finds(text: string): boolean;
  /** A credential learnt at run time (a refreshed token). */
  remember(secret: string): void;
}

/** Refreshed tokens kept besides the current one: an upstream may echo one it was sent a while ago. */
const REMEMBERED_TOKENS = 16;
/** Shorter strings would redact ordinary words. */
const MIN_SECRET_LENGTH = 4;

export function createRedactor(fixed: readonly string[], sources: readonly (() => readonly string[])[] = []): Redact {
  const recent: string[] = [];
  const all = () => [...fixed, ...recent, ...sources.flatMap((source) => source())].filter((s) => s.length >= MIN_SECRET_LENGTH);
  const redact = (text: string) => {
    // Longest first, so a secret that contains another is replaced whole.
    for (const secret of all().sort((a, b) => b.length - a.length)) if (text.includes(secret)) text = text.split(secret).join('[redacted]');
    return text;
  };
  return Object.assign(redact, {
    finds: (text: string) => all().some((secret) => text.includes(secret)),
    remember(secret: string) {
      if (recent.includes(secret) || fixed.includes(secret)) return;
      recent.push(secret);
      if (recent.length > REMEMBERED_TOKENS) recent.shift();
    },
  });
}

export function errorResponse(error: ApiHttpError, redact: Redact): Response {
  const { skus = [], fields = [], merchant_id, retry_after } = error.details;
  const body: ApiError = {
    error: {
      code: error.code,
      message: redact(error.message),
      ...(merchant_id != null ? { merchant_id } : {}),
      ...(retry_after != null ? { retry_after } : {}),
      skus,
      fields: fields.map((f) => ({ path: f.path, message: redact(f.message) })),
    },
  };
  return json(error.status, body, error.headers);
}

/**
 * The last guard on a JSON answer: upstream data that echoes a credential
 * (an offer named after the token) has it replaced before it is sent.
 */
export async function redactJsonAnswer(response: Response, redact: Redact): Promise<Response> {
  if (response instanceof WholeResponse) {
    const text = response.wholeText;
    // Most answers hold no credential: they are sent as they are.
    return text !== null && redact.finds(text) ? new WholeResponse(redact(text), response) : response;
  }
  if (!response.body || !/^application\/json/i.test(response.headers.get('content-type') ?? '')) return response;
  const text = await response.text();
  return new WholeResponse(redact.finds(text) ? redact(text) : text, response);
}

/** A merchant asking for more than this is still worth asking again by then; a shopper will not wait longer anyway. */
const MAX_RETRY_AFTER_S = 60;

/** Seconds for `Retry-After`: at least 1, so a client never retries in a tight loop; at most a minute, whatever upstream asked. */
export const retryAfterSeconds = (ms: number | undefined) =>
  Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil((ms ?? 1000) / 1000)));

export function rateLimited(code: 'rate_limited' | 'merchant_busy', message: string, retryAfter: number, merchantId?: number) {
  return new ApiHttpError(
    429,
    code,
    message,
    { retry_after: retryAfter, ...(merchantId !== undefined ? { merchant_id: merchantId } : {}) },
    { 'retry-after': String(retryAfter) },
  );
}

/**
 * Turns whatever a route threw into an `ApiHttpError`. Service errors keep
 * their business meaning (stock, price, payment, rejected bag, busy merchant);
 * anything unexpected becomes a bare `internal` error, its details left to
 * the server log.
 */
export function toApiError(err: unknown): ApiHttpError {
  if (err instanceof ApiHttpError) return err;
  if (err instanceof RateLimitedError) {
    const merchantId = err.merchantId ?? merchantInBody(err.body);
    const who = merchantId !== undefined ? `Merchant ${merchantId} is` : 'The service is';
    return rateLimited('merchant_busy', `${who} busy; try again shortly`, retryAfterSeconds(err.retryAfterMs), merchantId);
  }
  if (err instanceof ServiceTimeoutError) {
    return new ApiHttpError(504, 'upstream_unavailable', 'The service did not answer in time', merchantOf(err.merchantId));
  }
  if (err instanceof ServiceNetworkError) {
    return new ApiHttpError(502, 'upstream_unavailable', 'The service could not be reached', merchantOf(err.merchantId));
  }
  if (err instanceof ServiceRedirectError) {
    return new ApiHttpError(502, 'upstream_error', 'The service answered with a redirect, which Tote does not follow', merchantOf(err.merchantId));
  }
  if (err instanceof ServiceResponseError) {
    return new ApiHttpError(502, 'upstream_error', 'The service answered with data Tote could not read', merchantOf(err.merchantId));
  }
  // A 2xx whose body is not JSON at all (an HTML page from a proxy): as unreadable as a wrong shape.
  if (err instanceof ServiceError && err.status >= 200 && err.status < 300) {
    return new ApiHttpError(502, 'upstream_error', 'The service answered with data Tote could not read', merchantOf(err.merchantId));
  }
  if (err instanceof ServiceError) return fromServiceError(err);
  return new ApiHttpError(500, 'internal', 'Something went wrong on the server');
}

/** The service names the busy merchant in the 429 body when the call itself was not about one merchant. */
/** The merchant a service error's body names (`merchant_id`), when it is an id. */
export function merchantInBody(body: unknown): number | undefined {
  const id = (body as { merchant_id?: unknown } | null)?.merchant_id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

const merchantOf = (merchantId: number | undefined): Partial<ErrorDetails> =>
  merchantId !== undefined ? { merchant_id: merchantId } : {};

/**
 * A service refusal in Tote's words. What the service wrote (messages, causes,
 * per-SKU text: stack traces and connection strings have been seen there) only
 * picks the code; the shopper gets the code's own message and the typed ids.
 */
function fromServiceError(err: ServiceError): ApiHttpError {
  const skus = err.skus.map(({ sku_id, order_sku_id, bag_id }) => ({ sku_id, order_sku_id, bag_id }));
  const details = { ...merchantOf(err.merchantId), skus };
  if (err.status === 429) return rateLimited('merchant_busy', 'A merchant is busy; try again shortly', 1, err.merchantId);
  // Our own credentials were refused: say so without repeating what the service said about them.
  if (err.status === 401 || err.status === 403) {
    return new ApiHttpError(502, 'upstream_error', 'The service refused the server’s credentials');
  }
  if (err.status >= 500) return new ApiHttpError(502, 'upstream_unavailable', 'The service failed; try again', details);
  if (err.status === 404) return new ApiHttpError(404, 'not_found', 'Not found', details);
  const kind = `${err.error ?? ''} ${err.message}`.toLowerCase();
  if (/declin|payment_failed|card/.test(kind)) return new ApiHttpError(402, 'payment_declined', 'The payment was declined', details);
  if (/stock|inventory|insufficient|not available|unavailable/.test(kind)) {
    return new ApiHttpError(409, 'out_of_stock', 'Some items are no longer available in that quantity', details);
  }
  if (/price/.test(kind)) return new ApiHttpError(409, 'price_changed', 'Some prices have changed', details);
  if (/reject/.test(kind)) return new ApiHttpError(409, 'bag_rejected', 'A merchant rejected the order', details);
  if (err.status === 400) return new ApiHttpError(400, 'bad_request', 'The service refused the request as invalid', details);
  return new ApiHttpError(err.status === 409 ? 409 : 422, 'upstream_error', 'The service refused the request', details);
}
