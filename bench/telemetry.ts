/**
 * Issue 29: what telemetry costs a quote. Two BFF processes in front of one sandbox, the same in all but
 * `telemetry`: off (no SDK loaded), and on as deployed (every request and service call a span, exported
 * over OTLP to a collector stand-in in this process, and the Prometheus reader). The same quote is loaded
 * on both, interleaved, and each process's CPU per quote (user + system, from /proc, as bench/bff.ts
 * measures `bff.quote.cpu_bff`) is printed side by side; the budget is on their ratio (≤ 1.10).
 */
import { createServer } from 'node:http';
import { listen } from './servers.js';
import { cpuMs, load, serve } from './bff.js';
import { figure, ratio, type Figure } from './stats.js';

const SECTION = 'Telemetry cost (quote CPU, off vs on)';
const RUNS = 5;
/**
 * Quotes per run, as `bench/bff.ts` loads them: at 500 (autocannon's amount here before), a run was about 12 of
 * /proc's 10 ms ticks, so one tick more or less moved a ratio by 8 %, near the budget's whole margin.
 */
const QUOTES = 2000;
/**
 * Quotes each process serves before the runs (as `bench/quote-ab.ts` found): after one warm-up of 500 the
 * telemetry-on process, with the SDK's code and the exporter's still being optimised, was measured in its
 * first runs partly compiling.
 */
const WARMUP = 3000;

async function json(url: string, init?: RequestInit): Promise<any> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url} → ${res.status} ${await res.text()}`);
  return res.json();
}

export async function measureTelemetry(log: (m: string) => void): Promise<Figure[]> {
  // The collector stand-in takes every OTLP export and answers as a collector does.
  let exports = 0;
  const collector = await listen(
    createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        exports++;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    }),
  );
  const sandbox = await serve(['sandbox']);
  const sandboxUrl = sandbox.info.sandbox!;
  const off = await serve(['bff-telemetry', sandboxUrl, 'off', collector.url]);
  const on = await serve(['bff-telemetry', sandboxUrl, 'on', collector.url]);
  try {
    const { offers } = await json(`${off.info.bff}/api/offers?merchant_id=1001&size=20`);
    const sku = offers.flatMap((o: any) => o.skus).find((s: any) => s.in_stock).id as number;
    const body = JSON.stringify({
      lines: [{ sku_id: sku, quantity: 1 }],
      shipping_address: { first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' },
    });
    const quote = (bff: typeof off, requests = QUOTES) => () => load(`${bff.info.bff}/api/checkout/quote`, { method: 'POST', body, requests });
    const targets = { off: { server: off, go: quote(off) }, on: { server: on, go: quote(on) } };
    // Warm both: code optimised, health and offers cached, the SDK loaded.
    for (const bff of [off, on]) await quote(bff, WARMUP)();
    const cpu = { off: [] as number[], on: [] as number[] };
    for (let run = 0; run < RUNS; run++) {
      // Interleaved, so that a slow moment of the machine hits both alike.
      for (const name of ['off', 'on'] as const) {
        log(`telemetry: quote, telemetry ${name}, run ${run + 1}/${RUNS}`);
        const { server, go } = targets[name];
        const before = cpuMs(server.child.pid);
        const loaded = await go();
        const after = cpuMs(server.child.pid);
        if (before !== undefined && after !== undefined) cpu[name].push((after - before) / loaded.total);
      }
    }
    if (!cpu.off.length) return [];
    log(`telemetry: ${exports} OTLP exports received`);
    return [
      figure(SECTION, 'telemetry.quote.cpu_off', 'CPU per quote, telemetry off: the BFF process', 'ms', cpu.off),
      figure(SECTION, 'telemetry.quote.cpu_on', 'CPU per quote, telemetry on (OTLP spans + metrics, Prometheus): the BFF process', 'ms', cpu.on),
      ratio(SECTION, 'telemetry.quote.cpu_ratio', 'quote CPU, telemetry on / off (goal ≤ 1.10)', cpu.on, cpu.off),
    ];
  } finally {
    off.child.kill();
    on.child.kill();
    sandbox.child.kill();
    await collector.close();
  }
}
