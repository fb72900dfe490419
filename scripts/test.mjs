// `npm test`: every Node test, then every browser test, then one line
// `N passed, N failed` counting both runners.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { ensureChrome } from './find-chrome.mjs';
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

const filter = process.argv[2];
const files = walk('test').filter((p) => p.endsWith('.test.ts') && (!filter || p.includes(filter)));
const nodeFiles = files.filter((p) => !isBrowserTest(p)).sort();
const browserFiles = files.filter(isBrowserTest);

let passed = 0;
let failed = 0;
let exit = 0;

// Tests that run several BFF instances start their own redis-server.
const needsRedis = (p) => p.startsWith('test/multi-instance/');
if (nodeFiles.some(needsRedis)) process.env.REDIS_SERVER_PATH = ensureRedis();

if (nodeFiles.length) {
  const { code, out } = await run(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...nodeFiles]);
  const num = (label) => Number(out.match(new RegExp(`ℹ ${label} (\\d+)`))?.[1] ?? 0);
  passed += num('pass');
  failed += num('fail') + num('cancelled');
  if (code !== 0) { exit = 1; if (!num('fail')) failed++; }
}

if (browserFiles.length) {
  process.env.CHROME_PATH = ensureChrome();
  const summary = join(tmpdir(), `tote-wtr-${process.pid}.json`);
  const args = ['node_modules/@web/test-runner/dist/bin.js', '--config', 'web-test-runner.config.mjs'];
  if (filter) args.push('--files', ...browserFiles);
  const { code } = await run(process.execPath, args, { TOTE_WTR_SUMMARY: summary });
  try {
    const s = JSON.parse(readFileSync(summary, 'utf8'));
    passed += s.passed;
    failed += s.failed;
    rmSync(summary);
  } catch {
    failed++;
  }
  if (code !== 0) exit = 1;
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(exit || (failed ? 1 : 0));
