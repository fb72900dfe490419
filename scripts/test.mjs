// `npm test`: the test pyramid's base and its top (docs/testing.md). Every Node
// test of the base (unit, contract, sandbox, BFF, state, hostile, ...), several
// files at a time; then every browser test once per engine (TOTE_BROWSERS,
// default chromium,firefox,webkit; one engine after another so two cores
// suffice); and of the journeys (test/journeys.ts) only those marked `pyramid`:
// one per engine. `--journeys` (`npm run test:journeys`) runs the full journey
// matrix instead, one file at a time; `--journeys=rest` the matrix less what
// `npm test` ran, so that CI, which runs both, runs nothing twice. A path
// substring picks files and runs all of each file's journeys; `--plan` prints
// the files each phase would run. Then one line
// `N passed, N failed` counts every test; before it, one line per engine names
// its count and time, and every failure is listed with its engine.
// `--node-only`: the base's Node suites alone, without the browser tests, the journeys and the
// test/ship checks that build or drive a browser: what CI runs again on the other Node LTS line.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { ensureEngine, requestedEngines } from './engines.mjs';
import { ensureRedis } from './find-redis.mjs';

const isBrowserTest = (p) => p.startsWith('test/elements/') || p.endsWith('.browser.test.ts');
/** A journey walks a whole path in a real browser, or builds and installs the package: the pyramid's top. */
const isJourney = (p) =>
  /^test\/e2e\//.test(p) || p.endsWith('.e2e.test.ts') || /^test\/ship\/(script-tag|stories|pack|frameworks|ssr|side-effects)\.test\.ts$/.test(p);
/** Journey files that hold a journey `npm test` keeps (a `Reach` with `pyramid: true`). */
const holdsPyramid = (p) => /pyramid: true/.test(readFileSync(p, 'utf8'));
/**
 * Base files that may run side by side (TOTE_TEST_CONCURRENCY, default 2; Node's own default is
 * one on two cores): each starts its own servers on free ports and its own redis-server, and
 * most of their time is spent waiting on sockets. Not more: the hostile suites' rate limits and
 * 3 s upstream budgets failed at three under a loaded machine. They run alone: nothing else
 * competes with their timings.
 */
const BASE_CONCURRENCY = Number(process.env.TOTE_TEST_CONCURRENCY ?? 2);
/**
 * Journey files side by side (TOTE_JOURNEY_CONCURRENCY): two when only journeys run
 * (`--journeys`), where most of a journey's time is a browser waiting on a server; one in
 * `npm test`, where its journeys run beside the browser tests (TOTE_TEST_OVERLAP=0 runs those
 * after them instead). Their waits are 20 s and more, made for a busy machine.
 */
const JOURNEY_CONCURRENCY = Number(process.env.TOTE_JOURNEY_CONCURRENCY ?? (journeysArgPresent() ? 2 : 1));
const OVERLAP = process.env.TOTE_TEST_OVERLAP !== '0';
function journeysArgPresent() {
  return process.argv.slice(2).some((a) => a.startsWith('--journeys'));
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** Runs a command; its output is passed through as it comes, or (`buffered`) in one block when it ends. */
function run(cmd, args, env = {}, { buffered = false } = {}) {
  return new Promise((resolve) => {
    let out = '';
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => { out += d; if (!buffered) process.stdout.write(d); });
    child.stderr.on('data', (d) => { out += d; if (!buffered) process.stderr.write(d); });
    child.on('close', (code) => {
      if (buffered) process.stdout.write(out);
      resolve({ code: code ?? 1, out });
    });
  });
}

const args = process.argv.slice(2);
const journeysArg = args.find((a) => a.startsWith('--journeys'));
const nodeOnly = args.includes('--node-only');
const filter = args.find((a) => !a.startsWith('--'));
/** test/journeys.ts's JourneySet: which journeys run. */
const journeySet = journeysArg ? (journeysArg.split('=')[1] ?? 'all') : filter ? 'all' : 'pyramid';
if (!['pyramid', 'all', 'rest'].includes(journeySet)) throw new Error(`--journeys=${journeySet}: all or rest`);
process.env.TOTE_JOURNEYS = journeySet;

const files = walk('test').filter((p) => p.endsWith('.test.ts') && (!filter || p.includes(filter)));
const journeyFiles = files
  .filter((p) => !nodeOnly && !isBrowserTest(p) && isJourney(p))
  .filter((p) => (journeySet === 'pyramid' ? holdsPyramid(p) : true))
  .sort();
const baseFiles = journeysArg ? [] : files.filter((p) => !isBrowserTest(p) && !isJourney(p) && !(nodeOnly && p.startsWith('test/ship/'))).sort();
const nodeFiles = [...baseFiles, ...journeyFiles];
const browserFiles = journeysArg || nodeOnly ? [] : files.filter(isBrowserTest);

// npm scripts run the Node of the `node` devDependency (node_modules/.bin comes first on their PATH).
console.log(`Node ${process.version} (${process.execPath})`);

// `--plan` prints what would run, and runs nothing.
if (args.includes('--plan')) {
  console.log(JSON.stringify({ journeySet, baseFiles, journeyFiles, browserFiles: browserFiles.length }, null, 2));
  process.exit(0);
}

let passed = 0;
let failed = 0;
let exit = 0;

// Tests that run several BFF instances, and the model test, start their own redis-server.
const needsRedis = (p) => p.startsWith('test/multi-instance/') || p.startsWith('test/model/');
if (nodeFiles.some(needsRedis)) process.env.REDIS_SERVER_PATH = ensureRedis();

// The journeys drive the same engines from Node.
if (browserFiles.length || journeyFiles.length) requestedEngines().forEach(ensureEngine);

const phases = [];
/** One `node --test` over `list`, `concurrency` files at a time; its counts join the total. */
async function nodePhase(name, list, concurrency) {
  if (!list.length) return;
  const started = Date.now();
  const { code, out } = await run(process.execPath, [
    '--import', 'tsx', '--test', '--test-reporter=spec', `--test-concurrency=${concurrency}`, ...list,
  ]);
  const num = (label) => Number(out.match(new RegExp(`ℹ ${label} (\\d+)`))?.[1] ?? 0);
  const s = { passed: num('pass'), failed: num('fail') + num('cancelled') };
  if (code !== 0) { exit = 1; if (!s.failed) s.failed = 1; }
  passed += s.passed;
  failed += s.failed;
  phases.push({ name, ...s, files: list.length, seconds: (Date.now() - started) / 1000 });
}

const byEngine = [];
/** Every browser test once per engine, one engine after another. */
async function browserPhase(buffered) {
  if (!browserFiles.length) return;
  for (const engine of requestedEngines()) {
    const started = Date.now();
    const summary = join(tmpdir(), `tote-wtr-${process.pid}-${engine}.json`);
    const args = ['node_modules/@web/test-runner/dist/bin.js', '--config', 'web-test-runner.config.mjs'];
    if (filter) args.push('--files', ...browserFiles);
    const { code } = await run(process.execPath, args, { TOTE_WTR_SUMMARY: summary, TOTE_BROWSERS: engine }, { buffered });
    let s;
    try {
      s = JSON.parse(readFileSync(summary, 'utf8'));
      rmSync(summary);
    } catch {
      s = { passed: 0, failed: 1, failures: ['the test runner ended without a result'] };
    }
    if (code !== 0 && !s.failed) s = { ...s, failed: 1, failures: [`the test runner exited with ${code}`] };
    passed += s.passed;
    failed += s.failed;
    if (code !== 0) exit = 1;
    byEngine.push({ engine, ...s, seconds: (Date.now() - started) / 1000 });
  }
}

await nodePhase('node tests', baseFiles, BASE_CONCURRENCY);
const journeys = () => nodePhase(`journeys (${journeySet})`, journeyFiles, JOURNEY_CONCURRENCY);
// The browser tests beside the journeys: each drives one browser at a time. Their output comes in
// one block per engine so that it does not mix with the journeys'.
if (OVERLAP && journeyFiles.length && browserFiles.length) await Promise.all([journeys(), browserPhase(true)]);
else {
  await journeys();
  await browserPhase(false);
}
console.log('');
for (const p of phases) console.log(`${p.name}: ${p.passed} passed, ${p.failed} failed (${p.files} files, ${p.seconds.toFixed(1)} s)`);
if (byEngine.length) {
  for (const e of byEngine) {
    console.log(`${e.engine}: ${e.passed} passed, ${e.failed} failed (browser tests, ${e.seconds.toFixed(1)} s)`);
    for (const f of e.failures) console.log(`  ✗ [${e.engine}] ${f}`);
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(exit || (failed ? 1 : 0));
