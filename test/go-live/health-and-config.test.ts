/**
 * Issue 26.3 and 26.4: `/api/health` tells a balancer the truth about the
 * service (503 with our own state name when credentials are refused or
 * expired, or the service is out of reach), the BFF says why once, and the
 * environment takes what the service's own samples write: a base URL ending
 * in `/v1`, the app owner's login, a refresh token.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bffConfigFromEnv, type BffConfig } from '../../src/bff/index.js';
import { DEFAULT_CREDENTIALS, startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { startBff } from '../hostile/harness.js';

let sandbox: Sandbox;
const CREDS = { 'x-service-app-id': String(DEFAULT_CREDENTIALS.appId), 'x-service-app-secret': DEFAULT_CREDENTIALS.appSecret };

const env = (over: Record<string, string | undefined> = {}) => ({
  SERVICE_BASE_URL: sandbox.url,
  SERVICE_APP_ID: String(DEFAULT_CREDENTIALS.appId),
  SERVICE_APP_SECRET: DEFAULT_CREDENTIALS.appSecret,
  ...over,
});

async function login(): Promise<{ token: string; refresh_token: string }> {
  const res = await fetch(`${sandbox.url}/v1/login`, {
    method: 'POST',
    headers: { ...CREDS, 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEFAULT_CREDENTIALS.username, password: DEFAULT_CREDENTIALS.password }),
  });
  assert.equal(res.status, 200);
  return (await res.json()) as { token: string; refresh_token: string };
}

async function expireTokens() {
  const res = await fetch(`${sandbox.url}/__sandbox/faults`, {
    method: 'POST',
    headers: { ...CREDS, 'x-service-token': DEFAULT_CREDENTIALS.token, 'content-type': 'application/json' },
    body: JSON.stringify({ expire_tokens: true }),
  });
  assert.equal(res.status, 200);
}

/** A BFF from `config`, its service-state log, closed after `use`. */
async function withBff(config: Partial<BffConfig>, use: (bff: Awaited<ReturnType<typeof startBff>>, log: string[]) => Promise<void>) {
  const log: string[] = [];
  const bff = await startBff(sandbox.url, { serviceProbeTtlMs: 0, onServiceState: (state, why) => log.push(`${state}: ${why}`), ...config });
  try {
    await use(bff, log);
  } finally {
    await bff.close();
  }
}

before(async () => {
  sandbox = await startSandbox({ port: 0 });
});
after(() => sandbox.close());

describe('GET /api/health and the service', () => {
  it('answers 200 with service ok when the service takes the credentials', async () => {
    await withBff({}, async (bff, log) => {
      const res = await bff.api('/api/health');
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.service, 'ok');
      assert.deepEqual(log, []);
    });
  });

  it('answers 503 token_expired once a short-lived token alone has expired, and logs why once, not per probe', async () => {
    const { token } = await login();
    await withBff({ token }, async (bff, log) => {
      assert.equal((await bff.api('/api/health')).status, 200);
      await expireTokens();
      for (let i = 0; i < 3; i++) {
        const res = await bff.api('/api/health');
        assert.equal(res.status, 503, res.text);
        assert.deepEqual(res.body, { ok: false, version: res.body.version, stores: 'memory', service: 'token_expired' });
      }
      assert.equal(log.length, 1, log.join('\n'));
      assert.match(log[0]!, /^token_expired: .*SERVICE_REFRESH_TOKEN/);
      assert.ok(!log[0]!.includes(token), 'the token is not logged');
    });
  });

  it('answers 503 credentials_refused for a wrong app secret, without the secret or upstream text in the body', async () => {
    await withBff({ appSecret: 'not-the-secret' }, async (bff, log) => {
      const res = await bff.api('/api/health');
      assert.equal(res.status, 503);
      assert.equal(res.body.service, 'credentials_refused');
      assert.doesNotMatch(res.text, /not-the-secret|Invalid app/);
      assert.equal(log.length, 1);
    });
  });

  it('says why once however many shopper requests fail on refused credentials, and health reports it', async () => {
    const errors: unknown[] = [];
    await withBff({ appSecret: 'not-the-secret', onError: (e) => errors.push(e), serviceProbeTtlMs: 60_000 }, async (bff, log) => {
      for (let i = 0; i < 3; i++) assert.equal((await bff.api('/api/merchants')).status, 502);
      const health = await bff.api('/api/health');
      assert.equal(health.status, 503);
      assert.equal(health.body.service, 'credentials_refused');
      assert.equal(log.length, 1, log.join('\n'));
      assert.deepEqual(errors, []);
    });
  });

  it('answers 503 unreachable when nothing listens at the service address', async () => {
    await withBff({ serviceBaseUrl: 'http://127.0.0.1:9', serviceProbeTimeoutMs: 2_000 }, async (bff) => {
      const res = await bff.api('/api/health');
      assert.equal(res.status, 503);
      assert.equal(res.body.service, 'unreachable');
    });
  });
});

describe('the environment', () => {
  it('takes a base URL ending in /v1, as the service samples write it', async () => {
    await withBff(bffConfigFromEnv(env({ SERVICE_BASE_URL: `${sandbox.url}/v1/`, SERVICE_TOKEN: DEFAULT_CREDENTIALS.token })), async (bff) => {
      const merchants = await bff.api('/api/merchants');
      assert.equal(merchants.status, 200, merchants.text);
      assert.ok(merchants.body.merchants.length > 0);
      assert.equal((await bff.api('/api/health')).status, 200);
    });
  });

  it('refuses to start on /v1 twice, naming the value to use', () => {
    assert.throws(() => bffConfigFromEnv(env({ SERVICE_BASE_URL: `${sandbox.url}/v1/v1`, SERVICE_TOKEN: 't' })), (e: Error) => e.message.includes(`use ${sandbox.url}`));
  });

  it('logs in with SERVICE_USERNAME and SERVICE_PASSWORD when no token is set', async () => {
    const config = bffConfigFromEnv(env({ SERVICE_USERNAME: DEFAULT_CREDENTIALS.username, SERVICE_PASSWORD: DEFAULT_CREDENTIALS.password }));
    await withBff(config, async (bff) => {
      assert.equal((await bff.api('/api/merchants')).status, 200);
      assert.equal((await bff.api('/api/health')).body.service, 'ok');
    });
    assert.throws(() => bffConfigFromEnv(env({ SERVICE_USERNAME: DEFAULT_CREDENTIALS.username })), /SERVICE_PASSWORD/);
  });

  it('keeps working past an expiry with SERVICE_REFRESH_TOKEN (from POST /v1/login): the token renews itself', async () => {
    const { refresh_token } = await login();
    await withBff(bffConfigFromEnv(env({ SERVICE_REFRESH_TOKEN: refresh_token })), async (bff) => {
      assert.equal((await bff.api('/api/merchants')).status, 200);
      await expireTokens();
      assert.equal((await bff.api('/api/merchants')).status, 200);
      assert.equal((await bff.api('/api/health')).body.service, 'ok');
    });
  });
});
