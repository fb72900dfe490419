/**
 * The log and telemetry settings from the environment: `TOTE_LOG_LEVEL`;
 * OTLP export when `OTEL_EXPORTER_OTLP_ENDPOINT` (or its `_TRACES_`/`_METRICS_`
 * form) is set, read by the exporters themselves as OpenTelemetry defines it;
 * `TOTE_METRICS=prometheus` for `GET /metrics`; `OTEL_SDK_DISABLED=true`
 * turns telemetry off whatever else says.
 */
import type { Level } from 'pino';
import type { LogConfig } from './log.js';
import type { TelemetryConfig } from './telemetry.js';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function observabilityFromEnv(env: Record<string, string | undefined>): { log?: LogConfig; telemetry?: TelemetryConfig } {
  const level = env.TOTE_LOG_LEVEL?.trim().toLowerCase();
  if (level && !(LEVELS as readonly string[]).includes(level)) throw new TypeError(`TOTE_LOG_LEVEL must be one of ${LEVELS.join(', ')}`);
  const metrics = env.TOTE_METRICS?.trim().toLowerCase();
  if (metrics && metrics !== 'prometheus') throw new TypeError('TOTE_METRICS must be "prometheus" (or unset)');
  const otlp = ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT'].some((name) => env[name]?.trim());
  const disabled = env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true';
  const telemetry: TelemetryConfig = { ...(otlp ? { otlp: true as const } : {}), ...(metrics ? { prometheus: true } : {}) };
  return {
    ...(level ? { log: { level: level as Level | 'silent' } } : {}),
    ...(!disabled && (otlp || metrics) ? { telemetry } : {}),
  };
}
