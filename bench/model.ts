/**
 * The checkout model of issue 25 (test/model/), run long: many seeded runs of
 * random quotes, places, resends, lost answers, expiry, key rotation, Redis
 * and shop faults against one real stack (sandbox, BFF, redis-server). Counts
 * the runs, the runs that broke an invariant (and which), and the time per
 * run. A failing run's seed replays it in the test:
 * `TOTE_MODEL_SEED=<seed> TOTE_MODEL_RUNS=1 node --import tsx --test test/model/checkout-model.test.ts`.
 */
import { INVARIANTS, runModelSeeds } from '../test/model/run-model.js';
import { figure, type Figure } from './stats.js';

const SECTION = 'Checkout model (issue 25): seeded random runs against sandbox, BFF and redis-server';
/** `TOTE_MODEL_BENCH_RUNS` overrides it. */
const RUNS = Number(process.env.TOTE_MODEL_BENCH_RUNS ?? 200);
const FIRST_SEED = 25_000;

/** For results.json: each failing run's seed and what it broke. */
export const modelDetails: { failing: { seed: number; violations: { invariant: string; detail: string }[] }[] } = { failing: [] };

export async function measureModel(log: (m: string) => void): Promise<Figure[]> {
  const seeds = Array.from({ length: RUNS }, (_, i) => FIRST_SEED + i);
  let done = 0;
  const results = await runModelSeeds(seeds, (r) => {
    if (++done % 25 === 0) log(`model: ${done}/${RUNS} runs`);
    if (r.violations.length) log(`model: seed ${r.seed} broke ${[...new Set(r.violations.map((v) => v.invariant))].join(', ')}`);
  });
  const failing = results.filter((r) => r.violations.length);
  modelDetails.failing = failing.map((r) => ({ seed: r.seed, violations: r.violations }));
  const figures = [
    figure(SECTION, 'model.runs', 'runs', 'runs', [results.length]),
    figure(SECTION, 'model.violating_runs', 'runs that broke an invariant', 'runs', [failing.length]),
    figure(SECTION, 'model.run_ms', 'time per run (commands, settle, checks)', 'ms', results.map((r) => r.ms)),
  ];
  for (const invariant of INVARIANTS) {
    const n = failing.filter((r) => r.violations.some((v) => v.invariant === invariant)).length;
    figures.push(figure(SECTION, `model.broken.${invariant.replaceAll(' ', '_')}`, `runs breaking "${invariant}"`, 'runs', [n]));
  }
  for (const r of failing.slice(0, 5)) log(`model: seed ${r.seed}:\n${r.violations.map((v) => `  ${v.invariant}: ${v.detail}`).join('\n')}`);
  return figures;
}
