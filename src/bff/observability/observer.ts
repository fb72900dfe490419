/**
 * The BFF's eyes: logs, spans and metrics for each request, each service
 * call (calls.ts), each quote and place, each webhook and each open event
 * stream. Telemetry's SDK is imported on first use, and only when the config
 * asks for it; until then, and when off, the OpenTelemetry API's no-ops.
 */
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER } from '../../contract/headers.js';
import type { Redact } from '../errors.js';
import { setHeader } from '../whole-bodies.js';
import { createCallWatcher, merchantAttribute } from './calls.js';
import { createLogger, errorFields, type LogConfig } from './log.js';
import { requestIdOf } from './request-id.js';
import { requestScope, type RequestScope } from './scope.js';
import { apiTelemetry, type Telemetry, type TelemetryConfig } from './telemetry.js';

/** What the quote metric reads of a quote answer. */
export interface QuoteSummary {
  ready: boolean;
  bags: readonly { merchant_id: number; problems: readonly { code: string }[] }[];
}

export type PlaceOutcome = 'placed' | 'pending' | 'not_placed' | 'quote_changed';

/** A request's outcome in one word, from its status. */
export function requestOutcome(status: number): string {
  if (status < 400) return 'ok';
  if (status === 429) return 'rate_limited';
  return status < 500 ? 'refused' : 'failed';
}

/** The place answer's outcome: 201 placed, 202 still placing, 409 `quote_changed`, anything else not placed. */
export function placeOutcome(status: number, code: string | undefined): PlaceOutcome {
  if (status === 201) return 'placed';
  if (status === 202) return 'pending';
  return code === 'quote_changed' ? 'quote_changed' : 'not_placed';
}

/** The event's own time (its entity's last change) when the body says it, for the webhook lag. */
function eventTimeOf(body: unknown): number | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const { date_last_modified: modified, date_created: created } = body as Record<string, unknown>;
  const text = typeof modified === 'string' ? modified : typeof created === 'string' ? created : undefined;
  const time = text === undefined ? NaN : Date.parse(text);
  return Number.isFinite(time) ? time : undefined;
}

/** The telemetry in use: the API's until the SDK, when configured, has loaded. */
interface TelemetryState {
  telemetry: Telemetry;
  loading?: Promise<void>;
}

/** Runs one BFF request in its scope and tells how it ended: the span, the duration and the log line. */
async function observeRequest(state: TelemetryState, log: Logger, incoming: Request, serve: (scope: RequestScope) => Promise<Response>): Promise<Response> {
  if (state.loading) await state.loading;
  const { tracer, instruments } = state.telemetry;
  const started = performance.now();
  const id = requestIdOf(incoming);
  // The id among the span's first attributes: one call into the SDK fewer per request (each validates what it is given).
  const span = tracer.startSpan(incoming.method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': incoming.method, 'tote.request_id': id } });
  const scope: RequestScope = { id, span, merchants: new Set() };
  let response: Response;
  try {
    response = await requestScope.run(scope, () => serve(scope));
  } catch (error) {
    span.end();
    throw error;
  }
  setHeader(response, REQUEST_ID_HEADER, scope.id);
  const seconds = (performance.now() - started) / 1000;
  const route = scope.route ?? '(unmatched)';
  const outcome = requestOutcome(response.status);
  const merchants = [...scope.merchants];
  // A span nobody records (telemetry off, no SDK in the host) drops what it is given: nothing is built for it.
  if (span.isRecording()) {
    span.updateName(`${incoming.method} ${route}`);
    span.setAttributes({
      'http.route': route,
      'http.response.status_code': response.status,
      'tote.outcome': outcome,
      ...(merchants.length ? { 'tote.merchant_id': merchantAttribute(merchants) } : {}),
    });
    if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
  }
  span.end();
  instruments.requestDuration.record(seconds, { 'http.route': route, 'http.request.method': incoming.method, 'http.response.status_code': response.status });
  log[response.status >= 500 ? 'warn' : 'info']({
    msg: 'request',
    request_id: scope.id,
    method: incoming.method,
    route,
    status: response.status,
    duration_ms: Math.round(seconds * 10_000) / 10,
    outcome,
    ...(merchants.length ? { merchant_id: merchants[0] } : {}),
    ...(merchants.length > 1 ? { merchant_ids: merchants } : {}),
    ...(scope.errorCode ? { error_code: scope.errorCode } : {}),
  });
  return response;
}

export interface ObserverConfig {
  log?: LogConfig;
  telemetry?: TelemetryConfig;
}

export function createObserver(config: ObserverConfig, redact: Redact, merchantOfSku: (skuId: unknown) => number | undefined, now: () => number = Date.now) {
  const log: Logger = createLogger(config.log, redact);
  const state: TelemetryState = { telemetry: apiTelemetry() };
  if (config.telemetry) {
    const telemetryConfig = config.telemetry;
    state.loading = import('./sdk.js')
      .then(async (sdk) => void (state.telemetry = await sdk.startTelemetry(telemetryConfig)))
      // Serving goes on without telemetry rather than failing every request.
      .catch((error: unknown) => void log.error({ msg: 'telemetry did not start', ...errorFields(error) }))
      .finally(() => delete state.loading);
  }
  const current = () => state.telemetry;

  return {
    log,
    request: (incoming: Request, serve: (scope: RequestScope) => Promise<Response>) => observeRequest(state, log, incoming, serve),
    /** The service client's `observe` option. */
    watchCall: createCallWatcher(current, log, merchantOfSku),
    /** A quote answered: counted, and each bag whose platform was too busy to price it counted as that merchant's rate limit. */
    quoted(quote: QuoteSummary) {
      const { instruments } = state.telemetry;
      instruments.quotes.add(1, { 'tote.ready': quote.ready });
      for (const bag of quote.bags) {
        if (bag.problems.some((p) => p.code === 'merchant_busy')) instruments.serviceRateLimited.add(1, { 'tote.merchant_id': bag.merchant_id, 'tote.source': 'platform' });
      }
    },
    placed: (outcome: PlaceOutcome) => state.telemetry.instruments.placeOutcomes.add(1, { 'tote.outcome': outcome }),
    /** A webhook that was verified: its lag from the event's time. */
    webhookReceived(topic: string, body: unknown) {
      const at = eventTimeOf(body);
      if (at !== undefined) state.telemetry.instruments.webhookLag.record(Math.max(0, now() - at) / 1000, { 'tote.topic': topic });
    },
    webhookFailed: (status: number, code: string) => state.telemetry.instruments.webhookFailures.add(1, { 'http.response.status_code': status, 'tote.error': code }),
    /** An event stream opened: counted until the release it answers is called. */
    streamOpened(release: () => void): () => void {
      state.telemetry.instruments.openStreams.add(1);
      let open = true;
      return () => {
        if (open) state.telemetry.instruments.openStreams.add(-1);
        open = false;
        release();
      };
    },
    /** The Prometheus text, or undefined when the Prometheus reader is off. */
    async scrape(): Promise<string | undefined> {
      if (state.loading) await state.loading;
      return state.telemetry.scrape?.();
    },
    error: (error: unknown) => log.error({ msg: 'unexpected error', request_id: requestScope.getStore()?.id, ...errorFields(error) }),
    async shutdown() {
      if (state.loading) await state.loading;
      await state.telemetry.shutdown();
    },
  };
}

export type Observer = ReturnType<typeof createObserver>;
