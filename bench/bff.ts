/**
 * BFF overhead on loopback: latency p50/p99, throughput and CPU per request of
 * the widget's hottest calls through the BFF against the same upstream
 * requests through a bare keep-alive proxy (bench/bare-proxy.ts: the least
 * any proxy here costs) and straight to the sandbox, same run, with
 * autocannon. The quote is judged against the bare proxy (latency ≤ 1.3×,
 * CPU ≤ 1.5×), and shown beside the quote's floor (bench/minimal-quote.ts:
 * what any correct quote costs here), the cached offers against the bare
 * proxy's cache hit. Each server runs in its own process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { SERVICE_HEADERS } from './servers.js';
import { figure, ratio, type Figure } from './stats.js';

const SECTION = 'BFF overhead (loopback, autocannon)';
/** Each load run is bounded in both count and time. */
const REQUESTS = 500;
/** Quotes cost ~1 ms of CPU: more of them, so that /proc's 10 ms ticks are a small part of what is counted. */
const QUOTE_REQUESTS = 2000;
const MAX_SECONDS = 5;
const CONNECTIONS = 10;
const RUNS = 3;

const ESTIMATE_BODY = JSON.stringify({
  skus: [{ sku_id: 0, quantity: 1 }],
  shipping_address: { first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' },
  discounts: [],
});

export async function serve(args: string[], script = 'bench/serve.ts'): Promise<{ child: ChildProcess; info: Record<string, string> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  // A bench stopped half-way must not leave servers behind.
  process.once('exit', () => child.kill());
  const lines = createInterface({ input: child.stdout! });
  const info = await new Promise<Record<string, string>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} ${args[0]} exited with ${code}`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as Record<string, string>));
  });
  return { child, info };
}

export interface Load {
  /** Mean latency: autocannon's percentiles are whole milliseconds, too coarse for a ratio near 1 ms. */
  mean: number;
  p50: number;
  p99: number;
  rps: number;
  total: number;
}

export async function load(url: string, opts: { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string>; requests?: number } = {}): Promise<Load> {
  const began = performance.now();
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    amount: opts.requests ?? REQUESTS,
    method: opts.method ?? 'GET',
    headers: { accept: 'application/json', ...(opts.body ? { 'content-type': 'application/json' } : {}), ...opts.headers },
    ...(opts.body ? { body: opts.body } : {}),
  });
  // autocannon notices the request count only on its once-a-second tick, so its own duration is
  // whole seconds; throughput is taken from the last response instead.
  let answered = 0;
  let lastAnswer = began;
  instance.on('response', () => {
    answered++;
    lastAnswer = performance.now();
  });
  const stop = setTimeout(() => instance.stop(), MAX_SECONDS * 1000);
  const result = await instance;
  clearTimeout(stop);
  if (result.non2xx || result.errors) {
    throw new Error(`${opts.method ?? 'GET'} ${url}: ${result.non2xx} non-2xx, ${result.errors} errors (${JSON.stringify(result.statusCodeStats)})`);
  }
  return { mean: result.latency.average, p50: result.latency.p50, p99: result.latency.p99, rps: answered / ((lastAnswer - began) / 1000), total: answered };
}

const sum = (loads: Load[]) => loads.reduce((a, l) => a + l.total, 0);

/** CPU time (user + system, ms) a process has used so far, from Linux's /proc; undefined elsewhere. */
export function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return undefined;
  }
}
const offerCalls = (calls: string[]) => calls.filter((c) => c.includes('/v1/catalog/')).length;

async function json(url: string, init?: RequestInit): Promise<unknown> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url} → ${res.status} ${await res.text()}`);
  return res.json();
}

type Target =
  | 'cachedOffers'
  | 'bareCachedOffers'
  | 'uncachedOffers'
  | 'directOffers'
  | 'directEstimate'
  | 'bffQuote'
  | 'bareQuoteEstimate'
  | 'floorQuote'
  | 'directQuoteEstimate';

interface Measured {
  results: Record<Target, Load[]>;
  upstream: { cached: string[]; uncached: string[] };
  /** CPU per request (ms) of the process that served it: the BFF's per quote, the bare proxy's per estimate it passed on. */
  cpu: { quoteBff: number[]; quoteSandbox: number[]; estimateSandbox: number[]; quoteBare: number[]; quoteFloor: number[] };
}

export async function measureBff(log: (m: string) => void): Promise<Figure[]> {
  const sandbox = await serve(['sandbox']);
  const sandboxUrl = sandbox.info.sandbox!;
  const bff = await serve(['bff', sandboxUrl]);
  const bare = await serve(['bare', sandboxUrl]);
  // The quote's floor (bench/minimal-quote.ts): only what a correct quote must do beyond the bare proxy's two exchanges.
  const floor = await serve([sandboxUrl], 'bench/minimal-quote.ts');
  const { cached, uncached, stats } = bff.info as { cached: string; uncached: string; stats: string };
  try {
    const offersPath = '/offers?merchant_id=1001&size=20';
    const servicePath = '/v1/catalog/offers/merchants/1001?size=20';
    // A real SKU for the estimate.
    const { offers } = (await json(`${cached}/api${offersPath}`)) as { offers: { skus: { id: number }[] }[] };
    const body = ESTIMATE_BODY.replace('"sku_id":0', `"sku_id":${offers[0]!.skus[0]!.id}`);
    // The same SKU, quantity and address as the checkout's quote (issue 14: the BFF's own cost, same body, same run).
    const { skus, shipping_address } = JSON.parse(body) as { skus: { sku_id: number; quantity: number }[]; shipping_address: unknown };
    const quoteBody = JSON.stringify({ lines: skus, shipping_address });
    // What the quote sends upstream: the estimate with the shopper's currency as base currency.
    const estimateUsd = JSON.stringify({ ...JSON.parse(body), base_currency: 'USD' });
    const estimate = (base: string) => () => load(`${base}/v1/orders/estimate`, { method: 'POST', body: estimateUsd, headers: SERVICE_HEADERS });
    const targets: Record<Target, () => Promise<Load>> = {
      cachedOffers: () => load(`${cached}/api${offersPath}`),
      // The cheapest cache hit: the service's own page kept by a bare proxy (issue 30), not the page computed again.
      bareCachedOffers: () => load(`${bare.info.bareCached}${servicePath}`, { headers: SERVICE_HEADERS }),
      uncachedOffers: () => load(`${uncached}/api${offersPath}`),
      directOffers: () => load(`${sandboxUrl}${servicePath}`, { headers: SERVICE_HEADERS }),
      directEstimate: () => load(`${sandboxUrl}/v1/orders/estimate`, { method: 'POST', body, headers: SERVICE_HEADERS }),
      bffQuote: () => load(`${cached}/api/checkout/quote`, { method: 'POST', body: quoteBody, requests: QUOTE_REQUESTS }),
      // The same upstream call through a bare keep-alive pass-through: what any proxy here costs (issue 30).
      bareQuoteEstimate: () =>
        load(`${bare.info.bare}/v1/orders/estimate`, { method: 'POST', body: estimateUsd, headers: SERVICE_HEADERS, requests: QUOTE_REQUESTS }),
      floorQuote: () => load(`${floor.info.floor}/api/checkout/quote`, { method: 'POST', body: quoteBody, requests: QUOTE_REQUESTS }),
      directQuoteEstimate: estimate(sandboxUrl),
    };
    await json(`${cached}/api/checkout/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: quoteBody });
    // Warm every path once (health cached, offers cache filled, the proxy's cache filled, code optimised).
    for (const go of Object.values(targets)) await go();
    await json(stats);
    const measured = await runTargets(targets, { bff: bff.child.pid, sandbox: sandbox.child.pid, bare: bare.child.pid, floor: floor.child.pid }, stats, log);
    return bffFigures(measured);
  } finally {
    bff.child.kill();
    bare.child.kill();
    floor.child.kill();
    sandbox.child.kill();
  }
}

/** Every target RUNS times, interleaved so that a slow moment of the machine hits every target alike. */
async function runTargets(
  targets: Record<Target, () => Promise<Load>>,
  pids: { bff?: number; sandbox?: number; bare?: number; floor?: number },
  stats: string,
  log: (m: string) => void,
): Promise<Measured> {
  const results = Object.fromEntries(Object.keys(targets).map((k) => [k, []])) as unknown as Record<Target, Load[]>;
  const upstream = { cached: [] as string[], uncached: [] as string[] };
  // CPU per request of each process, so that a ratio taken on a busy machine can be told apart from the work itself.
  const cpu: Measured['cpu'] = { quoteBff: [], quoteSandbox: [], estimateSandbox: [], quoteBare: [], quoteFloor: [] };
  const perRequest = (pid: number | undefined, before: number | undefined, total: number) => {
    const after = cpuMs(pid);
    return after === undefined || before === undefined ? undefined : (after - before) / total;
  };
  for (let run = 0; run < RUNS; run++) {
    for (const [name, go] of Object.entries(targets) as [Target, () => Promise<Load>][]) {
      log(`bff: ${name}, run ${run + 1}/${RUNS}`);
      await json(stats);
      const before = { bff: cpuMs(pids.bff), sandbox: cpuMs(pids.sandbox), bare: cpuMs(pids.bare), floor: cpuMs(pids.floor) };
      const loaded = await go();
      results[name].push(loaded);
      const push = (into: number[], value: number | undefined) => value !== undefined && into.push(value);
      if (name === 'bffQuote') {
        push(cpu.quoteBff, perRequest(pids.bff, before.bff, loaded.total));
        push(cpu.quoteSandbox, perRequest(pids.sandbox, before.sandbox, loaded.total));
      }
      if (name === 'bareQuoteEstimate') push(cpu.quoteBare, perRequest(pids.bare, before.bare, loaded.total));
      if (name === 'floorQuote') push(cpu.quoteFloor, perRequest(pids.floor, before.floor, loaded.total));
      if (name === 'directQuoteEstimate') push(cpu.estimateSandbox, perRequest(pids.sandbox, before.sandbox, loaded.total));
      const calls = (await json(stats)) as { cached: string[]; uncached: string[] };
      if (name === 'cachedOffers') upstream.cached.push(...calls.cached);
      if (name === 'uncachedOffers') upstream.uncached.push(...calls.uncached);
    }
  }
  return { results, upstream, cpu };
}

function bffFigures({ results, upstream, cpu }: Measured): Figure[] {
  const figures: Figure[] = [];
  const mean = (loads: Load[]) => loads.map((l) => l.mean);
  const add = (id: string, label: string, loads: Load[]) =>
    figures.push(
      figure(SECTION, `bff.${id}.p50`, `${label}: p50 latency`, 'ms', loads.map((l) => l.p50)),
      figure(SECTION, `bff.${id}.p99`, `${label}: p99 latency`, 'ms', loads.map((l) => l.p99)),
      figure(SECTION, `bff.${id}.rps`, `${label}: throughput`, 'req/s', loads.map((l) => l.rps)),
    );
  add('offers_cached', 'GET /api/offers via BFF, cached', results.cachedOffers);
  add('offers_bare_cached', 'GET …/offers/merchants/1001 via a bare caching proxy, cache hit', results.bareCachedOffers);
  add('offers_uncached', 'GET /api/offers via BFF, uncached', results.uncachedOffers);
  add('offers_direct', 'GET …/offers/merchants/1001 straight to sandbox', results.directOffers);
  figures.push(
    ratio(SECTION, 'bff.offers_cached.vs_bare_cached', 'offers mean latency, cached BFF / bare proxy cache hit', mean(results.cachedOffers), mean(results.bareCachedOffers)),
    ratio(SECTION, 'bff.offers_cached.vs_direct', 'offers mean latency, cached BFF / sandbox computing the page', mean(results.cachedOffers), mean(results.directOffers)),
    ratio(SECTION, 'bff.offers_uncached.vs_direct', 'offers mean latency, uncached BFF / sandbox', mean(results.uncachedOffers), mean(results.directOffers)),
    // Offer pages only: the merchant list behind them is kept for its own TTL (60 s) and may renew mid-run.
    figure(SECTION, 'bff.offers_cached.upstream', `cached offers: BFF→service offer calls for ${sum(results.cachedOffers)} requests`, 'calls', [offerCalls(upstream.cached)]),
    figure(SECTION, 'bff.offers_uncached.upstream', `uncached offers: BFF→service offer calls for ${sum(results.uncachedOffers)} requests`, 'calls', [offerCalls(upstream.uncached)]),
  );
  add('estimate_direct', 'POST /v1/orders/estimate straight to sandbox', results.directEstimate);
  add('quote_bff', 'POST /api/checkout/quote via BFF (direct mode)', results.bffQuote);
  add('quote_bare', "POST /v1/orders/estimate via a bare keep-alive proxy, the quote's body", results.bareQuoteEstimate);
  add('quote_floor', 'POST /api/checkout/quote via the floor (bench/minimal-quote.ts: only what a correct quote must do)', results.floorQuote);
  add('quote_direct', "POST /v1/orders/estimate straight to sandbox, the quote's body", results.directQuoteEstimate);
  figures.push(
    ratio(SECTION, 'bff.quote.vs_bare', 'quote mean latency, BFF / bare keep-alive proxy (goal ≤ 1.3)', mean(results.bffQuote), mean(results.bareQuoteEstimate)),
    ratio(SECTION, 'bff.quote_floor.vs_bare', 'quote mean latency, the floor / bare keep-alive proxy', mean(results.floorQuote), mean(results.bareQuoteEstimate)),
    ratio(SECTION, 'bff.quote.vs_floor', 'quote mean latency, BFF / the floor', mean(results.bffQuote), mean(results.floorQuote)),
    // Shown for comparison only: no proxy here reaches 1.5× of this (it measures the machine, not the BFF).
    ratio(SECTION, 'bff.quote.vs_direct', 'quote mean latency, BFF / sandbox estimate straight', mean(results.bffQuote), mean(results.directQuoteEstimate)),
  );
  if (cpu.quoteBff.length && cpu.quoteBare.length) {
    figures.push(
      figure(SECTION, 'bff.quote.cpu_bff', 'CPU per quote: the BFF process (user + system)', 'ms', cpu.quoteBff),
      figure(SECTION, 'bff.quote_bare.cpu_proxy', 'CPU per request: the bare proxy process, same upstream call', 'ms', cpu.quoteBare),
      ratio(SECTION, 'bff.quote.cpu_vs_bare', 'CPU per quote, BFF / bare proxy per request (goal ≤ 1.5)', cpu.quoteBff, cpu.quoteBare),
      figure(SECTION, 'bff.quote_floor.cpu', 'CPU per quote: the floor process (bench/minimal-quote.ts)', 'ms', cpu.quoteFloor),
      ratio(SECTION, 'bff.quote_floor.cpu_vs_bare', 'CPU per quote, the floor / bare proxy per request (what any correct quote costs here)', cpu.quoteFloor, cpu.quoteBare),
      ratio(SECTION, 'bff.quote.cpu_vs_floor', 'CPU per quote, BFF / the floor (the BFF\'s own cost beyond a correct quote)', cpu.quoteBff, cpu.quoteFloor),
      figure(SECTION, 'bff.quote.cpu_sandbox', 'CPU per quote: the sandbox behind it', 'ms', cpu.quoteSandbox),
      figure(SECTION, 'bff.quote_direct.cpu_sandbox', 'CPU per estimate straight: the sandbox', 'ms', cpu.estimateSandbox),
    );
  }
  return figures;
}
