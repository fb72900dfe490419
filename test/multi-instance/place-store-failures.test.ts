/**
 * Issue 25.2 — after the service may have created an order, nothing is given
 * back on a store error. Against a real redis-server, with the sandbox's
 * timing control holding the order's creation so each failure lands exactly
 * while the order is being made:
 * - Redis refuses writes (`CLIENT PAUSE 4000 WRITE`) while the order is created;
 * - Redis is full (`maxmemory` under `noeviction`, as docs/deploy.md advises);
 * - Redis restarts empty while the attempt is pending.
 * Each ends with exactly one order, in both modes, and every answer on the way is honest:
 * placed (the same order), "still placing", or "briefly unavailable" with
 * nothing sent. A Redis full before the place refuses it: nothing sent.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '@redis/client';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { place, readyQuote, startBff, type Answer } from '../hostile/harness.js';
import { until } from '../until.js';
import { startRedis, type RedisServer } from './cluster.js';

const CREDENTIALS = { 'x-service-app-id': '10001', 'x-service-app-secret': 'sandbox-secret', 'x-service-token': 'sandbox-token' };

let redis: RedisServer;
let sandbox: Sandbox;
let bff: Awaited<ReturnType<typeof startBff>>;
let admin: ReturnType<typeof createClient>;

async function control(path: string, json?: unknown) {
  const res = await fetch(sandbox.url + path, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { ...CREDENTIALS, 'content-type': 'application/json' },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  assert.ok(res.ok, `${path}: ${res.status}`);
  return res.json() as Promise<any>;
}

const connectAdmin = async () => {
  admin = createClient({ url: redis.url });
  admin.on('error', () => {});
  await admin.connect();
};

before(async () => {
  redis = await startRedis();
  sandbox = await startSandbox({ port: 0 });
  bff = await startBff(sandbox.url, {
    redisUrl: redis.url,
    upstreamTimeoutMs: 1_500,
    idempotencyLeaseMs: 1_000,
    idempotencyWaitMs: 300,
    placeUnknownWindowMs: 60_000,
  });
  await connectAdmin();
});
after(async () => {
  await admin?.close().catch(() => {});
  await bff?.close();
  await sandbox?.close();
  await redis?.close();
});
beforeEach(async () => {
  await control('/__sandbox/reset', {});
  await admin.configSet({ maxmemory: '0' });
});

const placedOrders = async () => (await control('/__sandbox/orders')).filter((o: any) => o.status !== 'IN_PROGRESS');

/** Holds the next order's creation at the service (a direct order, or a cart's submit); `reached` once the BFF's submit waits there. */
async function holdOrderCreation(mode: 'direct' | 'cart') {
  await control('/__sandbox/timing', { at: mode === 'cart' ? 'cart_submit' : 'order_create' });
  return {
    reached: () => until(async () => (await control('/__sandbox/timing')).holds.some((h: any) => h.waiting > 0), 'the submit to reach the service'),
    release: () => control('/__sandbox/timing/release', {}),
  };
}

/** Resends the attempt until it is settled (neither "still placing" nor "briefly unavailable"); every answer on the way is one of those. */
async function resendUntilSettled(token: string, key: string): Promise<Answer> {
  let last!: Answer;
  await until(
    async () => {
      last = await place(bff, token, key);
      assert.ok([201, 202, 503].includes(last.status), last.text);
      return last.status === 201;
    },
    'the attempt to settle',
    20_000,
  );
  return last;
}

const honest = (a: Answer) => a.status === 201 || a.status === 202 || (a.status === 503 && a.body.error.code === 'upstream_unavailable');

for (const mode of ['direct', 'cart'] as const) describe(`the place path when Redis fails (${mode} mode)`, () => {
  it('CLIENT PAUSE WRITE while the order is created: the order is kept, never placed twice', async () => {
    const q = await readyQuote(bff, [1001], { mode });
    const hold = await holdOrderCreation(mode);
    const placing = place(bff, q.quote_token, `paused-1-${mode}`);
    await hold.reached();
    await admin.sendCommand(['CLIENT', 'PAUSE', '4000', 'WRITE']);
    await hold.release();
    const first = await placing;
    assert.ok(honest(first), first.text);
    const last = await resendUntilSettled(q.quote_token, `paused-1-${mode}`);
    if (first.status === 201) assert.equal(last.body.order.id, first.body.order.id);
    assert.equal((await placedOrders()).length, 1);
  });

  it('Redis full (noeviction) while the order is created: the order is kept, never placed twice', async () => {
    const q = await readyQuote(bff, [1001], { mode });
    const hold = await holdOrderCreation(mode);
    const placing = place(bff, q.quote_token, `full-while-1-${mode}`);
    await Promise.race([hold.reached(), placing.then((a) => assert.fail(`answered before the hold: ${a.status} ${a.text}`))]);
    await admin.configSet({ 'maxmemory-policy': 'noeviction', maxmemory: '1' });
    await hold.release();
    const first = await placing;
    assert.ok(honest(first), first.text);
    // Still full: the resend is refused before anything is sent (nothing more reaches the service).
    const whileFull = await place(bff, q.quote_token, `full-while-1-${mode}`);
    assert.ok(honest(whileFull), whileFull.text);
    await admin.configSet({ maxmemory: '0' });
    const last = await resendUntilSettled(q.quote_token, `full-while-1-${mode}`);
    if (first.status === 201) assert.equal(last.body.order.id, first.body.order.id);
    assert.equal((await placedOrders()).length, 1);
  });

  it('Redis full before the place: refused (503), nothing sent', async () => {
    const q = await readyQuote(bff, [1001], { mode });
    await admin.configSet({ 'maxmemory-policy': 'noeviction', maxmemory: '1' });
    const calls = bff.upstream.length;
    const res = await place(bff, q.quote_token, `full-before-1-${mode}`);
    assert.equal(res.status, 503, res.text);
    assert.equal(res.body.error.code, 'upstream_unavailable');
    assert.ok(!bff.upstream.slice(calls).some((c) => c === 'POST /v1/orders' || c.endsWith('/submit')), 'nothing submitted');
    await admin.configSet({ maxmemory: '0' });
    assert.equal((await placedOrders()).length, 0);
  });

  it('Redis restarted empty while the attempt is pending: reconciled before any second submit', async () => {
    const q = await readyQuote(bff, [1001], { mode });
    const hold = await holdOrderCreation(mode);
    const first = await place(bff, q.quote_token, `restart-1-${mode}`);
    assert.equal(first.status, 202, first.text);
    await admin.close().catch(() => {});
    await redis.stop();
    await redis.start();
    await connectAdmin();
    assert.equal(await admin.dbSize(), 0, 'Redis came back empty');
    // The resend finds no record: its quote is older than the store's records, so it is reconciled, not sent.
    let resend!: Answer;
    await until(async () => (resend = await place(bff, q.quote_token, `restart-1-${mode}`)).status !== 503, 'the BFF to reconnect', 10_000);
    assert.equal(resend.status, 202, resend.text);
    await hold.release();
    const last = await resendUntilSettled(q.quote_token, `restart-1-${mode}`);
    assert.equal(last.status, 201);
    assert.equal((await placedOrders()).length, 1);
  });
});

describe('the quote a placed attempt could not record (direct mode)', () => {
  it('stays taken after the unknown window: another key of the same quote is quote_used, not a second order', async () => {
    // The quote's hold outlives the unknown window (1 s here): only a settled attempt frees it.
    const short = await startBff(sandbox.url, { redisUrl: redis.url, placeUnknownWindowMs: 1_000, idempotencyLeaseMs: 1_000 });
    try {
      const q = await readyQuote(short, [1001]);
      const hold = await holdOrderCreation('direct');
      const placing = place(short, q.quote_token, 'unrecorded-1');
      await hold.reached();
      await admin.configSet({ 'maxmemory-policy': 'noeviction', maxmemory: '1' });
      await hold.release();
      const first = await placing;
      assert.equal(first.status, 201, first.text);
      await admin.configSet({ maxmemory: '0' });
      const windowEnds = Date.now() + 1_500;
      await until(() => Date.now() > windowEnds, 'the unknown window to pass', 5_000);
      const back = await place(short, q.quote_token, 'unrecorded-2');
      assert.equal(back.status, 409, back.text);
      assert.equal(back.body.error.code, 'quote_used');
      assert.equal((await placedOrders()).length, 1);
    } finally {
      await short.close();
    }
  });
});
