/**
 * Issue 25.6's figure: one merchant of five slow (800 ms per platform call) and rate-limited (the
 * README's fault: every 2nd platform call answers 429 with `Retry-After: 5`), 20 concurrent
 * shoppers, 200 direct-mode checkouts of two merchants each, against the real BFF and sandbox —
 * beside the same 200 checkouts without the fault, in the same run. Every checkout without that
 * merchant must be placed; every checkout with it answered (placed, or "busy, try in N s") within
 * PLACE_BOUND_MS; no attempt may make two orders; the unaffected shoppers' p99 quote latency stays
 * within 1.5× the run without the fault. Each shopper has an address of its own (`X-Forwarded-For`).
 */
import type { WidgetOffer } from '../src/contract/api.js';
import { bffConfig, countingFetch, startBenchSandbox, startBffServer, type BenchSandbox } from './servers.js';
import { figure, type Figure } from './stats.js';

const SECTION = 'a busy shop: 1 of 5 merchants slow (800 ms) and rate-limited, 20 shoppers, 200 checkouts';
/** The bound docs/checkout.md states: a checkout facing a busy shop is answered (placed or busy) within it. */
export const PLACE_BOUND_MS = 10_000;
const CHECKOUTS = Number(process.env.BENCH_BUSY_CHECKOUTS ?? 200);
const SHOPPERS = 20;
/**
 * A shopper's pause between two checkouts: 20 shoppers then make about 10 checkouts a second, 4 per
 * merchant, within every merchant's budget (20 calls/s at the BFF, 20–40 at the platforms). Without it
 * the bench measures the budget refusing a flood, not a busy shop.
 */
const THINK_MS = 1_500;
/** Checkouts per block; blocks with and without the fault alternate (a multiple of the 10 pairs). */
const BLOCK = 50;
const BUSY = 1001;
/** The five merchants that ship to the bench's US address (1007 made shoppable, as in the checkout section). */
const MERCHANTS = [1001, 1002, 1004, 1005, 1007];
const ADDRESS = { first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' };
const CUSTOMER = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };
const PAYMENT = { token: 'tok_sandbox_visa', payment_provider: 'SANDBOX' };
const FAULT = { merchant_id: BUSY, latency_ms: 800, rate_limit_every: 2, retry_after_s: 5 };

interface Outcome {
  merchants: number[];
  quoteMs: number;
  totalMs: number;
  result: 'placed' | 'busy' | 'other';
  detail?: string;
}

/** The two merchants of checkout `i`: every pair of the five in turn (4 pairs in 10 have the busy one). */
const PAIRS = MERCHANTS.flatMap((a, i) => MERCHANTS.slice(i + 1).map((b) => [a, b]));

/** The lines of every checkout: its pair's merchants, each line a unit of stock no other checkout takes. */
function plan(skus: Map<number, number[]>): { merchants: number[]; lines: { sku_id: number; quantity: number }[] }[] {
  const taken = new Map<number, number>();
  return Array.from({ length: CHECKOUTS }, (_, i) => {
    const merchants = PAIRS[i % PAIRS.length]!;
    const lines = merchants.map((m) => {
      const n = taken.get(m) ?? 0;
      taken.set(m, n + 1);
      return { sku_id: skus.get(m)![n]!, quantity: 1 };
    });
    return { merchants, lines };
  });
}

export async function measureBusyShop(log: (m: string) => void): Promise<Figure[]> {
  const sandbox = await startBenchSandbox();
  const bff = await startBffServer(bffConfig(sandbox.url, countingFetch(), { trustProxy: true, retry: undefined }));
  try {
    const skus = await stockedSkus(sandbox, bff.url);
    log('busy-shop: warming up (not counted)');
    await run(sandbox, bff.url, skus, false, 0, 20);
    // In alternating blocks, so that what else the machine does at one moment weighs on both runs alike.
    const baseline = { outcomes: [] as Outcome[], duplicates: 0 };
    const faulted = { outcomes: [] as Outcome[], duplicates: 0 };
    for (let from = 0; from < CHECKOUTS; from += BLOCK) {
      // Which goes first alternates too: a block right after another of either kind weighs on both.
      const pair = [[false, baseline], [true, faulted]] as const;
      for (const [fault, into] of (from / BLOCK) % 2 ? [pair[1], pair[0]] : pair) {
        log(`busy-shop: checkouts ${from + 1}–${Math.min(CHECKOUTS, from + BLOCK)} ${fault ? 'with merchant 1001 slow and rate-limited' : 'without the fault'}`);
        const block = await run(sandbox, bff.url, skus, fault, from, Math.min(CHECKOUTS, from + BLOCK));
        into.outcomes.push(...block.outcomes);
        into.duplicates += block.duplicates;
      }
    }
    const p99 = (outcomes: Outcome[]) => percentile(outcomes.filter((o) => !o.merchants.includes(BUSY)).map((o) => o.quoteMs), 0.99);
    const affected = faulted.outcomes.filter((o) => o.merchants.includes(BUSY));
    const unaffected = faulted.outcomes.filter((o) => !o.merchants.includes(BUSY));
    for (const o of [...baseline.outcomes, ...faulted.outcomes].filter((x) => x.result === 'other').slice(0, 5)) log(`busy-shop: unexpected answer ${o.detail}`);
    return [
      figure(SECTION, 'busy_shop.unaffected_not_placed', 'checkouts without the busy merchant not placed', 'checkouts', [unaffected.filter((o) => o.result !== 'placed').length]),
      figure(SECTION, 'busy_shop.affected_unanswered', 'checkouts with it answered neither placed nor busy', 'checkouts', [affected.filter((o) => o.result === 'other').length]),
      figure(SECTION, 'busy_shop.affected_busy', 'checkouts with it answered "busy, try in N s"', 'checkouts', [affected.filter((o) => o.result === 'busy').length]),
      figure(SECTION, 'busy_shop.affected_answer_ms', `checkouts with it: quote → answer (bound ${PLACE_BOUND_MS / 1000} s)`, 'ms', affected.map((o) => o.totalMs)),
      figure(SECTION, 'busy_shop.affected_max_ms', 'checkouts with it: slowest answer', 'ms', [Math.max(...affected.map((o) => o.totalMs))]),
      figure(SECTION, 'busy_shop.duplicates', 'attempts with more than one order (both runs)', 'attempts', [baseline.duplicates + faulted.duplicates]),
      figure(SECTION, 'busy_shop.baseline_p99_quote_ms', 'p99 quote, unaffected shoppers, without the fault', 'ms', [p99(baseline.outcomes)]),
      figure(SECTION, 'busy_shop.p99_quote_ms', 'p99 quote, unaffected shoppers, with the fault', 'ms', [p99(faulted.outcomes)]),
      figure(SECTION, 'busy_shop.p99_quote_ratio', 'p99 quote of unaffected shoppers, with / without the fault', '×', [p99(faulted.outcomes) / p99(baseline.outcomes)]),
    ];
  } finally {
    await bff.close();
    await sandbox.close();
  }
}

async function prepare(sandbox: BenchSandbox, fault: boolean) {
  await sandbox.reset();
  await sandbox.call('POST', '/__sandbox/merchants/1007/attention', { missing_scopes: [], currently_due: [] });
  if (fault) await sandbox.call('POST', '/__sandbox/faults', FAULT);
}

/** Every in-stock SKU of each merchant with its stock, so that 200 checkouts never run a SKU out. */
async function stockedSkus(sandbox: BenchSandbox, bffUrl: string): Promise<Map<number, number[]>> {
  await prepare(sandbox, false);
  const out = new Map<number, number[]>();
  for (const id of MERCHANTS) {
    const { offers } = (await (await fetch(`${bffUrl}/api/offers?merchant_id=${id}&size=100`, { headers: { 'x-forwarded-for': '10.0.0.1' } })).json()) as { offers: WidgetOffer[] };
    const units = offers.flatMap((o) => o.skus).flatMap((s) => (s.in_stock === false ? [] : Array.from({ length: Math.min(s.qty_available ?? 50, 50) - 1 }, () => s.id)));
    if (units.length < CHECKOUTS / 2) throw new Error(`merchant ${id}: ${units.length} units in stock, fewer than ${CHECKOUTS} checkouts may buy`);
    out.set(id, units);
  }
  return out;
}

async function run(sandbox: BenchSandbox, bffUrl: string, skus: Map<number, number[]>, fault: boolean, from: number, to: number) {
  await prepare(sandbox, fault);
  const checkouts = plan(skus).slice(from, to);
  const outcomes: Outcome[] = [];
  let next = 0;
  const shopper = async (s: number) => {
    await sleep((s * THINK_MS) / SHOPPERS);
    for (let i = next++; i < checkouts.length; i = next++) {
      outcomes.push(await checkout(bffUrl, checkouts[i]!, `198.18.${s}.${i % 250}`, `bench-busy-${fault}-${i}-${Date.now()}`));
      await sleep(THINK_MS);
    }
  };
  await Promise.all(Array.from({ length: SHOPPERS }, (_, s) => shopper(s)));
  const orders = (await sandbox.call('GET', '/__sandbox/orders')) as { app_order_id?: string | null; status?: string }[];
  const perAttempt = new Map<string, number>();
  for (const o of orders) if (o.app_order_id && o.status !== 'IN_PROGRESS') perAttempt.set(o.app_order_id, (perAttempt.get(o.app_order_id) ?? 0) + 1);
  return { outcomes, duplicates: [...perAttempt.values()].filter((n) => n > 1).length };
}

async function checkout(bffUrl: string, { merchants, lines }: ReturnType<typeof plan>[number], address: string, key: string): Promise<Outcome> {
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(bffUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...headers }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as any };
  };
  const began = performance.now();
  const q = await post('/api/checkout/quote', { mode: 'direct', currency: 'USD', lines, customer: CUSTOMER, shipping_address: ADDRESS });
  const quoteMs = performance.now() - began;
  const done = (result: Outcome['result'], detail?: string): Outcome => ({ merchants, quoteMs, totalMs: performance.now() - began, result, ...(detail ? { detail } : {}) });
  const busy = (error: any) => error?.code === 'merchant_busy' && error.merchant_id === BUSY && error.retry_after >= 1;
  if (q.status === 429) return busy(q.body.error) ? done('busy') : done('other', `quote 429 ${JSON.stringify(q.body).slice(0, 200)}`);
  if (q.status !== 200) return done('other', `quote ${q.status} ${JSON.stringify(q.body).slice(0, 200)}`);
  if (!q.body.ready) {
    const named = q.body.bags.some((b: any) => b.merchant_id === BUSY && b.problems.some((p: any) => p.code === 'merchant_busy' && p.retry_after >= 1));
    return named ? done('busy') : done('other', `not ready ${JSON.stringify(q.body.bags.map((b: any) => b.problems))}`);
  }
  for (;;) {
    const placed = await post('/api/checkout/place', { quote_token: q.body.quote_token, payment: PAYMENT }, { 'idempotency-key': key });
    if (placed.status === 201) return done('placed');
    if (placed.status === 429 && busy(placed.body.error)) return done('busy');
    if (placed.status !== 202) return done('other', `place ${placed.status} ${JSON.stringify(placed.body).slice(0, 200)}`);
    await new Promise((r) => setTimeout(r, placed.body.retry_after * 1000));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;
}
