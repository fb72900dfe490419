/**
 * The one error shape the widget sees (`ApiErrorSchema`): stable codes, a
 * human message, never a stack trace, never an upstream credential.
 */
import type { ApiError, ApiErrorCode } from '../contract/api.js';
import {
  RateLimitedError,
  ServiceError,
  ServiceNetworkError,
  ServiceResponseError,
  ServiceTimeoutError,
} from '../contract/client.js';

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
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** Replaces every occurrence of a secret in a message we are about to send. */
export type Redact = (text: string) => string;

export function createRedactor(secrets: readonly string[]): Redact {
  const found = secrets.filter((s) => s.length >= 4);
  return (text) => found.reduce((t, s) => t.split(s).join('[redacted]'), text);
}

export function errorResponse(error: ApiHttpError, redact: Redact): Response {
  const { skus = [], fields = [], merchant_id, retry_after } = error.details;
  const body: ApiError = {
    error: {
      code: error.code,
      message: redact(error.message),
      ...(merchant_id != null ? { merchant_id } : {}),
      ...(retry_after != null ? { retry_after } : {}),
      skus: skus.map((s) => ({ ...s, message: s.message == null ? s.message : redact(s.message) })),
      fields,
    },
  };
  return json(error.status, body, error.headers);
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
function merchantInBody(body: unknown): number | undefined {
  const id = (body as { merchant_id?: unknown } | null)?.merchant_id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

const merchantOf = (merchantId: number | undefined): Partial<ErrorDetails> =>
  merchantId !== undefined ? { merchant_id: merchantId } : {};

function fromServiceError(err: ServiceError): ApiHttpError {
  const skus = err.skus.map(({ sku_id, order_sku_id, bag_id, message }) => ({ sku_id, order_sku_id, bag_id, message }));
  const details = { ...merchantOf(err.merchantId), skus };
  if (err.status === 429) return rateLimited('merchant_busy', 'A merchant is busy; try again shortly', 1, err.merchantId);
  // Our own credentials were refused: say so without repeating what the service said about them.
  if (err.status === 401 || err.status === 403) {
    return new ApiHttpError(502, 'upstream_error', 'The service refused the server’s credentials');
  }
  if (err.status >= 500) return new ApiHttpError(502, 'upstream_unavailable', 'The service failed; try again', details);
  if (err.status === 404) return new ApiHttpError(404, 'not_found', err.message || 'Not found', details);
  const kind = `${err.error ?? ''} ${err.message}`.toLowerCase();
  const message = err.message || 'The service refused the request';
  if (/declin|payment_failed|card/.test(kind)) return new ApiHttpError(402, 'payment_declined', message, details);
  if (/stock|inventory|insufficient|not available|unavailable/.test(kind)) return new ApiHttpError(409, 'out_of_stock', message, details);
  if (/price/.test(kind)) return new ApiHttpError(409, 'price_changed', message, details);
  if (/reject/.test(kind)) return new ApiHttpError(409, 'bag_rejected', message, details);
  if (err.status === 400) return new ApiHttpError(400, 'bad_request', message, details);
  return new ApiHttpError(err.status === 409 ? 409 : 422, 'upstream_error', message, details);
}
