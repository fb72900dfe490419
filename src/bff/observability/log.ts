/**
 * The BFF's structured log: one JSON line per request and per service call
 * (pino). What a line may carry is an allowlist of keys, each of a known
 * shape (ids, route patterns, statuses, durations, outcomes); everything else
 * is dropped before the line is written, so a body, a header or a shopper's
 * address cannot reach the log by being passed in by mistake. pino's own
 * redaction censors credential-named keys on top, and the only free text
 * (an error's message and stack, a service state's reason) is scrubbed of
 * the BFF's secrets, emails and phone numbers.
 */
import { pino, type DestinationStream, type Level, type Logger } from 'pino';
import type { Redact } from '../errors.js';
import { batchedDestination } from './log-destination.js';

export interface LogConfig {
  /** Lowest level written. Default `info` (`TOTE_LOG_LEVEL`). */
  level?: Level | 'silent';
  /** Where the JSON lines go. Default stdout, in batches (log-destination.ts). Tests pass a stream that keeps them. */
  destination?: DestinationStream;
}

/** Every key a log line may carry (pino's own `level`, `time`, `pid`, `hostname`, `msg` included). */
export const LOG_FIELDS = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'request_id',
  'method',
  'route',
  'status',
  'duration_ms',
  'outcome',
  'merchant_id',
  'merchant_ids',
  'retries',
  'error_code',
  'error_name',
  'error_message',
  'stack',
  'offer_id',
  'fields',
  'state',
  'reason',
  'topic',
]);

/**
 * Keys pino censors: a second fence behind the allowlist, should one of them ever be allowed. Top-level
 * paths only: a line's values are never objects (`allowed` drops them), and a wildcard path (`*.token`)
 * made pino run its censor over every value of every line, 2 % of the BFF's busy time per quote (issue 30).
 */
const REDACTED_KEYS = ['authorization', 'token', 'app_secret', 'secret', 'password', 'quote_token', 'email', 'phone', 'address', 'headers', 'body'];

const EMAIL = /[^\s@"'<>]+@[^\s@"'<>]+\.[A-Za-z]{2,}/g;
/** A phone number: a run of 7+ digits with the usual separators, optionally after `+`. */
const PHONE = /\+?\d[\d ().-]{6,}\d/g;
/** Keys whose values are free text and so pass through `scrub`. */
const FREE_TEXT = ['error_message', 'stack', 'reason'] as const;

/** Free text without the BFF's credentials, emails or phone numbers. */
export function scrubText(text: string, redact: Redact): string {
  return redact(text).replace(EMAIL, '[email]').replace(PHONE, '[number]').slice(0, 2000);
}

const isPrimitive = (value: unknown) => value === null || typeof value !== 'object';
/** A value a line may carry: a primitive or a list of them. An object could hold anything (a body, headers): dropped. */
const isPlain = (value: unknown) => isPrimitive(value) || (Array.isArray(value) && value.every(isPrimitive));

/** Only the allowed keys of a line with plain values, free text scrubbed. */
function allowed(line: Record<string, unknown>, redact: Redact): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in line) if (LOG_FIELDS.has(key) && isPlain(line[key])) out[key] = line[key];
  for (const key of FREE_TEXT) if (typeof out[key] === 'string') out[key] = scrubText(out[key], redact);
  return out;
}

export function createLogger(config: LogConfig | undefined, redact: Redact): Logger {
  const options = {
    level: config?.level ?? 'info',
    redact: { paths: REDACTED_KEYS, censor: '[redacted]' },
    formatters: { log: (line: Record<string, unknown>) => allowed(line, redact) },
  };
  return pino(options, config?.destination ?? batchedDestination());
}

/**
 * Errors whose message the code composes (ids, statuses, identifiers), so it is worth logging, scrubbed.
 * Any other error's message may quote data (a parser's snippet of its input, an upstream's text): only its
 * class and stack frames are logged.
 */
const TOLD_ERRORS = new Set(['ServiceError', 'ServiceRedirectError', 'RateLimitedError', 'ServiceResponseError', 'ServiceTimeoutError', 'ServiceNetworkError', 'ApiHttpError', 'StoreUnavailableError', 'TypeError', 'RangeError', 'ReferenceError']);

/** An error as log fields: its class, its message when told (above), and its stack frames; never the object, whose fields may hold anything. */
export function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error_name: typeof error };
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return {
    error_name: error.name,
    ...(TOLD_ERRORS.has(error.name) ? { error_message: error.message } : {}),
    ...(frames.length ? { stack: frames.join('\n') } : {}),
  };
}
