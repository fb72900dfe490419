// `npm test`: every Node test, then every browser test once per engine
// (TOTE_BROWSERS, default chromium,firefox,webkit; one engine after another so
// two cores suffice), then one line `N passed, N failed` counting all of them.
// Before it, one line per engine names its count and time, and every failure
// is listed with its engine.
// `--node-only`: the Node suites alone (unit, contract, sandbox, BFF…), without the browser tests and the
// journeys that drive a browser (test/e2e, test/ship): what CI runs again on the other Node LTS line.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { ensureEngine, requestedEngines } from './engines.mjs';
import { ensureRedis } from './find-redis.mjs';

const isBrowserTest = (p) => p.startsWith('test/elements/') || p.endsWith('.browser.test.ts');

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    let out = '';
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => { out += d; process.stdout.write(d); });
    child.stderr.on('data', (d) => { out += d; process.stderr.write(d); });
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

const args = process.argv.slice(2);
const nodeOnly = args.includes('--node-only');
const filter = args.find((a) => !a.startsWith('--'));
const drivesBrowser = (p) => isBrowserTest(p) || /^test\/(e2e|ship)\//.test(p);
const files = walk('test').filter((p) => p.endsWith('.test.ts') && (!filter || p.includes(filter)) && !(nodeOnly && drivesBrowser(p)));
const nodeFiles = files.filter((p) => !isBrowserTest(p)).sort();
const browserFiles = files.filter(isBrowserTest);

// npm scripts run the Node of the `node` devDependency (node_modules/.bin comes first on their PATH).
console.log(`Node ${process.version} (${process.execPath})`);

let passed = 0;
let failed = 0;
let exit = 0;

// Tests that run several BFF instances, and the model test, start their own redis-server.
const needsRedis = (p) => p.startsWith('test/multi-instance/') || p.startsWith('test/model/');
if (nodeFiles.some(needsRedis)) process.env.REDIS_SERVER_PATH = ensureRedis();

// The end-to-end and shipping tests drive the same engines from Node.
if (browserFiles.length || nodeFiles.some((p) => /^test\/(e2e|ship)\//.test(p))) requestedEngines().forEach(ensureEngine);

if (nodeFiles.length) {
  const { code, out } = await run(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...nodeFiles]);
  const num = (label) => Number(out.match(new RegExp(`ℹ ${label} (\\d+)`))?.[1] ?? 0);
  passed += num('pass');
  failed += num('fail') + num('cancelled');
  if (code !== 0) { exit = 1; if (!num('fail')) failed++; }
}

const byEngine = [];
if (browserFiles.length) {
  for (const engine of requestedEngines()) {
    const started = Date.now();
    const summary = join(tmpdir(), `tote-wtr-${process.pid}-${engine}.json`);
    const args = ['node_modules/@web/test-runner/dist/bin.js', '--config', 'web-test-runner.config.mjs'];
    if (filter) args.push('--files', ...browserFiles);
    const { code } = await run(process.execPath, args, { TOTE_WTR_SUMMARY: summary, TOTE_BROWSERS: engine });
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
  console.log('');
  for (const e of byEngine) {
    console.log(`${e.engine}: ${e.passed} passed, ${e.failed} failed (browser tests, ${e.seconds.toFixed(1)} s)`);
    for (const f of e.failures) console.log(`  ✗ [${e.engine}] ${f}`);
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(exit || (failed ? 1 : 0));
