/**
 * Runs the checkout model: random command sequences (test/model/commands.ts)
 * against one real stack (sandbox, BFF, private redis-server), each from a
 * clean shop, then settles every open attempt and checks, in the sandbox's
 * own records, the promises of issue 25:
 *
 * - at most one order per attempt (per `Idempotency-Key`), and per quote in
 *   direct mode; no order that no attempt asked for;
 * - an attempt the shopper was told "not placed" has no order, one told
 *   "placed" has exactly that order;
 * - the amount charged (the bags' authorizations) is the quoted total;
 * - every attempt left pending, unanswered or busy ends placed or not placed
 *   once its documented bound (`placeUnknownWindowMs`, docs/bff.md) has
 *   passed and the faults are gone;
 * - one shopper's two tabs placing the same lines make one order unless the
 *   second was confirmed (`confirm_duplicate`, docs/checkout.md "Two tabs"),
 *   among attempts sent while Redis kept its records: the BFF's record of the
 *   recent order lives there alone (docs/deploy.md, "Two tabs after Redis
 *   came back empty").
 *
 * Used by test/model/checkout-model.test.ts (`npm test`, a few runs) and by
 * `npm run bench` (many runs, counted per invariant).
 */
import fc from 'fast-check';
import { appOrderIdFor } from '../../src/bff/idempotency.js';
import { installSkewClock } from './clock.js';
import { MODEL_BFF, QuoteCommand, createModelCodes, modelCommands, passTime, resend, type Real, type Sku } from './commands.js';
import { emptyModel, purchaseOf, type Model } from './model.js';
import { startCheckoutStack } from './stack.js';

export const INVARIANTS = [
  'one order per attempt',
  'one order per direct quote',
  'no order without an attempt',
  'not placed means no order',
  'placed means that order',
  'charged equals quoted',
  'ends within the bound',
  'two tabs make one order',
] as const;
export type Invariant = (typeof INVARIANTS)[number];
export interface Violation {
  invariant: Invariant;
  detail: string;
}

const MERCHANTS = [1001, 1002, 1003];
const INITIAL_KEY = 'model-signing-key-0';
const STARTING_QUOTES = [new QuoteCommand('direct', [0], 1), new QuoteCommand('cart', [0, 1, 2], 1, 'real')];
/** Presses of the same key after the bound before an attempt counts as never ending. */
const SETTLE_PRESSES = 12;
/** Commands per run, beside the two starting quotes. */
const MAX_COMMANDS = 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function findSkus(real: Pick<Real, 'stack'>): Promise<Sku[]> {
  const skus: Sku[] = [];
  for (const merchantId of MERCHANTS) {
    const page = await real.stack.api(`/api/offers?merchant_id=${merchantId}&size=20`);
    const found = (page.body?.offers ?? [])
      .flatMap((o: any) => o.skus.map((s: any) => ({ ...s, offer_id: o.id })))
      .find((s: any) => s.in_stock && (s.qty_available ?? 50) >= 30);
    if (!found) throw new Error(`merchant ${merchantId} has no SKU with stock for a run: ${JSON.stringify(page.body).slice(0, 300)}`);
    skus.push({ sku_id: found.id, offer_id: found.offer_id, merchant_id: merchantId });
  }
  return skus;
}

/** Heals every fault, lets the documented bound pass, and presses every open attempt again until it ends. */
async function settle(m: Model, r: Real): Promise<Violation[]> {
  const paused = r.pausedUntil - performance.now();
  if (paused > 0) await sleep(paused + 50);
  await r.stack.fillRedis(false);
  await r.stack.control('/__sandbox/faults', { method: 'DELETE' });
  m.busy.clear();
  const bound = MODEL_BFF.placeUnknownWindowMs + MODEL_BFF.idempotencyLeaseMs + 1_000;
  await passTime(r, bound);
  const violations: Violation[] = [];
  for (const attempt of m.attempts) {
    // A BFF on a Redis that came back empty learns it at its first write after the healing, and counts an
    // attempt unknown from then (docs/checkout.md, "An attempt's states"): the bound may start once more.
    let restarts = 1;
    for (let press = 0; press < SETTLE_PRESSES && (attempt.last === 'unknown' || attempt.last === 'busy'); press++) {
      const a = await resend(m, r, attempt);
      // A BFF still reconnecting to a restarted Redis answers 503 for up to its reconnect backoff (2 s).
      if (a.status === 503 || a.status === 0) await sleep(300);
      else if (a.status === 202) await passTime(r, restarts-- > 0 ? bound : (a.body?.retry_after ?? 1) * 1_000);
    }
    if (attempt.last === 'unknown' || attempt.last === 'busy') {
      violations.push({ invariant: 'ends within the bound', detail: `attempt ${attempt.key} still ${attempt.last} after the bound: ${attempt.answers.join(' → ')}` });
    }
  }
  return violations;
}

const CHARGED = new Set(['AUTHORIZED', 'PAID']);
const chargedOf = (o: any) => o.bags.filter((b: any) => CHARGED.has(b.financial_status)).reduce((n: number, b: any) => n + (b.total ?? 0), 0);

/** The invariants, read from the sandbox's orders and their authorizations once it has finished every request. */
async function check(m: Model, r: Real): Promise<Violation[]> {
  // An order still being created belongs to this run: read later, it would be missed here and land in the next run's shop.
  await r.stack.service.idle();
  const orders: any[] = (await r.stack.control('/__sandbox/orders')).filter((o: any) => o.status !== 'IN_PROGRESS' && o.status !== 'CANCELED');
  const v: Violation[] = [];
  const byApp = new Map<string, any[]>();
  for (const o of orders) byApp.set(o.app_order_id ?? '', [...(byApp.get(o.app_order_id ?? '') ?? []), o]);
  const known = new Set(m.attempts.map((a) => appOrderIdFor(a.key)));
  for (const o of orders) {
    if (!known.has(o.app_order_id)) v.push({ invariant: 'no order without an attempt', detail: `order ${o.id} (app_order_id ${o.app_order_id}, ${o.total})` });
  }
  const perQuote = new Map<number, number[]>();
  const perPurchase = new Map<string, { orders: number[]; confirmed: number; eras: Set<number> }>();
  for (const attempt of m.attempts) {
    const mine = byApp.get(appOrderIdFor(attempt.key)) ?? [];
    const q = m.quotes[attempt.quote]!;
    const story = `attempt ${attempt.key} of quote ${attempt.quote} (${q.mode}, ${q.total}): ${attempt.answers.join(' → ')}`;
    if (mine.length > 1) v.push({ invariant: 'one order per attempt', detail: `${mine.length} orders (${mine.map((o) => o.id)}) for ${story}` });
    if (attempt.last === 'not_placed' && mine.length) v.push({ invariant: 'not placed means no order', detail: `told ${attempt.code}, yet order ${mine.map((o) => o.id)}: ${story}` });
    if (attempt.last === 'placed' && (mine.length !== 1 || mine[0].id !== attempt.orderId)) {
      v.push({ invariant: 'placed means that order', detail: `told order ${attempt.orderId}, the service has ${mine.map((o) => o.id).join(', ') || 'none'}: ${story}` });
    }
    for (const o of mine) {
      if (chargedOf(o) !== q.total) v.push({ invariant: 'charged equals quoted', detail: `order ${o.id} charged ${chargedOf(o)} against a quote of ${q.total}: ${story}` });
      if (q.mode === 'direct') perQuote.set(attempt.quote, [...(perQuote.get(attempt.quote) ?? []), o.id]);
      const p = perPurchase.get(purchaseOf(q)) ?? { orders: [], confirmed: 0, eras: new Set<number>() };
      p.orders.push(o.id);
      if (attempt.confirmDuplicate) p.confirmed++;
      for (const era of attempt.eras) p.eras.add(era);
      perPurchase.set(purchaseOf(q), p);
    }
  }
  for (const [quote, ids] of perQuote) if (ids.length > 1) v.push({ invariant: 'one order per direct quote', detail: `quote ${quote}: orders ${ids}` });
  for (const [purchase, p] of perPurchase) {
    // Sent on both sides of a Redis that came back empty: the earlier order's record is gone, and nothing the BFF can
    // read tells this browser's orders apart (the service's order search takes ids only). docs/deploy.md says so.
    if (p.eras.size === 1 && p.orders.length > 1 + p.confirmed) v.push({ invariant: 'two tabs make one order', detail: `the same lines (${purchase}) placed as orders ${p.orders}, ${p.confirmed} confirmed` });
  }
  return v;
}

export interface ModelOptions {
  runs: number;
  seed?: number;
  path?: string;
  maxCommands?: number;
  /** Shrink a failing run to a smaller one (slow against real servers). Default false. */
  shrink?: boolean;
}

export interface ModelResult {
  runs: number;
  /** The violations of the failing run (empty when every run held). */
  violations: Violation[];
  /** fast-check's report: seed, path, the commands of the counterexample. */
  report?: string;
  seed: number;
}

/** The property: one clean shop, one command sequence, then settle and check. */
export async function withModelStack<T>(body: (runOnce: (cmds: Iterable<fc.AsyncCommand<Model, Real>>) => Promise<Violation[]>) => Promise<T>): Promise<T> {
  const clock = installSkewClock();
  const stack = await startCheckoutStack(MODEL_BFF, { current: INITIAL_KEY });
  try {
    const real: Real = { stack, clock, skus: await findSkus({ stack }), rotations: 0, pausedUntil: 0 };
    const runOnce = async (cmds: Iterable<fc.AsyncCommand<Model, Real>>) => {
      await stack.control('/__sandbox/reset', { json: {} });
      await createModelCodes(real);
      await stack.fillRedis(false);
      await stack.flushRedis();
      await stack.restartBff({ current: INITIAL_KEY });
      real.rotations = 0;
      const model = emptyModel();
      // Every run starts where a shopper presses "Place order": one ready quote in each mode.
      for (const start of STARTING_QUOTES) await start.run(model, real);
      await fc.asyncModelRun(() => ({ model, real }), cmds);
      const violations = [...(await settle(model, real)), ...(await check(model, real))];
      // TOTE_MODEL_LOG=1: every run's commands and what each attempt was told, to see what the model explores.
      if (process.env.TOTE_MODEL_LOG === '1') {
        console.log(`run: ${String(cmds)}`);
        for (const a of model.attempts) console.log(`  ${a.key} quote ${a.quote} (${model.quotes[a.quote]!.mode}): ${a.answers.join(' → ')}`);
      }
      return violations;
    };
    return await body(runOnce);
  } finally {
    await stack.close();
    clock.restore();
  }
}

/** The property over one command sequence; `failing` holds the violations of the last run that broke one. */
function modelProperty(runOnce: (cmds: Iterable<fc.AsyncCommand<Model, Real>>) => Promise<Violation[]>, maxCommands: number) {
  const state = { failing: [] as Violation[] };
  const property = fc.asyncProperty(modelCommands(maxCommands), async (cmds) => {
    const found = await runOnce(cmds);
    if (!found.length) return;
    // When shrinking, the last failing run is the smallest counterexample found.
    state.failing = found;
    throw new Error(found.map((x) => `${x.invariant}: ${x.detail}`).join('\n'));
  });
  return { property, state };
}

function reportOf<T>(details: fc.RunDetails<T>, violations: Violation[]): string {
  const broken = details.errorInstance instanceof Error && !violations.length ? `\n${details.errorInstance.stack}` : '';
  return `${fc.defaultReportMessage(details)}${broken}\nViolations:\n${violations.map((x) => `- ${x.invariant}: ${x.detail}`).join('\n')}`;
}

export async function runModel(opts: ModelOptions): Promise<ModelResult> {
  const seed = opts.seed ?? Date.now() ^ (Math.random() * 0x100000000);
  return withModelStack(async (runOnce) => {
    const { property, state } = modelProperty(runOnce, opts.maxCommands ?? MAX_COMMANDS);
    const details = await fc.check(property, {
      numRuns: opts.runs,
      seed,
      ...(opts.path ? { path: opts.path } : {}),
      endOnFailure: !opts.shrink,
    });
    if (!details.failed) return { runs: details.numRuns, violations: [], seed };
    return { runs: details.numRuns, violations: state.failing, seed, report: reportOf(details, state.failing) };
  });
}

/**
 * One run per seed on one stack, every run to its end whatever the others found (the bench counts them).
 * `TOTE_MODEL_SEED=<seed> TOTE_MODEL_RUNS=1` replays one in the test.
 */
export async function runModelSeeds(seeds: number[], onRun?: (r: ModelResult & { ms: number }) => void): Promise<(ModelResult & { ms: number })[]> {
  return withModelStack(async (runOnce) => {
    const results: (ModelResult & { ms: number })[] = [];
    for (const seed of seeds) {
      const { property, state } = modelProperty(runOnce, MAX_COMMANDS);
      const started = performance.now();
      const details = await fc.check(property, { numRuns: 1, seed, endOnFailure: true });
      const result = { runs: 1, seed, violations: details.failed ? state.failing : [], ms: performance.now() - started, ...(details.failed ? { report: reportOf(details, state.failing) } : {}) };
      results.push(result);
      onRun?.(result);
    }
    return results;
  });
}
