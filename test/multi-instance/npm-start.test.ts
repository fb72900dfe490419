/**
 * `npm start` (demo/server.ts) honours REDIS_URL: its BFF keeps its stores
 * on that Redis and says so on GET /api/health, and answers 503 there while
 * Redis is away.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startDemo, type Demo } from '../../demo/server.js';
import { startRedis, type RedisServer } from './cluster.js';
import { until } from '../until.js';

let redis: RedisServer;
let demo: Demo;

before(async () => {
  redis = await startRedis();
  const { SERVICE_BASE_URL: _, ...env } = process.env;
  demo = await startDemo({ port: 0, quiet: true, env: { ...env, REDIS_URL: redis.url } });
});
after(async () => {
  await demo?.close();
  await redis?.close();
});

describe('npm start with REDIS_URL', () => {
  it('keeps the stores on Redis, and reports Redis going away and coming back on GET /api/health', async () => {
    const health = async () => {
      const res = await fetch(new URL('/api/health', demo.url));
      return { status: res.status, body: (await res.json()) as { ok: boolean; stores: string } };
    };
    const up = await health();
    assert.equal(up.status, 200);
    assert.deepEqual([up.body.ok, up.body.stores], [true, 'redis']);
    await redis.stop();
    const down = await health();
    assert.equal(down.status, 503);
    assert.deepEqual([down.body.ok, down.body.stores], [false, 'redis']);
    await redis.start();
    await until(async () => (await health()).status === 200, 'healthy again once Redis is back', 10_000);
    assert.equal((await health()).status, 200);
  });
});
