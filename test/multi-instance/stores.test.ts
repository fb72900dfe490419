/**
 * Each Redis store against a real redis-server, with two connections
 * standing for two instances: what one does, the other sees.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  connectRedis,
  createRedisEventBus,
  createRedisIdempotencyStore,
  createRedisMerchantBudget,
  createRedisOffersCache,
  createRedisRateLimiter,
  createRedisWebhookLedger,
  BAG_HISTORY_LENGTH,
  StoreUnavailableError,
  type RedisConnection,
} from '../../src/bff/index.js';
import { startRedis, type RedisServer } from './cluster.js';
import { until } from '../until.js';

let server: RedisServer;
let a: RedisConnection;
let b: RedisConnection;

before(async () => {
  server = await startRedis();
  a = connectRedis({ url: server.url });
  b = connectRedis({ url: server.url });
});
after(async () => {
  await a?.close();
  await b?.close();
  await server?.close();
});

const pending = (fingerprint: string, leaseMs: number) => ({ state: 'pending' as const, fingerprint, leaseUntil: Date.now() + leaseMs });

describe('the idempotency store on Redis', () => {
  it('lets exactly one of many concurrent claims on two connections take a key', async () => {
    const stores = [createRedisIdempotencyStore(a), createRedisIdempotencyStore(b)];
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => stores[i % 2]!.claim('idem:race-1', pending('f1', 10_000), 60_000)));
    assert.equal(claims.filter((c) => c.claimed).length, 1);
    for (const c of claims) if (!c.claimed) assert.equal(c.current.state, 'pending');
  });

  it('hands a key whose lease has passed to the next claim, with the old record to reconcile', async () => {
    const [sa, sb] = [createRedisIdempotencyStore(a), createRedisIdempotencyStore(b)];
    const first = await sa.claim('idem:lease-1', pending('f1', -1), 60_000);
    assert.equal(first.claimed, true);
    assert.equal(first.claimed && first.previous, undefined);
    const next = await sb.claim('idem:lease-1', pending('f1', 10_000), 60_000);
    assert.equal(next.claimed, true);
    assert.equal(next.claimed && next.previous?.state, 'pending');
  });

  it('answers every claim with when its records begin, renewed by the first claim after Redis was emptied', async () => {
    const [sa, sb] = [createRedisIdempotencyStore(a), createRedisIdempotencyStore(b)];
    const before = await sa.claim('idem:since-1', pending('f1', 10_000), 60_000);
    assert.ok(before.claimed && typeof before.recordsSince === 'number');
    await a.run((c) => c.flushAll());
    const after = Date.now();
    const next = await sb.claim('idem:since-1', pending('f1', 10_000), 60_000);
    assert.equal(next.claimed && next.previous, undefined, 'the record went with the flush');
    assert.ok(next.claimed && next.recordsSince! >= after, 'the records now begin after the flush');
  });

  it('dates its records from when the store is made, not from when Redis first answered it', async () => {
    // A store made before its Redis answers (an instance starting beside a Redis still starting): quotes the instance
    // issues meanwhile are not older than its records, or their first places would wait out the unknown window.
    const slow = await startRedis();
    await slow.stop();
    const made = Date.now();
    const conn = connectRedis({ url: slow.url, commandTimeoutMs: 20_000 });
    try {
      const store = createRedisIdempotencyStore(conn);
      await new Promise((r) => setTimeout(r, 500));
      await slow.start();
      await until(async () => (await conn.run((c) => c.get('tote:idem-records-since'))) !== null, 'the marker written', 20_000);
      const claim = await store.claim('idem:since-2', pending('f1', 10_000), 60_000);
      assert.ok(claim.claimed, 'claimed');
      assert.ok(claim.recordsSince! - made < 400, `the records begin ${claim.recordsSince! - made} ms after the store was made`);
    } finally {
      await conn.close();
      await slow.close();
    }
  });

  it('renews a claim only for its holder, and only while it is pending', async () => {
    const [sa, sb] = [createRedisIdempotencyStore(a), createRedisIdempotencyStore(b)];
    const held = pending('f1', 10_000);
    assert.equal((await sa.claim('idem:renew-1', held, 60_000)).claimed, true);
    assert.equal(await sb.renew('idem:renew-1', { ...held, leaseUntil: held.leaseUntil - 1 }, held.leaseUntil + 5000, 60_000), false);
    assert.equal(await sb.renew('idem:renew-1', { ...held, fingerprint: 'f2' }, held.leaseUntil + 5000, 60_000), false);
    assert.equal(await sa.renew('idem:renew-1', held, held.leaseUntil + 5000, 60_000), true);
    assert.deepEqual(await sb.get('idem:renew-1'), { ...held, leaseUntil: held.leaseUntil + 5000 });
    await sa.set('idem:renew-1', { state: 'done', fingerprint: 'f1', status: 201, body: {} }, 60_000);
    assert.equal(await sa.renew('idem:renew-1', { ...held, leaseUntil: held.leaseUntil + 5000 }, held.leaseUntil + 9000, 60_000), false);
    assert.equal((await sb.get('idem:renew-1'))?.state, 'done');
  });

  it('replays a done record, refuses another fingerprint, and frees a deleted key', async () => {
    const [sa, sb] = [createRedisIdempotencyStore(a), createRedisIdempotencyStore(b)];
    await sa.set('idem:done-1', { state: 'done', fingerprint: 'f1', status: 201, body: { order: { id: 7 } } }, 60_000);
    const again = await sb.claim('idem:done-1', pending('f1', 10_000), 60_000);
    assert.deepEqual(again, { claimed: false, current: { state: 'done', fingerprint: 'f1', status: 201, body: { order: { id: 7 } } } });
    const other = await sb.claim('idem:done-1', pending('f2', 10_000), 60_000);
    assert.equal(other.claimed, false);
    await sa.delete('idem:done-1');
    assert.equal(await sb.get('idem:done-1'), undefined);
    assert.equal((await sb.claim('idem:done-1', pending('f2', 10_000), 60_000)).claimed, true);
  });
});

describe('the offers cache on Redis', () => {
  const page = (name: string) => ({ offers: [{ id: 1, name } as any], next_cursor: null });

  it('serves a page stored by one instance to the other until either invalidates the merchant', async () => {
    const [ca, cb] = [createRedisOffersCache(a), createRedisOffersCache(b)];
    await ca.set(1001, '20|', page('first'), await ca.version(1001));
    assert.equal((await cb.get(1001, '20|'))?.offers[0]?.name, 'first');
    await cb.invalidate(1001);
    assert.equal(await ca.get(1001, '20|'), undefined);
  });

  it('drops a page fetched before an invalidation or a clear (a stale page never lands)', async () => {
    const [ca, cb] = [createRedisOffersCache(a), createRedisOffersCache(b)];
    const before = await ca.version(1002);
    await cb.invalidate(1002);
    await ca.set(1002, '20|', page('stale'), before);
    assert.equal(await cb.get(1002, '20|'), undefined);
    const beforeClear = await ca.version(1003);
    await cb.clear();
    await ca.set(1003, '20|', page('stale'), beforeClear);
    assert.equal(await cb.get(1003, '20|'), undefined);
    await ca.set(1003, '20|', page('fresh'), await ca.version(1003));
    assert.equal((await cb.get(1003, '20|'))?.offers[0]?.name, 'fresh');
  });
});

describe('the webhook ledger on Redis', () => {
  it('lets one of two instances apply a delivery, and moves a bag only forward', async () => {
    const [la, lb] = [createRedisWebhookLedger(a), createRedisWebhookLedger(b)];
    const firsts = await Promise.all([la.firstDelivery('evt-1'), lb.firstDelivery('evt-1'), la.firstDelivery('evt-1')]);
    assert.deepEqual(firsts.filter(Boolean).length, 1);
    assert.equal(await la.advanceBag('9:1', 200), true);
    assert.equal(await lb.advanceBag('9:1', 100), false);
    assert.equal(await lb.advanceBag('9:1', 200), false);
    assert.equal(await lb.advanceBag('9:1', 300), true);
  });

  it('keeps per bag the newest received events for both instances, once per event id, in a capped list that expires', async () => {
    const [la, lb] = [createRedisWebhookLedger(a, { bagTtlMs: 60_000 }), createRedisWebhookLedger(b, { bagTtlMs: 60_000 })];
    const entry = (n: number) => ({
      event_id: `evt-h-${n}`,
      topic: 'ORDER_UPDATED',
      status: 'ACCEPTED',
      financial_status: 'PAID',
      fulfillment_status: n % 2 ? 'SHIPPED' : null,
      received_at: new Date(1_700_000_000_000 + n * 1000).toISOString(),
    });
    assert.deepEqual(await lb.orderHistory(77), []);
    for (let n = 1; n <= BAG_HISTORY_LENGTH + 5; n++) await (n % 2 ? la : lb).recordBagEvent(77, 2, entry(n));
    await lb.recordBagEvent(77, 1, entry(1));
    // The redelivery of an event whose applying failed half-way records it again: it is listed once, where it first came.
    await la.recordBagEvent(77, 1, { ...entry(1), received_at: new Date(1_800_000_000_000).toISOString() });
    const history = await lb.orderHistory(77);
    assert.deepEqual(history.map((h) => h.bag_id), [1, 2]);
    assert.deepEqual(history[0]!.history, [entry(1)]);
    const kept = history[1]!.history;
    assert.equal(kept.length, BAG_HISTORY_LENGTH, 'capped');
    assert.deepEqual(kept[0], entry(BAG_HISTORY_LENGTH + 5), 'newest first');
    assert.equal(kept.at(-1)!.event_id, 'evt-h-6', 'the oldest dropped');
    const ttl = await a.run((c) => c.pTTL(a.key('webhook:history:77:2')));
    assert.ok(ttl > 0 && ttl <= 60_000, `expires (${ttl} ms left)`);
    assert.ok((await a.run((c) => c.pTTL(a.key('webhook:history-bags:77')))) > 0);
    // An entry another version wrote in another shape is left out, not an error.
    await a.run((c) => c.lPush(a.key('webhook:history:77:1'), '{"event_id":"x","shopper":"ada@example.com"}'));
    assert.deepEqual((await la.orderHistory(77))[0]!.history, [entry(1)]);
  });
});

describe('the rate limiter on Redis', () => {
  it('gives a client one bucket across instances', async () => {
    const [ra, rb] = [createRedisRateLimiter(a, { burst: 4, perSecond: 0.01 }), createRedisRateLimiter(b, { burst: 4, perSecond: 0.01 })];
    const verdicts = [];
    for (let i = 0; i < 6; i++) verdicts.push(await (i % 2 ? rb : ra).take('client-1'));
    assert.deepEqual(verdicts.map((v) => v.allowed), [true, true, true, true, false, false]);
    const refused = verdicts[4]!;
    assert.ok(!refused.allowed && refused.retryAfterS >= 1);
    assert.equal((await rb.take('client-2')).allowed, true);
  });
});

describe('the per-merchant budget on Redis', () => {
  it('gives a merchant one bucket across instances, refilled by the time given', async () => {
    const [ba, bb] = [createRedisMerchantBudget(a, { burst: 3, perSecond: 1 }), createRedisMerchantBudget(b, { burst: 3, perSecond: 1 })];
    const t = 1_000_000;
    assert.deepEqual(await ba.take(1001, 2, t), { ok: true });
    assert.deepEqual(await bb.take(1001, 1, t), { ok: true });
    assert.deepEqual(await bb.take(1001, 2, t), { ok: false, retryAfterSeconds: 2 });
    assert.deepEqual(await ba.take(1002, 3, t), { ok: true });
    assert.deepEqual(await ba.take(1001, 1, t + 1000), { ok: true });
    // A clock that steps back refills nothing.
    assert.equal((await bb.take(1001, 1, t)).ok, false);
  });
});

describe('the event bus on Redis', () => {
  it('delivers what one instance publishes to the listeners of both, once each, and stops after unsubscribe', async () => {
    const [ba, bb] = [createRedisEventBus(a), createRedisEventBus(b)];
    const got: string[] = [];
    const offA = ba.subscribe('order:1', (m) => got.push(`a:${(m as any).n}`));
    const offB = bb.subscribe('order:1', (m) => got.push(`b:${(m as any).n}`));
    await Promise.all([ba.ready(), bb.ready()]);
    await ba.publish('order:1', { n: 1 });
    await bb.publish('order:1', { n: 2 });
    await until(() => got.length >= 4, 'both instances hear both messages');
    assert.deepEqual(got.sort(), ['a:1', 'a:2', 'b:1', 'b:2']);
    offB();
    await bb.ready();
    await ba.publish('order:1', { n: 3 });
    await until(() => got.length >= 5, 'the instance still subscribed hears the third');
    offA();
    assert.deepEqual(got.sort(), ['a:1', 'a:2', 'a:3', 'b:1', 'b:2']);
  });
});

describe('a Redis that goes away', () => {
  it('makes commands fail fast with StoreUnavailableError, and works again once it is back', async () => {
    const store = createRedisIdempotencyStore(a);
    const cache = createRedisOffersCache(a);
    const limiter = createRedisRateLimiter(a, { burst: 2, perSecond: 0.01 });
    const budget = createRedisMerchantBudget(a, { burst: 1, perSecond: 0.01 });
    await cache.set(1005, '20|', { offers: [], next_cursor: null }, await cache.version(1005));
    await server.stop();
    await assert.rejects(store.get('idem:any'), StoreUnavailableError);
    assert.equal(await a.ping(), false);
    // The cache misses (reads go to the service) and keeps nothing; invalidating fails, so the webhook is delivered again.
    assert.equal(await cache.get(1005, '20|'), undefined);
    await cache.set(1005, '20|', { offers: [], next_cursor: null }, await cache.version(1005));
    await assert.rejects(cache.invalidate(1005), StoreUnavailableError);
    // Shoppers are still limited, by this instance's own bucket.
    const verdicts = [await limiter.take('c'), await limiter.take('c'), await limiter.take('c')];
    assert.deepEqual(verdicts.map((v) => v.allowed), [true, true, false]);
    // So are merchants' platforms.
    assert.deepEqual([(await budget.take(1001, 1, Date.now())).ok, (await budget.take(1001, 1, Date.now())).ok], [true, false]);
    await server.start();
    await until(() => a.ping(), 'Redis answers again', 10_000);
    assert.equal(await store.get('idem:any'), undefined);
  });
});
