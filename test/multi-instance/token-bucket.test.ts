/**
 * The one token bucket behind the rate limiter and the merchant budget: the
 * same takes give the same verdicts in memory and on a real redis-server.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connectRedis, createMemoryRateLimiter, createRedisMerchantBudget, type RedisConnection } from '../../src/bff/index.js';
import { createMemoryMerchantBudget } from '../../src/bff/stores/index.js';
import { createMemoryBuckets } from '../../src/bff/stores/token-bucket.js';
import { createRedisBuckets } from '../../src/bff/stores/redis-token-bucket.js';
import { startRedis, type RedisServer } from './cluster.js';

let server: RedisServer;
let redis: RedisConnection;

before(async () => {
  server = await startRedis();
  redis = connectRedis({ url: server.url });
});
after(async () => {
  await redis?.close();
  await server?.close();
});

describe('the token bucket', () => {
  it('answers the same in memory and on Redis: burst, refill, cost, nothing spent when refused, a clock stepping back', async () => {
    const rule = { burst: 3, perSecond: 2, maxKeys: 100 };
    const memory = createMemoryBuckets<number>(rule);
    const shared = createRedisBuckets<number>(redis, { prefix: 'bucket-test', ...rule });
    // [key, cost, now (ms)]
    const takes: [number, number, number][] = [
      [1, 2, 10_000],
      [1, 1, 10_000],
      [1, 1, 10_000], // empty: 1 token comes in 0.5 s, said as 1 s
      [2, 3, 10_000], // another key has its own bucket
      [1, 3, 10_400], // 0.8 tokens: refused, nothing spent
      [1, 1, 10_500], // 1 token by now
      [1, 2, 9_000], // the clock steps back: nothing refilled, nothing taken back
      [1, 1, 11_000], // 1 token refilled since 10.5 s
    ];
    const inMemory = takes.map(([key, cost, now]) => memory.take(key, cost, now));
    const onRedis = [];
    for (const [key, cost, now] of takes) onRedis.push(await shared.take(key, cost, now));
    assert.deepEqual(inMemory, [
      { ok: true },
      { ok: true },
      { ok: false, retryAfterSeconds: 1 },
      { ok: true },
      { ok: false, retryAfterSeconds: 2 },
      { ok: true },
      { ok: false, retryAfterSeconds: 1 },
      { ok: true },
    ]);
    assert.deepEqual(onRedis, inMemory);
  });

  it('on Redis without a time given, runs on the server clock', async () => {
    const shared = createRedisBuckets<string>(redis, { prefix: 'bucket-clock', burst: 1, perSecond: 0.01, maxKeys: 100 });
    assert.deepEqual(await shared.take('c', 1), { ok: true });
    assert.deepEqual(await shared.take('c', 1), { ok: false, retryAfterSeconds: 100 });
  });

  it('in the in-memory rate limiter, a clock stepping back takes no request away', async () => {
    let t = 1000;
    const limiter = createMemoryRateLimiter({ burst: 2, perSecond: 1, now: () => t });
    assert.deepEqual(await limiter.take('a'), { allowed: true });
    t = 0;
    assert.deepEqual(await limiter.take('a'), { allowed: true });
    assert.deepEqual(await limiter.take('a'), { allowed: false, retryAfterS: 1 });
  });

  it('a merchant budget gives each client its share, the same in memory and on Redis, and two instances on Redis share it (issue 25.9)', async () => {
    const options = { burst: 16, perSecond: 0.001 };
    const memory = createMemoryMerchantBudget(options);
    const [a, b] = [createRedisMerchantBudget(redis, options), createRedisMerchantBudget(redis, options)];
    const now = 50_000;
    /** Six clients asking 3 calls each of merchant 9001, alternately through the two instances; then three others. */
    const takes: [string, number][] = [];
    for (let c = 1; c <= 6; c++) for (let i = 0; i < 3; i++) takes.push([`10.0.0.${c}`, takes.length % 2]);
    for (let c = 7; c <= 9; c++) takes.push([`10.0.0.${c}`, 0]);
    const inMemory = [];
    const onRedis = [];
    for (const [client, instance] of takes) {
      inMemory.push((await memory.take(9001, 1, now, client)).ok);
      onRedis.push((await [a, b][instance]!.take(9001, 1, now, client)).ok);
    }
    // ceil(16 / 8) = 2 calls each for the six; 12 spent, so the other three are served.
    const expected = [...Array.from({ length: 6 }, () => [true, true, false]).flat(), true, true, true];
    assert.deepEqual(inMemory, expected);
    assert.deepEqual(onRedis, expected);
    // Calls for no client (a webhook's follow-up) spend the merchant's bucket only: one left of 16.
    assert.equal((await a.take(9001, 1, now)).ok, true);
    assert.equal((await b.take(9001, 1, now)).ok, false);
  });
});
