import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  createRefreshingTokenProvider,
  jwtExpiryMs,
  needsRefresh,
  ServiceError,
  ServiceTimeoutError,
  staticToken,
  type RefreshingTokenOptions,
} from '../../src/contract/index.js';
import { fixture, json, jwt, startServer, type Handler, type TestServer } from './support.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const T0 = Date.UTC(2025, 5, 17, 12, 0, 0);

const servers: TestServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

/** A provider against a local auth server, with a clock the test moves. */
async function setup(handler: Handler, options: Partial<RefreshingTokenOptions> = {}) {
  const server = await startServer(handler);
  servers.push(server);
  const clock = { now: T0 };
  const provider = createRefreshingTokenProvider({
    baseUrl: server.url,
    appId: 10001,
    appSecret: 'app-secret',
    now: () => clock.now,
    ...options,
  });
  return { provider, clock, hits: server.hits };
}

/** Hands out a new token living `lifetimeMs` from the test clock on every refresh. */
const issuing = (clock: () => number, lifetimeMs = 24 * HOUR): Handler => {
  let n = 0;
  return (hit, res) => {
    n++;
    if (hit.path === '/v1/auth/token') return json(res, 200, { token: jwt(clock() + lifetimeMs, `refresh-${n}`) });
    if (hit.path === '/v1/login') return json(res, 200, { id: 1, email: 'owner@example.com', token: jwt(clock() + lifetimeMs, `login-${n}`), refresh_token: 'refresh-from-login' });
    json(res, 404, {});
  };
};

describe('token expiry check', () => {
  // The service's standalone proxy compared `now >= exp + early`: it renewed half an hour AFTER expiry.
  it('renews inside the early window before expiry, not after', () => {
    const exp = T0 + 10 * MIN;
    assert.equal(needsRefresh(exp, T0, 30 * MIN), true, '10 min before expiry with a 30 min window: renew');
    assert.equal(needsRefresh(exp, exp + 5 * MIN, 30 * MIN), true, 'already expired: renew');
    assert.equal(needsRefresh(T0 + 2 * HOUR, T0, 30 * MIN), false, '2 h left: keep');
    assert.equal(needsRefresh(T0 + 30 * MIN, T0, 30 * MIN), true, 'exactly at the edge of the window: renew');
    assert.equal(needsRefresh(undefined, T0, 30 * MIN), false, 'no known expiry: keep until the service refuses it');
  });

  it('reads exp from a JWT and nothing from other strings', () => {
    assert.equal(jwtExpiryMs(jwt(T0 + HOUR)), T0 + HOUR);
    assert.equal(jwtExpiryMs('sandbox-token'), undefined);
    assert.equal(jwtExpiryMs('a.!!!.c'), undefined);
    assert.equal(jwtExpiryMs(`x.${Buffer.from('{"sub":1}').toString('base64url')}.y`), undefined);
  });
});

describe('refreshing token provider', () => {
  it('keeps a token with hours left and renews it once inside the early window', async () => {
    const start = jwt(T0 + 2 * HOUR);
    const { provider, clock, hits } = await setup(issuing(() => clock.now), { refreshToken: 'refresh-0', token: start });
    assert.equal(await provider.getToken(), start);
    assert.equal(hits.length, 0);

    clock.now = T0 + 2 * HOUR - 29 * MIN;
    const renewed = await provider.getToken();
    assert.notEqual(renewed, start);
    assert.equal(hits.length, 1);
    assert.equal(hits[0]!.method, 'GET');
    assert.equal(hits[0]!.path, '/v1/auth/token');
    assert.equal(hits[0]!.headers['x-service-token'], 'refresh-0');
    assert.equal(hits[0]!.headers['x-service-app-id'], '10001');
    assert.equal(hits[0]!.headers['x-service-app-secret'], 'app-secret');

    assert.equal(await provider.getToken(), renewed);
    assert.equal(hits.length, 1);
  });

  it('renews a token ten minutes from expiry before using it', async () => {
    const { provider, clock, hits } = await setup(issuing(() => clock.now), { refreshToken: 'r', token: jwt(T0 + 10 * MIN) });
    const token = await provider.getToken();
    assert.equal(hits.length, 1);
    assert.equal(jwtExpiryMs(token), T0 + 24 * HOUR);
  });

  it('honours a custom early window', async () => {
    const { provider, hits } = await setup(issuing(() => T0), { refreshToken: 'r', token: jwt(T0 + 10 * MIN), refreshEarlyMs: 5 * MIN });
    await provider.getToken();
    assert.equal(hits.length, 0);
  });

  it('logs in when it has no refresh token, then renews with the one login returned', async () => {
    const { provider, clock, hits } = await setup(issuing(() => clock.now), { username: 'owner@example.com', password: 'pw' });
    const first = await provider.getToken();
    assert.equal(jwtExpiryMs(first), T0 + 24 * HOUR);
    assert.equal(hits[0]!.method, 'POST');
    assert.equal(hits[0]!.path, '/v1/login');
    assert.deepEqual(hits[0]!.body, { username: 'owner@example.com', password: 'pw' });
    assert.equal(hits[0]!.headers['x-service-token'], undefined);

    clock.now = T0 + 24 * HOUR - 10 * MIN;
    await provider.getToken();
    assert.equal(hits[1]!.path, '/v1/auth/token');
    assert.equal(hits[1]!.headers['x-service-token'], 'refresh-from-login');
  });

  it('falls back to login when the refresh token is refused', async () => {
    const { provider, clock, hits } = await setup(
      (hit, res) =>
        hit.path === '/v1/auth/token'
          ? json(res, 401, { status: 401, message: 'Refresh token has expired', error_code: 11, timestamp: 1 })
          : issuing(() => clock.now)(hit, res, 0),
      { refreshToken: 'stale', username: 'owner@example.com', password: 'pw' },
    );
    await provider.getToken();
    assert.deepEqual(hits.map((h) => h.path), ['/v1/auth/token', '/v1/login']);
  });

  it('reports a refused refresh as a ServiceError when it cannot log in', async () => {
    const { provider } = await setup((_hit, res) => json(res, 401, fixture('error-auth')), { refreshToken: 'stale' });
    const err = await provider.getToken().catch((e) => e);
    assert.ok(err instanceof ServiceError);
    assert.equal(err.code, 11);
    assert.equal(err.path, '/v1/auth/token');
  });

  it('runs one renewal however many calls wait for it', async () => {
    const { provider, clock, hits } = await setup(
      async (hit, res) => {
        await new Promise((r) => setTimeout(r, 30));
        issuing(() => clock.now)(hit, res, 0);
      },
      { refreshToken: 'r' },
    );
    const tokens = await Promise.all(Array.from({ length: 5 }, () => provider.getToken()));
    assert.equal(hits.length, 1);
    assert.equal(new Set(tokens).size, 1);
  });

  it('lets one caller give up without cancelling the shared renewal', async () => {
    const { provider, clock, hits } = await setup(
      async (hit, res) => {
        await new Promise((r) => setTimeout(r, 50));
        issuing(() => clock.now)(hit, res, 0);
      },
      { refreshToken: 'r' },
    );
    const controller = new AbortController();
    const impatient = provider.getToken(controller.signal);
    const patient = provider.getToken();
    controller.abort();
    assert.equal((await impatient.catch((e) => e)).name, 'AbortError');
    assert.ok(jwtExpiryMs(await patient));
    assert.equal(hits.length, 1);
  });

  it('renews after invalidate() even when the token looked fresh', async () => {
    const start = jwt(T0 + 20 * HOUR);
    const { provider, clock, hits } = await setup(issuing(() => clock.now), { refreshToken: 'r', token: start });
    assert.equal(await provider.getToken(), start);
    provider.invalidate!();
    assert.notEqual(await provider.getToken(), start);
    assert.equal(hits.length, 1);
  });

  it('gives up on a hung auth server and tries again on the next call', async () => {
    // The first renewal never gets an answer; the second is answered at once.
    const { provider, clock, hits } = await setup(
      (hit, res, i) => {
        if (i > 0) issuing(() => clock.now)(hit, res, 0);
      },
      { refreshToken: 'r', timeoutMs: 400 },
    );
    const err = await provider.getToken().catch((e) => e);
    assert.ok(err instanceof ServiceTimeoutError);
    assert.equal(err.path, '/v1/auth/token');
    assert.ok(jwtExpiryMs(await provider.getToken()));
    assert.equal(hits.length, 2);
  });

  it('needs a refresh token or a login', () => {
    assert.throws(() => createRefreshingTokenProvider({ baseUrl: 'http://x', appId: 1, appSecret: 's' }), /refreshToken or a username/);
  });

  it('a static token is handed out as given', async () => {
    assert.equal(await staticToken('sandbox-token').getToken(), 'sandbox-token');
  });
});
