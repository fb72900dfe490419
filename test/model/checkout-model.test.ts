/**
 * Issue 25: the model-based test of "one order per attempt, at the quoted
 * price, and every attempt ends". Random interleavings of quotes, places,
 * presses again, lost answers, quote expiry, signing-key rotation, Redis
 * paused / full / restarted empty, busy, slow and failing shops, price rises
 * and another tab, against the real BFF, sandbox and redis-server
 * (test/model/run-model.ts says what is checked).
 *
 * Seeded: `TOTE_MODEL_SEED` (and `TOTE_MODEL_PATH` from a failure's report)
 * replays a run; `TOTE_MODEL_RUNS` (default 15) sets how many;
 * `TOTE_MODEL_SHRINK=1` shrinks a failure to a shorter sequence (slow).
 * `npm run bench -- --only=model` runs 200.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { runModel } from './run-model.js';

const runs = Number(process.env.TOTE_MODEL_RUNS ?? 15);
const seed = process.env.TOTE_MODEL_SEED ? Number(process.env.TOTE_MODEL_SEED) : undefined;

it(`${runs} random checkouts: one order per attempt, charged as quoted, every attempt ends`, { timeout: 30 * 60_000 }, async () => {
  const result = await runModel({
    runs,
    ...(seed !== undefined ? { seed } : {}),
    ...(process.env.TOTE_MODEL_PATH ? { path: process.env.TOTE_MODEL_PATH } : {}),
    shrink: process.env.TOTE_MODEL_SHRINK === '1',
  });
  const path = /path: "([^"]*)"/.exec(result.report ?? '')?.[1];
  const replay = `TOTE_MODEL_SEED=${result.seed}${path ? ` TOTE_MODEL_PATH=${path}` : ''} node --import tsx --test test/model/checkout-model.test.ts`;
  assert.ok(!result.report, `${result.report}\n\nReplay (the same commands; the servers' timing may differ): ${replay}`);
});
