/**
 * The OpenTelemetry SDK of one BFF, imported only when its config turns
 * telemetry on: a tracer provider and a meter provider of its own (never the
 * process globals, so two BFFs in one process, or the host's own SDK, do not
 * mix), with the OTLP/HTTP exporters, a Prometheus reader and the exporters
 * tests pass in. Each exporter is imported only when configured.
 */
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader, type MetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, BatchSpanProcessor, SimpleSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { createInstruments, INSTRUMENTATION_SCOPE, type Telemetry, type TelemetryConfig } from './telemetry.js';

/** `base` + `/v1/traces`, as OpenTelemetry builds signal URLs from `OTEL_EXPORTER_OTLP_ENDPOINT`; undefined: the exporter reads the env. */
const otlpUrl = (otlp: TelemetryConfig['otlp'], signal: 'traces' | 'metrics') =>
  typeof otlp === 'string' ? `${otlp.replace(/\/+$/, '')}/v1/${signal}` : undefined;

export async function startTelemetry(config: TelemetryConfig): Promise<Telemetry> {
  const [otlpTraces, otlpMetrics, prom] = await Promise.all([
    config.otlp ? import('@opentelemetry/exporter-trace-otlp-http') : undefined,
    config.otlp ? import('@opentelemetry/exporter-metrics-otlp-http') : undefined,
    config.prometheus ? import('@opentelemetry/exporter-prometheus') : undefined,
  ]);
  const resource = resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.serviceName ?? 'tote-bff' });

  const spanProcessors: SpanProcessor[] = [];
  if (config.spanExporter) spanProcessors.push(new SimpleSpanProcessor(config.spanExporter));
  if (otlpTraces) {
    const url = otlpUrl(config.otlp, 'traces');
    spanProcessors.push(new BatchSpanProcessor(new otlpTraces.OTLPTraceExporter(url ? { url } : {})));
  }
  const tracerProvider = new BasicTracerProvider({ resource, spanProcessors });

  const readers: MetricReader[] = [];
  if (config.metricReader) readers.push(config.metricReader);
  let prometheus: InstanceType<NonNullable<typeof prom>['PrometheusExporter']> | undefined;
  if (prom) {
    // Read on demand by `/metrics`; its own HTTP server is never started.
    prometheus = new prom.PrometheusExporter({ preventServerStart: true });
    // The exporter pins its own patch release of sdk-metrics: the same reader contract, declared twice.
    readers.push(prometheus as unknown as MetricReader);
  }
  if (otlpMetrics) {
    const url = otlpUrl(config.otlp, 'metrics');
    readers.push(
      new PeriodicExportingMetricReader({
        exporter: new otlpMetrics.OTLPMetricExporter(url ? { url } : {}),
        exportIntervalMillis: config.metricExportIntervalMs ?? 60_000,
      }),
    );
  }
  const meterProvider = new MeterProvider({ resource, readers });
  const serializer = prom && new prom.PrometheusSerializer();

  return {
    tracer: tracerProvider.getTracer(INSTRUMENTATION_SCOPE),
    instruments: createInstruments(meterProvider.getMeter(INSTRUMENTATION_SCOPE)),
    ...(prometheus && serializer
      ? {
          scrape: async () => {
            const { resourceMetrics } = await prometheus.collect();
            return serializer.serialize(resourceMetrics);
          },
        }
      : {}),
    async shutdown() {
      await Promise.allSettled([tracerProvider.shutdown(), meterProvider.shutdown()]);
    },
  };
}
