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
import { ApiHttpError, merchantInBody } from '../errors.js';
import { merchantsOfCall } from '../merchant-gate.js';
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

/** A set of merchants as one attribute value: the id alone, or ids joined by commas (an estimate of several shops). */
export const merchantAttribute = (ids: readonly number[]): number | string => (ids.length === 1 ? ids[0]! : ids.length ? ids.join(',') : 'none');

/**
 * The watcher the service client calls for each call. `merchantOfSku` is the SKU directory the merchant
 * budget reads, so a call is put down to the merchants it concerns just as its budget is spent.
 */
export function createCallWatcher(telemetry: () => Telemetry, log: Logger, merchantOfSku: (skuId: unknown) => number | undefined) {
  return function watch(info: CallInfo & { body?: unknown }): CallWatch {
    const { tracer, instruments } = telemetry();
    const scope = requestScope.getStore();
    const route = servicePathPattern(info.path);
    const merchants = [...merchantsOfCall(info, merchantOfSku)];
    for (const id of merchants) scope?.merchants.add(id);
    const base: Attributes = { 'http.route': route, 'http.request.method': info.method };
    const perMerchant = (extra: Attributes, ids: readonly (number | string)[] = merchants.length ? merchants : ['none']) =>
      ids.map((id): Attributes => ({ ...base, 'tote.merchant_id': id, ...extra }));
    const parent = scope ? trace.setSpan(ROOT_CONTEXT, scope.span) : ROOT_CONTEXT;
    const span = tracer.startSpan(`service ${info.method} ${route}`, { kind: SpanKind.CLIENT, attributes: { ...base, 'tote.merchant_id': merchantAttribute(merchants) } }, parent);
    const started = performance.now();
    return {
      ...(scope ? { headers: { [REQUEST_ID_HEADER]: scope.id } } : {}),
      answered(status, failure) {
        if (status !== 429) return;
        // The shop the service says is busy, else every shop of the call.
        const named = failure?.merchantId ?? merchantInBody(failure?.body);
        for (const attributes of perMerchant({ 'tote.source': 'service' }, named !== undefined ? [named] : undefined)) instruments.serviceRateLimited.add(1, attributes);
      },
      end({ attempts, status, error }) {
        const seconds = (performance.now() - started) / 1000;
        const outcome = callOutcome(error, status);
        const retries = Math.max(0, attempts - 1);
        const statusAttr = status ?? 0;
        if (span.isRecording()) {
          span.setAttributes({ 'http.response.status_code': statusAttr, 'tote.retries': retries, 'tote.outcome': outcome });
          if (error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
        }
        span.end();
        for (const attributes of perMerchant({ 'http.response.status_code': statusAttr })) instruments.serviceDuration.record(seconds, attributes);
        if (outcome === 'busy') {
          const named = error instanceof ApiHttpError ? error.details.merchant_id : undefined;
          for (const attributes of perMerchant({ 'tote.source': 'budget' }, named != null ? [named] : undefined)) instruments.serviceRateLimited.add(1, attributes);
        }
        if (error !== undefined) for (const attributes of perMerchant({ 'tote.error': outcome })) instruments.serviceErrors.add(1, attributes);
        log[error === undefined ? 'info' : 'warn']({
          msg: 'service call',
          request_id: scope?.id,
          method: info.method,
          route,
          ...(merchants.length ? { merchant_id: merchants[0] } : {}),
          ...(merchants.length > 1 ? { merchant_ids: merchants } : {}),
          status,
          duration_ms: Math.round(seconds * 10_000) / 10,
          outcome,
          retries,
        });
      },
    };
  };
}
