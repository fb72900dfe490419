/**
 * Spans and metrics through `@opentelemetry/api` only. Off (the default) the
 * API's global tracer and meter are used: no-ops unless the host process
 * registered an SDK of its own, and no SDK is loaded here. On
 * (`telemetry` in the BFF config), `sdk.ts` is imported and gives this BFF
 * its own providers and exporters. Names and attributes: docs/operations.md.
 */
import { metrics, trace, type Meter, type Tracer } from '@opentelemetry/api';
import type { MetricReader } from '@opentelemetry/sdk-metrics';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';

export interface TelemetryConfig {
  /**
   * Export spans and metrics with OTLP over HTTP (JSON): a collector's base URL (`http://collector:4318`;
   * `/v1/traces` and `/v1/metrics` are added), or `true` for where `OTEL_EXPORTER_OTLP_ENDPOINT` (and the
   * other `OTEL_EXPORTER_OTLP_*` variables) say, as OpenTelemetry defines them.
   */
  otlp?: string | true;
  /** Serve `GET <prefix>/metrics` (and `GET /metrics`) in Prometheus text, behind the operator token. */
  prometheus?: boolean;
  /** Spans also go here (tests: an `InMemorySpanExporter`), each as it ends. */
  spanExporter?: SpanExporter;
  /** Metrics also go to this reader (tests: a reader they collect from). */
  metricReader?: MetricReader;
  /** `service.name` of the resource. Default `tote-bff`. */
  serviceName?: string;
  /** How often metrics are pushed over OTLP. Default 60 s (OpenTelemetry's default). */
  metricExportIntervalMs?: number;
}

/** The instruments the BFF records into. */
export interface Instruments {
  requestDuration: ReturnType<Meter['createHistogram']>;
  serviceDuration: ReturnType<Meter['createHistogram']>;
  serviceRateLimited: ReturnType<Meter['createCounter']>;
  serviceErrors: ReturnType<Meter['createCounter']>;
  quotes: ReturnType<Meter['createCounter']>;
  placeOutcomes: ReturnType<Meter['createCounter']>;
  webhookLag: ReturnType<Meter['createHistogram']>;
  webhookFailures: ReturnType<Meter['createCounter']>;
  openStreams: ReturnType<Meter['createUpDownCounter']>;
}

export interface Telemetry {
  tracer: Tracer;
  instruments: Instruments;
  /** The metrics in Prometheus text (only when `prometheus` is on). */
  scrape?: () => Promise<string>;
  shutdown(): Promise<void>;
}

export const INSTRUMENTATION_SCOPE = 'tote-bff';

/** Latency buckets in seconds, from a cached read (a few ms) to a slow platform (tens of s). */
const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const LAG_BUCKETS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600];

export function createInstruments(meter: Meter): Instruments {
  const seconds = (name: string, description: string, buckets = SECONDS_BUCKETS) =>
    meter.createHistogram(name, { description, unit: 's', advice: { explicitBucketBoundaries: buckets } });
  return {
    requestDuration: seconds('tote.request.duration', 'BFF requests: time to the answer, by route, method and status'),
    serviceDuration: seconds('tote.service.duration', 'Calls to the service, retries included, by merchant, route and status'),
    serviceRateLimited: meter.createCounter('tote.service.rate_limited', { description: '429 answers from the service, by merchant and route' }),
    serviceErrors: meter.createCounter('tote.service.errors', { description: 'Calls to the service that failed, by merchant, route and error' }),
    quotes: meter.createCounter('tote.checkout.quotes', { description: 'Quotes answered, by readiness' }),
    placeOutcomes: meter.createCounter('tote.checkout.place.outcomes', { description: 'Place requests answered, by outcome' }),
    webhookLag: seconds('tote.webhook.lag', 'From the event (its entity\'s last change) to its receipt, by topic', LAG_BUCKETS),
    webhookFailures: meter.createCounter('tote.webhook.failures', { description: 'Webhook deliveries refused or failed, by status and error' }),
    openStreams: meter.createUpDownCounter('tote.streams.open', { description: 'Order event streams (SSE) open now' }),
  };
}

/** Telemetry off: the API's globals, no SDK. */
export function apiTelemetry(): Telemetry {
  return {
    tracer: trace.getTracer(INSTRUMENTATION_SCOPE),
    instruments: createInstruments(metrics.getMeter(INSTRUMENTATION_SCOPE)),
    shutdown: async () => {},
  };
}
