/**
 * A server of the BFF-overhead bench in its own process, so that the load
 * generator, the BFF and the sandbox do not share one event loop:
 *   node --import tsx bench/serve.ts sandbox
 *   node --import tsx bench/serve.ts bff <sandbox url>
 *   node --import tsx bench/serve.ts bare <sandbox url>   (bench/bare-proxy.ts, plain and caching)
 *   node --import tsx bench/serve.ts bff-telemetry <sandbox url> off|on <collector url>
 * Prints one JSON line with its addresses once listening.
 */
import { createServer } from 'node:http';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { createMemoryOffersCache, type OffersCache } from '../src/bff/index.js';
import { MERCHANTS } from '../src/sandbox/merchants.js';
import { startSandbox } from '../src/sandbox/index.js';
import { bffConfig, countingFetch, listen, startBffServer } from './servers.js';
import { bareProxy } from './bare-proxy.js';

/** An offers cache that never hits: every request goes upstream. */
function noOffersCache(): OffersCache {
  const real = createMemoryOffersCache();
  return { ...real, get: async () => undefined, set: async () => {} };
}

const [role, sandboxUrl, telemetry, collectorUrl] = process.argv.slice(2);
// bench/profile.ts: SIGUSR2 starts a CPU profile (after its warm-up), SIGINT writes it to BENCH_CPU_PROFILE and exits.
const profileTo = process.env.BENCH_CPU_PROFILE;
if (profileTo) {
  const session = new Session();
  session.connect();
  const post = (method: string) => new Promise<unknown>((resolve, reject) => session.post(method, (e, r) => (e ? reject(e) : resolve(r))));
  process.once('SIGUSR2', () => void post('Profiler.enable').then(() => post('Profiler.start')));
  process.once('SIGINT', () =>
    void post('Profiler.stop').then((r) => {
      writeFileSync(profileTo, JSON.stringify((r as { profile: unknown }).profile));
      process.exit(0);
    }),
  );
}

if (role === 'sandbox') {
  // The platforms' own rate limits (40–80 burst) would answer most of a load test with 429:
  // lifted here so that what is measured is serving, not the simulated throttle.
  for (const m of MERCHANTS) m.rate_limit = { burst: 1e9, per_second: 1e9 };
  const sandbox = await startSandbox({ port: 0 });
  console.log(JSON.stringify({ sandbox: sandbox.url }));
} else if (role === 'bff' && sandboxUrl) {
  const cachedUpstream = countingFetch();
  const uncachedUpstream = countingFetch();
  // Behind a gateway that limits already: the per-client bucket would refuse a load generator.
  const cached = await startBffServer(bffConfig(sandboxUrl, cachedUpstream, { rateLimit: false, merchantBudget: false }));
  const uncached = await startBffServer(bffConfig(sandboxUrl, uncachedUpstream, { rateLimit: false, merchantBudget: false, offersCache: noOffersCache() }));
  // The upstream calls each BFF made since the last ask, by path.
  const stats = await listen(
    createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const calls = (u: typeof cachedUpstream) => u.take().map((c) => c.call);
      res.end(JSON.stringify({ cached: calls(cachedUpstream), uncached: calls(uncachedUpstream) }));
    }),
  );
  console.log(JSON.stringify({ cached: cached.url, uncached: uncached.url, stats: stats.url }));
} else if (role === 'bare' && sandboxUrl) {
  const bare = await listen(bareProxy(sandboxUrl));
  const bareCached = await listen(bareProxy(sandboxUrl, { cache: true }));
  console.log(JSON.stringify({ bare: bare.url, bareCached: bareCached.url }));
} else if (role === 'bff-telemetry' && sandboxUrl && collectorUrl && (telemetry === 'off' || telemetry === 'on')) {
  // As deployed with telemetry on: spans and metrics to a collector over OTLP, and `/metrics` for Prometheus.
  const on = telemetry === 'on' ? { telemetry: { otlp: collectorUrl, prometheus: true, metricExportIntervalMs: 5_000 }, operatorToken: 'bench-operator-token' } : {};
  const bff = await startBffServer(bffConfig(sandboxUrl, countingFetch(), { rateLimit: false, merchantBudget: false, ...on }));
  console.log(JSON.stringify({ bff: bff.url }));
} else {
  console.error('usage: bench/serve.ts sandbox | bff <sandbox url> | bare <sandbox url> | bff-telemetry <sandbox url> off|on <collector url>');
  process.exit(2);
}
