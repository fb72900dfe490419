// `npm test`: the test pyramid's base and its top (docs/testing.md). Every Node
// test of the base (unit, contract, sandbox, BFF, state, hostile, ...), several
// files to a process, two processes at a time (baseGroups); then every browser test once per engine (TOTE_BROWSERS,
// default chromium,firefox,webkit; the engines side by side in one test runner,
// which builds each test file once for all of them); and of the journeys
// (test/journeys.ts) only those marked `pyramid`: one per engine. `--journeys`
// (`npm run test:journeys`) runs the full journey matrix instead;
// `--journeys=rest` the matrix less what `npm test` ran. `--ci` (bash .ci/run)
// runs both in one run, `npm test`'s phases and the full matrix, so that their
// waits overlap, and `--again-on=NODE` runs the base's Node suites once more on
// another Node binary beside them. A path substring picks files and runs all of
// each file's journeys; `--plan` prints the files each phase would run. Then one
// line `N passed, N failed` counts every test; before it, one line per phase and
// engine names its count, wall time and CPU time, the slowest tests are listed, and every
// failure is listed with its engine.
// `--node-only`: the base's Node suites alone, without the browser tests, the journeys and the
// test/ship checks that build or drive a browser: what CI runs again on the other Node LTS line.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
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
 * The longest journey files, longest first (measured, docs/testing.md "Where the time goes"):
 * files start in this order (each in a `node --test` of its own: one over them all starts them
 * in name order), so that the long ones do not start last and leave one lane working while the
 * others idle. Files not named here follow, in name order.
 */
const LONGEST_JOURNEYS = [
  'test/e2e/checkout.test.ts',
  'test/e2e/address.test.ts',
  'test/ship/frameworks.test.ts',
  'test/e2e/checkout-requests.test.ts',
  'test/ship/script-tag.test.ts',
  'test/e2e/after-order.test.ts',
  'test/e2e/screenshots.test.ts',
  'test/e2e/discounts.test.ts',
  'test/ship/stories.test.ts',
  'test/e2e/sold-out.test.ts',
  'test/e2e/accessibility.test.ts',
  'test/stripe/checkout.e2e.test.ts',
  'test/e2e/shop.test.ts',
  'test/e2e/catalog.test.ts',
  'test/e2e/screenshots-discounts.test.ts',
  'test/ship/pack.test.ts',
];
const longestFirst = (a, b) => {
  const rank = (p) => (LONGEST_JOURNEYS.includes(p) ? LONGEST_JOURNEYS.indexOf(p) : LONGEST_JOURNEYS.length);
  return rank(a) - rank(b) || a.localeCompare(b);
};
/**
 * Base files that may run side by side (TOTE_TEST_CONCURRENCY, default 2; Node's own default is
 * one on two cores): each starts its own servers on free ports and its own redis-server, and
 * most of their time is spent waiting on sockets. Not more: the hostile suites' rate limits and
 * 3 s upstream budgets failed at three under a loaded machine.
 */
const BASE_CONCURRENCY = Number(process.env.TOTE_TEST_CONCURRENCY ?? 2);
/**
 * The base's files run several to a process, one after another (Node's `--experimental-test-isolation=none`):
 * starting Node and tsx and importing the BFF, the sandbox and zod cost about a second of CPU per process, which
 * was most of the base's CPU when each file had its own (docs/testing.md, "Where the time goes"). A group is up
 * to BASE_GROUP_FILES files of one folder (they import the same harness and code), in name order.
 */
const BASE_GROUP_FILES = Number(process.env.TOTE_BASE_GROUP_FILES ?? 6);
/**
 * The base's longest files (measured, docs/testing.md): each in a process of its own, started first, so that
 * no lane is left with a long file at the end.
 */
const SLOWEST_BASE = [
  'test/model/checkout-model.test.ts',
  'test/ship/locales.test.ts',
  'test/hostile/webhooks.test.ts',
  'test/hostile/busy-shop.test.ts',
  'test/hostile/bff-abuse.test.ts',
  'test/hostile/slow-and-large.test.ts',
];
/**
 * Files that keep a process of their own. In a shared process a file's top-level `beforeEach` / `afterEach`
 * would run around every other file's tests too (Node scopes them to the process, not the file), so a file
 * with one is found by reading it. The list names the rest, each with the state it shares.
 */
const OWN_PROCESS = [
  // Moves the process's clock (test/model/clock.ts, `installSkewClock`) as it is imported: in a shared process every
  // file is imported before any test runs, so the other files' tests would run on a clock moved under them.
  // (test/state/checkout-address.test.ts was one while test/state/address-format.test.ts existed: it asserts that a
  // country's address format is not loaded yet, and that file loaded it into the same module-level cache.)
  'test/hostile/place-record-decides.test.ts',
];
const hasTopLevelEachHook = (p) => /^(beforeEach|afterEach)\(/m.test(readFileSync(p, 'utf8'));

/** The base's files in groups that share a process (BASE_GROUP_FILES), in the order they start. */
function baseGroups(list) {
  const alone = (p) => SLOWEST_BASE.includes(p) || OWN_PROCESS.includes(p) || hasTopLevelEachHook(p);
  const groups = SLOWEST_BASE.filter((p) => list.includes(p)).map((p) => [p]);
  const byFolder = new Map();
  for (const p of list.filter((f) => !SLOWEST_BASE.includes(f))) {
    if (alone(p)) {
      groups.push([p]);
      continue;
    }
    const folder = dirname(p);
    const open = byFolder.get(folder);
    if (open && open.length < BASE_GROUP_FILES) open.push(p);
    else {
      const group = [p];
      byFolder.set(folder, group);
      groups.push(group);
    }
  }
  return groups;
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/**
 * The CPU seconds (user + system) of this process's children that have ended, with everything they
 * waited for (browsers, servers, their own children): Linux's cutime + cstime of /proc/self/stat;
 * 0 where there is no /proc.
 */
function childrenCpu() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // After "pid (comm) ", field 3 (state) is index 0: cutime and cstime are fields 16 and 17.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}
let cpuSeen = childrenCpu();
/** The CPU of the children that ended since the last call: read as each child ends, it is that child's. */
function cpuSinceLast() {
  const now = childrenCpu();
  const spent = now - cpuSeen;
  cpuSeen = now;
  return spent;
}

/**
 * Runs a command; its output is passed through as it comes, or (`buffered`) in one block when it ends;
 * `cpu` is the CPU it and what it started took; `title` (a string, or a function read when it ends) heads the block.
 */
function run(cmd, args, env = {}, { buffered = false, title = '' } = {}) {
  return new Promise((resolve) => {
    let out = '';
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => { out += d; if (!buffered) process.stdout.write(d); });
    child.stderr.on('data', (d) => { out += d; if (!buffered) process.stderr.write(d); });
    let cpu = 0;
    child.on('exit', () => { cpu = cpuSinceLast(); });
    child.on('close', (code) => {
      const heading = typeof title === 'function' ? title() : title;
      if (buffered) process.stdout.write(heading ? `\n── ${heading}\n${out}` : out);
      resolve({ code: code ?? 1, out, cpu });
    });
  });
}

const args = process.argv.slice(2);
const journeysArg = args.find((a) => a.startsWith('--journeys'));
const nodeOnly = args.includes('--node-only');
const ci = args.includes('--ci');
/** `--again-on=NODE`: the base's Node suites once more on that Node binary (CI: Node 24). */
const againOn = args.find((a) => a.startsWith('--again-on='))?.slice('--again-on='.length);
const filter = args.find((a) => !a.startsWith('--'));
if (ci && (journeysArg || nodeOnly)) throw new Error('--ci runs the base, the browser tests and every journey: no --journeys or --node-only beside it');
/** test/journeys.ts's JourneySet: which journeys run. */
const journeySet = ci ? 'all' : journeysArg ? (journeysArg.split('=')[1] ?? 'all') : filter ? 'all' : 'pyramid';
if (!['pyramid', 'all', 'rest'].includes(journeySet)) throw new Error(`--journeys=${journeySet}: all or rest`);
process.env.TOTE_JOURNEYS = journeySet;

/**
 * Journey files side by side (TOTE_JOURNEY_CONCURRENCY): two when the full matrix runs
 * (`--journeys`, `--ci`), one in `npm test`, which has one journey file, run beside the browser
 * tests (TOTE_TEST_OVERLAP=0 runs those after them instead). Not more: a journey lane keeps
 * most of a core busy (a browser, a dev server; docs/testing.md, "Where the time goes"), so a
 * third lane beside the browser tests adds waiting, not throughput. Their waits are 20 s and
 * more, made for a busy machine. Once the browser tests have ended, one more lane takes their
 * place (`--ci`, and `--journeys` beside nothing; TOTE_JOURNEY_LANES_AFTER_BROWSERS, default 1):
 * the machine then carries what it carried beside them, three runners, instead of two lanes
 * working alone through the longest part of the run.
 */
const JOURNEY_CONCURRENCY = Number(process.env.TOTE_JOURNEY_CONCURRENCY ?? (journeySet === 'pyramid' ? 1 : 2));
const JOURNEY_LANES_AFTER_BROWSERS = journeySet === 'pyramid' ? 0 : Number(process.env.TOTE_JOURNEY_LANES_AFTER_BROWSERS ?? 1);
const OVERLAP = process.env.TOTE_TEST_OVERLAP !== '0';

const files = walk('test').filter((p) => p.endsWith('.test.ts') && (!filter || p.includes(filter)));
const journeyFiles = files
  .filter((p) => !nodeOnly && !isBrowserTest(p) && isJourney(p))
  .filter((p) => (journeySet === 'pyramid' ? holdsPyramid(p) : true))
  .sort(longestFirst);
const isBase = (p) => !isBrowserTest(p) && !isJourney(p);
const baseFiles = journeysArg ? [] : files.filter((p) => isBase(p) && !(nodeOnly && p.startsWith('test/ship/'))).sort();
/** What `--node-only` runs: the base less the test/ship checks that build or drive a browser. */
const againFiles = againOn ? files.filter((p) => isBase(p) && !p.startsWith('test/ship/')).sort() : [];
const nodeFiles = [...baseFiles, ...journeyFiles];
const browserFiles = journeysArg || nodeOnly ? [] : files.filter(isBrowserTest);

// npm scripts run the Node of the `node` devDependency (node_modules/.bin comes first on their PATH).
console.log(`Node ${process.version} (${process.execPath})`);

// `--plan` prints what would run, and runs nothing.
if (args.includes('--plan')) {
  const baseProcesses = baseGroups(baseFiles).map((g) => g.join(' '));
  console.log(JSON.stringify({ journeySet, baseProcesses, journeyFiles, browserFiles: browserFiles.length, againOn, againFiles: againFiles.length }, null, 2));
  process.exit(0);
}

let passed = 0;
let failed = 0;
let exit = 0;
/** Every test's time, for the list of the slowest: `{ where, file, name, ms }`. */
const timings = [];

// Tests that run several BFF instances, and the model test, start their own redis-server.
const needsRedis = (p) => p.startsWith('test/multi-instance/') || p.startsWith('test/model/');
if (nodeFiles.some(needsRedis)) process.env.REDIS_SERVER_PATH = ensureRedis();

// The journeys drive the same engines from Node.
if (browserFiles.length || journeyFiles.length) requestedEngines().forEach(ensureEngine);

const phases = [];
/** When the tests began: each phase's line says when it started (in `--ci` phases overlap). */
const runStarted = Date.now();
const at = (t) => ((t - runStarted) / 1000).toFixed(0);
const versions = new Map([[process.execPath, process.version]]);
const nodeVersion = (node) => versions.get(node) ?? versions.set(node, execFileSync(node, ['-v'], { encoding: 'utf8' }).trim()).get(node);
/**
 * One `node --test` over `list`, one file at a time, on `node`, its output in one block when it ends: its
 * counts and its tests' times. `shared`: the files in this one process, one after another (`--experimental-test-isolation=none`).
 */
async function nodeTest(list, node, shared = false) {
  const started = Date.now();
  const timingFile = join(tmpdir(), `tote-timings-${process.pid}-${Math.random().toString(36).slice(2)}.jsonl`);
  // A second Node comes first on PATH too: what the tests start as `node` is that Node.
  const env = node === process.execPath ? {} : { PATH: `${dirname(node)}${delimiter}${process.env.PATH}` };
  const { code, out, cpu } = await run(node, [
    // No `--test-force-exit`: it ends a file once the tests known so far are done, and suites a file registers after an
    // await (test/operator/health-model.test.ts, test/contract/schemas.test.ts) were then silently not run.
    // One process for the files it runs: `node --test` otherwise starts a child (Node, tsx, the imports again) per
    // file, a second start-up for each process here that runs a single file (every journey, the base's loners).
    '--import', 'tsx', '--test', ...(shared || list.length === 1 ? ['--experimental-test-isolation=none'] : ['--test-concurrency=1']),
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    `--test-reporter=${new URL('./test-timings.mjs', import.meta.url).pathname}`, `--test-reporter-destination=${timingFile}`,
    ...list,
  ], env, { buffered: true, title: () => `${nodeVersion(node)}: ${list.join(' ')} (from ${at(started)} s to ${at(Date.now())} s)` });
  const num = (label) => Number(out.match(new RegExp(`ℹ ${label} (\\d+)`))?.[1] ?? 0);
  const s = { code, cpu, passed: num('pass'), failed: num('fail') + num('cancelled'), timings: [] };
  if (code !== 0 && !s.failed) s.failed = 1;
  try {
    s.timings = readFileSync(timingFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
    rmSync(timingFile);
  } catch {
    // No timings (the run ended early): its count already says so.
  }
  return s;
}

/**
 * `groups` on `node` (this Node unless `--again-on`), `concurrency` groups at a time, in the order given,
 * each in a `node --test` of its own and its output in one block when it ends; its counts join the total,
 * its tests' times the list of the slowest. `shared`: a group's files share their process (baseGroups);
 * else each group is one file. `laneDone`: called as each lane runs out of groups (ciPool hands the lane on);
 * the phase's time ends with its last group, and it ends once every `laneDone` has settled too.
 */
async function nodePhase(name, groups, concurrency, { node = process.execPath, shared = false, moreLanes = 0, moreLanesAfter, laneDone } = {}) {
  if (!groups.length) return;
  const started = Date.now();
  const queue = [...groups];
  const results = [];
  const after = [];
  let working = 0;
  let recorded = false;
  const lane = async () => {
    working++;
    for (let group = queue.shift(); group; group = queue.shift()) results.push(await nodeTest(group, node, shared && group.length > 1));
    if (--working === 0 && !recorded && (recorded = true)) recordPhase(name, results, groups.flat().length, groups.length, started, `Node ${nodeVersion(node)}`);
    if (laneDone) after.push(laneDone());
  };
  const lanes = Array.from({ length: Math.min(concurrency, groups.length) }, () => lane());
  // `moreLanes` lanes join once `moreLanesAfter` settles, for the groups not started by then.
  if (moreLanes && moreLanesAfter) lanes.push(...Array.from({ length: moreLanes }, () => moreLanesAfter.then(lane, lane)));
  await Promise.all(lanes);
  await Promise.all(after);
}

/** Adds the runs of one phase to the total, their tests' times to the list of the slowest, and a line for the phase. */
function recordPhase(name, results, files, processes, started, where) {
  const s = { passed: 0, failed: 0, cpu: 0 };
  for (const r of results) {
    if (r.code !== 0) exit = 1;
    s.cpu += r.cpu;
    s.passed += r.passed;
    s.failed += r.failed;
    for (const t of r.timings) timings.push({ where, ...t });
  }
  passed += s.passed;
  failed += s.failed;
  phases.push({ name, ...s, files, processes, seconds: (Date.now() - started) / 1000, from: (started - runStarted) / 1000 });
}

const byEngine = [];
/**
 * Every browser test once per engine: one test runner drives the engines side by side
 * (web-test-runner.config.mjs), so each test file is built once for all of them.
 */
async function browserPhase(buffered) {
  if (!browserFiles.length) return;
  const engines = requestedEngines();
  const started = Date.now();
  const summary = join(tmpdir(), `tote-wtr-${process.pid}.json`);
  const wtrArgs = ['node_modules/@web/test-runner/dist/bin.js', '--config', 'web-test-runner.config.mjs'];
  if (filter) wtrArgs.push('--files', ...browserFiles);
  const { code, cpu } = await run(process.execPath, wtrArgs, { TOTE_WTR_SUMMARY: summary }, { buffered });
  let results = {};
  try {
    results = JSON.parse(readFileSync(summary, 'utf8'));
    rmSync(summary);
  } catch {
    // Counted as a failure per engine below.
  }
  const seconds = (Date.now() - started) / 1000;
  // One runner for every engine: its exit code is theirs together, a failure of its own only when no engine failed.
  const engineFailed = engines.some((e) => results[e]?.failed);
  for (const engine of engines) {
    let s = results[engine] ?? { passed: 0, failed: 1, failures: ['the test runner ended without a result'], timings: [] };
    if (code !== 0 && !engineFailed && engine === engines[0]) s = { ...s, failed: 1, failures: [`the test runner exited with ${code}`] };
    passed += s.passed;
    failed += s.failed;
    byEngine.push({ engine, ...s, seconds, cpu, from: (started - runStarted) / 1000 });
    for (const t of s.timings) timings.push({ where: engine, ...t });
  }
  if (code !== 0) exit = 1;
}

const stages = [];
/** Phases that run side by side: their wall time and the CPU of everything they started. */
async function stage(name, phasesOfStage) {
  const started = Date.now();
  const cpu = childrenCpu();
  await phasesOfStage();
  stages.push({ name, seconds: (Date.now() - started) / 1000, cpu: childrenCpu() - cpu });
}

/**
 * `--ci`'s one pool (docs/testing.md, "Parallelism on two cores"): no stage waits for another. The base's
 * lanes (BASE_CONCURRENCY per Node) start first, the slowest files first, with CI_JOURNEY_LANES_BESIDE_BASE
 * journey lanes beside them from the start (the longest journey first: most of its time is spent waiting
 * on a browser or an expiring quote). As each base lane runs out of files it becomes a lane of the rest,
 * the browser tests first and then the journeys longest first, while fewer than CI_RUNNERS lanes work
 * (never fewer than the lanes beside the base): the machine carries CI_RUNNERS runners throughout
 * instead of idling through the base's last files and then waiting on two journey lanes.
 */
const CI_RUNNERS = Number(process.env.TOTE_CI_RUNNERS ?? 4);
const CI_JOURNEY_LANES_BESIDE_BASE = Number(process.env.TOTE_JOURNEY_LANES_BESIDE_BASE ?? 1);
async function ciPool() {
  const BROWSERS = Symbol('the browser tests');
  const rest = [...journeyFiles];
  // The browser tests take the first lane a base lane hands over, after the longest journey.
  if (browserFiles.length) rest.splice(Math.min(CI_JOURNEY_LANES_BESIDE_BASE, rest.length), 0, BROWSERS);
  const journeyRuns = [];
  const journeysStarted = Date.now();
  let restLanes = 0;
  let baseLanes = 0;
  const restLane = async () => {
    restLanes++;
    for (let item = rest.shift(); item; item = rest.shift()) {
      if (item === BROWSERS) await browserPhase(true);
      else journeyRuns.push(await nodeTest([item], process.execPath));
    }
    restLanes--;
  };
  /** Once a base lane has no file left: it becomes a lane of the rest while the pool has room. */
  const handOver = () => {
    baseLanes--;
    if (restLanes < Math.max(CI_JOURNEY_LANES_BESIDE_BASE, CI_RUNNERS - baseLanes)) return restLane();
  };
  const baseOn = (name, groups, node) => {
    baseLanes += Math.min(BASE_CONCURRENCY, groups.length);
    return nodePhase(name, groups, BASE_CONCURRENCY, { node, shared: true, laneDone: handOver });
  };
  const lanes = [baseOn(`node tests (Node ${process.version})`, baseGroups(baseFiles), process.execPath)];
  if (againOn) lanes.push(baseOn(`node tests (Node ${nodeVersion(againOn)})`, baseGroups(againFiles), againOn));
  // Lanes the base does not fill are the rest's from the start (all of them when a filter leaves no base file).
  lanes.push(...Array.from({ length: Math.max(CI_JOURNEY_LANES_BESIDE_BASE, CI_RUNNERS - baseLanes) }, restLane));
  await Promise.all(lanes);
  // A base lane's hand-over is awaited inside its phase; every lane of the rest has ended here.
  recordPhase(`journeys (${journeySet})`, journeyRuns, journeyFiles.length, journeyFiles.length, journeysStarted, 'Node ' + process.version);
}

// The journeys start longest first (LONGEST_JOURNEYS), so each file runs in a `node --test` of its own.
/** `browsersDone`: when the browser tests beside the journeys end (JOURNEY_LANES_AFTER_BROWSERS). */
const journeys = (browsersDone = Promise.resolve()) =>
  nodePhase(`journeys (${journeySet})`, journeyFiles.map((f) => [f]), JOURNEY_CONCURRENCY, { moreLanes: JOURNEY_LANES_AFTER_BROWSERS, moreLanesAfter: browsersDone });
const base = () => nodePhase(`node tests (Node ${process.version})`, baseGroups(baseFiles), BASE_CONCURRENCY, { shared: true });
const again = () =>
  againOn && nodePhase(`node tests (Node ${nodeVersion(againOn)})`, baseGroups(againFiles), BASE_CONCURRENCY, { node: againOn, shared: true });

if (ci && OVERLAP) {
  await stage('every test (the base on both Nodes, the browser tests and the journeys in one pool)', ciPool);
} else {
  await base();
  if (OVERLAP && journeyFiles.length && browserFiles.length) {
    // The browser tests beside the journeys: each drives one browser at a time.
    const browsers = browserPhase(true);
    await Promise.all([journeys(browsers), browsers]);
  } else {
    await journeys();
    await browserPhase(false);
  }
  await again();
}

printTimings();
console.log('');
for (const t of stages) console.log(`stage, ${t.name}: ${t.seconds.toFixed(1)} s, ${t.cpu.toFixed(1)} s CPU`);
// Wall time, and CPU time (what a loaded machine does not inflate; docs/testing.md, "Where the time goes").
const cpuText = (cpu) => (cpu ? `, ${cpu.toFixed(1)} s CPU` : '');
for (const p of phases) console.log(`${p.name}: ${p.passed} passed, ${p.failed} failed (${p.files} files in ${p.processes} processes, ${p.seconds.toFixed(1)} s from ${p.from.toFixed(0)} s${cpuText(p.cpu)})`);
for (const e of byEngine) {
  const shared = byEngine.length > 1 ? ' for the engines together' : '';
  console.log(`${e.engine}: ${e.passed} passed, ${e.failed} failed (browser tests, ${e.seconds.toFixed(1)} s from ${e.from.toFixed(0)} s${cpuText(e.cpu)}${e.cpu ? shared : ''})`);
  for (const f of e.failures) console.log(`  ✗ [${e.engine}] ${f}`);
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(exit || (failed ? 1 : 0));

/**
 * The 20 slowest tests and the 10 slowest files (by the sum of their tests' times) of
 * this run; every time goes to test-results/timings.json (gitignored).
 */
function printTimings() {
  if (!timings.length) return;
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/timings.json', JSON.stringify(timings, null, 1));
  const s = (ms) => `${(ms / 1000).toFixed(1).padStart(6)} s`;
  console.log('\nslowest tests:');
  for (const t of [...timings].sort((a, b) => b.ms - a.ms).slice(0, 20)) console.log(`${s(t.ms)}  [${t.where}] ${t.file} › ${t.name}`);
  const byFile = new Map();
  for (const t of timings) {
    const key = `[${t.where}] ${t.file}`;
    byFile.set(key, (byFile.get(key) ?? 0) + t.ms);
  }
  console.log('slowest files:');
  for (const [key, ms] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`${s(ms)}  ${key}`);
}
