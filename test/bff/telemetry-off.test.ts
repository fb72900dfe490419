/**
 * Issue 29: telemetry off costs nothing. A BFF without `telemetry` answers with no OpenTelemetry SDK or
 * exporter module loaded (the API alone, whose no-ops it records into); one with it loads the SDK.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const probe = fileURLToPath(new URL('./telemetry-probe.mjs', import.meta.url));
const run = (mode: 'off' | 'on') =>
  JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', probe, mode], { encoding: 'utf8' }).trim().split('\n').at(-1)!) as { status: number; requestId: string; loaded: string[] };

describe('telemetry off', () => {
  it('loads no OpenTelemetry SDK or exporter, only the API', () => {
    const off = run('off');
    assert.equal(off.status, 404);
    assert.ok(off.requestId, 'the request id is there with telemetry off');
    assert.deepEqual(off.loaded.filter((name) => name !== '@opentelemetry/api'), []);
  });

  it('loads the SDK when configured (the probe sees modules load)', () => {
    const on = run('on');
    assert.equal(on.status, 404);
    for (const name of ['@opentelemetry/sdk-trace-base', '@opentelemetry/sdk-metrics', '@opentelemetry/exporter-prometheus']) assert.ok(on.loaded.includes(name), `${name} in ${on.loaded}`);
    assert.ok(!on.loaded.includes('@opentelemetry/exporter-trace-otlp-http'), 'no OTLP exporter unless OTLP is configured');
  });
});
