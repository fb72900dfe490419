/**
 * Each call the BFF makes to the service, watched from start to end: the
 * request id sent with it, a child span of the request's span, the latency
 * histogram, 429 and error counters, and one log line.
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER } from '../../contract/headers.js';
import { RateLimitedError, ServiceError, ServiceNetworkError, ServiceRedirectError, ServiceTimeoutError, type CallInfo } from '../../contract/client-errors.js';
import type { CallWatch } from '../../contract/client-types.js';
import { ApiHttpError } from '../errors.js';
import { requestScope } from './scope.js';
import type { Telemetry } from './telemetry.js';

/** The service path as a pattern: every numeric segment (an order, cart, merchant or offer id) becomes `:id`. */
export const servicePathPattern = (path: string) => path.replace(/\/\d+(?=\/|$)/g, '/:id');

/** How a call ended, in one word (the `outcome` of its log line, the `error` of its error counter). */
export function callOutcome(error: unknown, status: number | undefined): string {
  if (error === undefined) return 'ok';
  // Refused by this BFF's own per-merchant budget before anything was sent.
  if (error instanceof ApiHttpError) return error.status === 429 ? 'busy' : 'refused';
  if (error instanceof RateLimitedError) return 'rate_limited';
  if (error instanceof ServiceTimeoutError) return 'timeout';
  if (error instanceof ServiceNetworkError) return 'network';
  if (error instanceof ServiceRedirectError) return 'redirect';
  if (error instanceof ServiceError) return status !== undefined && status >= 200 && status < 300 ? 'invalid_answer' : status !== undefined && status < 500 ? 'refused' : 'failed';
  if (error instanceof Error && error.name === 'AbortError') return 'aborted';
  return 'error';
}

export function createCallWatcher(telemetry: () => Telemetry, log: Logger) {
  return function watch(info: CallInfo): CallWatch {
    const { tracer, instruments } = telemetry();
    const scope = requestScope.getStore();
    const route = servicePathPattern(info.path);
    const merchant = info.merchantId;
    if (scope && merchant !== undefined) scope.merchants.add(merchant);
    const attributes: Attributes = { 'tote.merchant_id': merchant ?? 'none', 'http.route': route, 'http.request.method': info.method };
    const parent = scope ? trace.setSpan(ROOT_CONTEXT, scope.span) : ROOT_CONTEXT;
    const span = tracer.startSpan(`service ${info.method} ${route}`, { kind: SpanKind.CLIENT, attributes }, parent);
    const started = performance.now();
    return {
      ...(scope ? { headers: { [REQUEST_ID_HEADER]: scope.id } } : {}),
      answered(status) {
        if (status === 429) instruments.serviceRateLimited.add(1, { ...attributes, 'tote.source': 'service' });
      },
      end({ attempts, status, error }) {
        const seconds = (performance.now() - started) / 1000;
        const outcome = callOutcome(error, status);
        const retries = Math.max(0, attempts - 1);
        const statusAttr = status ?? 0;
        span.setAttributes({ 'http.response.status_code': statusAttr, 'tote.retries': retries, 'tote.outcome': outcome });
        if (error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
        span.end();
        instruments.serviceDuration.record(seconds, { ...attributes, 'http.response.status_code': statusAttr });
        if (outcome === 'busy') instruments.serviceRateLimited.add(1, { ...attributes, 'tote.source': 'budget' });
        if (error !== undefined) instruments.serviceErrors.add(1, { ...attributes, 'tote.error': outcome });
        log[error === undefined ? 'info' : 'warn']({
          msg: 'service call',
          request_id: scope?.id,
          method: info.method,
          route,
          merchant_id: merchant,
          status,
          duration_ms: Math.round(seconds * 10_000) / 10,
          outcome,
          retries,
        });
      },
    };
  };
}
