// The server package (tote-checkout-server, packages/server) as users get it: `npm pack` there, then
// `npm install --prefer-offline` of the tarball alone into a scratch project outside the repository (its
// dependencies from the npm cache where it has them, the registry for the rest). Its subpaths import by name,
// its BFF answers from its sandbox, the `tote` command runs from node_modules/.bin, and it brings none of the widget's code.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ensureBuilt, repo } from './support.js';

const run = promisify(execFile);

describe('tote-checkout-server: npm pack → install → import', { timeout: 300_000 }, () => {
  let dir: string;
  let app: string;

  before(async () => {
    await ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'tote-server-pack-'));
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: join(repo, 'packages/server') });
    const [info] = JSON.parse(stdout) as { filename: string }[];
    app = join(dir, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'server', private: true, type: 'module' }));
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(dir, info!.filename)], { cwd: app });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('every subpath imports by name in a fresh Node project, and its BFF answers from its sandbox', async () => {
    writeFileSync(
      join(app, 'serve.mjs'),
      `const { createBff, bffConfigFromEnv } = await import('tote-checkout-server/bff');
const { formatMoney } = await import('tote-checkout-server/contract');
const { startSandbox, DEFAULT_CREDENTIALS } = await import('tote-checkout-server/sandbox');
const sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
const bff = createBff(bffConfigFromEnv({
  SERVICE_BASE_URL: sandbox.url,
  SERVICE_APP_ID: String(DEFAULT_CREDENTIALS.appId),
  SERVICE_APP_SECRET: DEFAULT_CREDENTIALS.appSecret,
  SERVICE_TOKEN: DEFAULT_CREDENTIALS.token,
  TOTE_LOG_LEVEL: 'silent',
}));
const res = await bff(new Request('http://127.0.0.1/api/offers?size=1'));
const { offers } = await res.json();
await sandbox.close();
console.log(res.status, offers.length > 0, formatMoney(5200, 'USD', 'en-US'));`,
    );
    const { stdout } = await run(process.execPath, ['serve.mjs'], { cwd: app });
    assert.equal(stdout.trim().split('\n').at(-1), '200 true $52.00');
  });

  it('installs the `tote` command: it runs from node_modules/.bin and reads the environment it is given', async () => {
    const tote = join(app, 'node_modules/.bin/tote');
    const help = await run(tote, ['--help'], { cwd: app });
    assert.match(help.stderr, /^usage: tote <command>/);
    const doctor = await run(tote, ['doctor'], { cwd: app, env: { PATH: process.env.PATH ?? '' } }).then(
      () => assert.fail('doctor passed with an empty environment'),
      (e: { code: number; stdout: string }) => e,
    );
    assert.equal(doctor.code, 1);
    assert.match(doctor.stdout, /^FAIL  base URL: SERVICE_BASE_URL is not set — fix: set SERVICE_BASE_URL to https:\/\/api\.violet\.io/m);
  });

  it('the tarball is installed, not linked to the repository, and brings neither the widget nor lit', () => {
    const pkg = join(app, 'node_modules/tote-checkout-server');
    assert.deepEqual(readdirSync(pkg).sort(), ['CHANGELOG.md', 'LICENSE', 'README.md', 'dist', 'package.json']);
    assert.deepEqual(readdirSync(join(pkg, 'dist')).sort(), ['bff', 'cli', 'contract', 'i18n', 'sandbox']);
    assert.equal(existsSync(join(app, 'node_modules/tote-checkout')), false);
    assert.equal(existsSync(join(app, 'node_modules/lit')), false);
  });
});
