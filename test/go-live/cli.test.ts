/**
 * `tote` against the sandbox: login, webhooks sync, and doctor finding each
 * misconfiguration of issue 26 (wrong header prefix, `/v1` twice, an expired
 * token alone, a missing registration, no signing secret) and passing on a
 * correct setup. `login` runs as a real process (the password on its stdin,
 * its prompt and exit code); the other commands through `run()`, which is all
 * the bin (src/cli/main.ts) calls, in this process with only the given
 * environment: a process each cost about 0.6 s of CPU, most of this file's.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { Readable } from 'node:stream';
import { run as runTote } from '../../src/cli/run.js';
import { CONSUMED_WEBHOOK_TOPICS } from '../../src/contract/index.js';
import { DEFAULT_CREDENTIALS, startSandbox, type Sandbox } from '../../src/sandbox/index.js';

const HOOK_URL = 'http://127.0.0.1:5999/api/webhooks';
const SIGNING = 'a-signing-secret-of-more-than-32-characters';

let sandbox: Sandbox;
let violet: Sandbox;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  lines: string[];
}

/** `node --import tsx src/cli/main.ts …` with only the given environment (and PATH), `input` on stdin. */
function tote(args: string[], env: Record<string, string>, input = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, lines: stdout.split('\n').filter(Boolean) }));
    child.stdin.end(input);
  });
}

/** `tote …` through `run()` in this process, with only the given environment and nothing on stdin. */
async function toteHere(args: string[], env: Record<string, string>): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const stdin = Readable.from([]) as unknown as NodeJS.ReadStream;
  const code = await runTote(args, { env, stdin, out: (l) => (stdout += `${l}\n`), err: (l) => (stderr += `${l}\n`) });
  return { code, stdout, stderr, lines: stdout.split('\n').filter(Boolean) };
}

const base = (over: Record<string, string> = {}): Record<string, string> => ({
  SERVICE_BASE_URL: sandbox.url,
  SERVICE_APP_ID: String(DEFAULT_CREDENTIALS.appId),
  SERVICE_APP_SECRET: DEFAULT_CREDENTIALS.appSecret,
  ...over,
});

const line = (run: Run, name: string) => run.lines.find((l) => l.slice(6).startsWith(`${name}:`)) ?? `(no ${name} line in)\n${run.stdout}`;

async function serviceCall(sb: Sandbox, method: string, path: string, json?: unknown, prefix = 'x-service-') {
  const res = await fetch(sb.url + path, {
    method,
    headers: {
      [`${prefix}app-id`]: String(DEFAULT_CREDENTIALS.appId),
      [`${prefix}app-secret`]: DEFAULT_CREDENTIALS.appSecret,
      [`${prefix}token`]: DEFAULT_CREDENTIALS.token,
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

let refreshToken = '';

before(async () => {
  sandbox = await startSandbox({ port: 0 });
  violet = await startSandbox({ port: 0, headerPrefix: 'X-Violet-' });
});
after(async () => {
  await sandbox.close();
  await violet.close();
});

describe('tote login', () => {
  it('reads the password from stdin, prints SERVICE_REFRESH_TOKEN only, and never the password', async () => {
    const run = await tote(['login'], base({ SERVICE_USERNAME: DEFAULT_CREDENTIALS.username }), `${DEFAULT_CREDENTIALS.password}\n`);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.lines.length, 1);
    const match = /^SERVICE_REFRESH_TOKEN=(\S+)$/.exec(run.lines[0]!);
    assert.ok(match, run.stdout);
    refreshToken = match[1]!;
    assert.ok(!`${run.stdout}${run.stderr}`.includes(DEFAULT_CREDENTIALS.password));
    // The printed token is a refresh token: the service renews an access token with it.
    const res = await fetch(`${sandbox.url}/v1/auth/token`, {
      headers: { 'x-service-app-id': String(DEFAULT_CREDENTIALS.appId), 'x-service-app-secret': DEFAULT_CREDENTIALS.appSecret, 'x-service-token': refreshToken },
    });
    assert.equal(res.status, 200);
  });

  it('says the login was refused, exit 1, without echoing what was typed', async () => {
    const run = await tote(['login', '--username', DEFAULT_CREDENTIALS.username], base(), 'not-the-password\n');
    assert.equal(run.code, 1);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /Invalid username or password/);
    assert.ok(!run.stderr.includes('not-the-password'));
  });
});

describe('tote webhooks sync', () => {
  it('registers each consumed topic once, removes a stale one at the same URL, keeps others, and lists them', async () => {
    await serviceCall(sandbox, 'POST', '/v1/events/webhooks', { event: 'COLLECTION_CREATED', remote_endpoint: HOOK_URL });
    await serviceCall(sandbox, 'POST', '/v1/events/webhooks', { event: 'PRODUCT_SYNC_FAILED', remote_endpoint: 'https://elsewhere.example/hooks' });
    const env = base({ SERVICE_TOKEN: DEFAULT_CREDENTIALS.token });
    const first = await toteHere(['webhooks', 'sync', '--url', HOOK_URL], env);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.lines.filter((l) => l.startsWith('registered ')).length, CONSUMED_WEBHOOK_TOPICS.length);
    assert.ok(first.lines.includes('removed    COLLECTION_CREATED (Tote does not consume it)'), first.stdout);
    const registered = (await serviceCall(sandbox, 'GET', '/v1/events/webhooks')) as { id: number; event: string; remote_endpoint: string }[];
    assert.deepEqual(registered.filter((r) => r.remote_endpoint === HOOK_URL).map((r) => r.event).sort(), [...CONSUMED_WEBHOOK_TOPICS].sort());
    assert.ok(registered.some((r) => r.event === 'PRODUCT_SYNC_FAILED'), 'another endpoint\'s registration is left alone');
    const again = await toteHere(['webhooks', 'sync', '--url', HOOK_URL], env);
    assert.equal(again.code, 0);
    assert.ok(!again.lines.some((l) => /^(registered|moved|removed) /.test(l)), again.stdout);
    assert.ok(again.lines.includes(`${CONSUMED_WEBHOOK_TOPICS.length + 1} registered:`), again.stdout);
    assert.deepEqual((await serviceCall(sandbox, 'GET', '/v1/events/webhooks')).map((r: { id: number }) => r.id), registered.map((r) => r.id));
  });

  it('refuses a non-HTTPS URL when the service is the real (HTTPS) one', async () => {
    const run = await toteHere(['webhooks', 'sync', '--url', 'http://shop.example/api/webhooks'], base({ SERVICE_BASE_URL: 'https://127.0.0.1:9', SERVICE_TOKEN: 't' }));
    assert.equal(run.code, 2);
    assert.match(run.stderr, /not HTTPS: the service delivers webhooks to HTTPS endpoints only/);
  });
});

describe('tote doctor', () => {
  const correct = () => base({ SERVICE_REFRESH_TOKEN: refreshToken, TOTE_SIGNING_SECRET: SIGNING });

  it('passes on a correct setup: one line per check, exit 0', async () => {
    const run = await toteHere(['doctor', '--url', HOOK_URL], correct());
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const names = ['base URL', 'environment', 'header prefix', 'credentials', 'token refresh', 'webhooks', 'Stripe key', 'signing secret', 'Redis'];
    for (const name of names) assert.match(line(run, name), /^(ok  |skip)  /);
    assert.equal(run.lines.at(-1), 'All checks passed.');
    assert.ok(!run.stdout.includes(refreshToken) && !run.stdout.includes(DEFAULT_CREDENTIALS.appSecret), 'no secret in the report');
  });

  it('finds a wrong header prefix and names the right one', async () => {
    const run = await toteHere(['doctor', '--url', HOOK_URL], base({ SERVICE_BASE_URL: violet.url, SERVICE_TOKEN: DEFAULT_CREDENTIALS.token, TOTE_SIGNING_SECRET: SIGNING }));
    assert.equal(run.code, 1);
    assert.match(line(run, 'header prefix'), /^FAIL .* — fix: set SERVICE_HEADER_PREFIX=X-Violet-$/);
  });

  it('finds /v1 twice in the base URL', async () => {
    const run = await toteHere(['doctor'], { ...correct(), SERVICE_BASE_URL: `${sandbox.url}/v1/v1` });
    assert.equal(run.code, 1);
    assert.match(line(run, 'base URL'), new RegExp(`^FAIL .*/v1/v1.* — fix: .*use ${sandbox.url.replace(/[.:/]/g, '\\$&')}`));
  });

  it('finds an expired short-lived token, with nothing to renew it', async () => {
    const login = await fetch(`${sandbox.url}/v1/login`, {
      method: 'POST',
      headers: { 'x-service-app-id': String(DEFAULT_CREDENTIALS.appId), 'x-service-app-secret': DEFAULT_CREDENTIALS.appSecret, 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEFAULT_CREDENTIALS.username, password: DEFAULT_CREDENTIALS.password }),
    });
    const { token } = (await login.json()) as { token: string };
    await serviceCall(sandbox, 'POST', '/__sandbox/faults', { expire_tokens: true });
    try {
      const run = await toteHere(['doctor', '--url', HOOK_URL], base({ SERVICE_TOKEN: token, TOTE_SIGNING_SECRET: SIGNING }));
      assert.equal(run.code, 1);
      assert.match(line(run, 'credentials'), /^FAIL  credentials: the token has expired — fix: run `tote login` and set SERVICE_REFRESH_TOKEN/);
      assert.match(line(run, 'token refresh'), /^warn  token refresh: only a short-lived SERVICE_TOKEN/);
    } finally {
      await serviceCall(sandbox, 'DELETE', '/__sandbox/faults');
    }
  });

  it('finds a topic that is not registered', async () => {
    const registered = (await serviceCall(sandbox, 'GET', '/v1/events/webhooks?event=ORDER_SHIPPED')) as { id: number }[];
    await serviceCall(sandbox, 'DELETE', `/v1/events/webhooks/${registered[0]!.id}`);
    try {
      const run = await toteHere(['doctor', '--url', HOOK_URL], correct());
      assert.equal(run.code, 1);
      assert.match(line(run, 'webhooks'), /^FAIL  webhooks: 1 of 21 topics not delivered to .*ORDER_SHIPPED \(not registered\) — fix: tote webhooks sync --url /);
    } finally {
      await serviceCall(sandbox, 'POST', '/v1/events/webhooks', { event: 'ORDER_SHIPPED', remote_endpoint: HOOK_URL });
    }
  });

  it('finds a missing signing secret', async () => {
    const { TOTE_SIGNING_SECRET: _dropped, ...env } = correct();
    const run = await toteHere(['doctor', '--url', HOOK_URL], env);
    assert.equal(run.code, 1);
    assert.match(line(run, 'signing secret'), /^FAIL  signing secret: TOTE_SIGNING_SECRET is not set.* — fix: set TOTE_SIGNING_SECRET/);
    assert.equal(run.lines.at(-1), '1 check failed.');
  });
});
