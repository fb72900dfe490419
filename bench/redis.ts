/**
 * Several BFF instances on one Redis (issue 19), beside one instance in
 * memory, same sandbox, same run: placements per second through a
 * round-robin proxy, the latency Redis adds to one place, the delivery of
 * a webhook received by instance A to an order stream open on instance B,
 * and what Redis holds (INFO memory) per 1,000 carts, placed orders and
 * streams. Each BFF runs in its own process (test/multi-instance/cluster.ts).
 */
import { createHmac } from 'node:crypto';
import {
  connectRedis,
  createRedisEventBus,
  createRedisIdempotencyStore,
  createRedisRateLimiter,
  type RedisConnection,
} from '../src/bff/index.js';
import { DEFAULT_CREDENTIALS } from '../src/sandbox/index.js';
import { startCluster, startInstance, startRoundRobin, type Cluster } from '../test/multi-instance/cluster.js';
import { figure, type Figure } from './stats.js';

const SECTION = 'Several instances on Redis (two processes + round-robin proxy)';
const RUNS = 3;
/** Places per throughput run, and how many are in flight at once (bounded by the sandbox merchant's rate limit). */
const PLACES = 30;
const CONCURRENCY = 6;
/** Places one after another, per instance, for the latency Redis adds. */
const SEQUENTIAL = 25;
const EVENTS = 20;

const ADDRESS = { first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US', email: 'ada@example.com' };
const CUSTOMER = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };
const PAY = { payment_provider: 'SANDBOX', token: 'tok_sandbox_visa', type: 'SINGLE_USE_CARD_TOKEN' };

async function call(url: string, init: { json?: unknown; headers?: Record<string, string> } = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(url, {
    method: init.json === undefined ? 'GET' : 'POST',
    headers: { ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
  });
  return { status: res.status, body: await res.json() };
}

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

let keyN = 0;
const newKey = () => `bench-redis-${process.pid}-${++keyN}`;

/**
 * Place bodies for one SKU of merchant 1001 with stock for every place of a run, one quote each: a quote
 * makes one order (a second key for it is refused), so each placement places its own quote. The quotes
 * are asked for before the clock starts.
 */
/**
 * A ready quote for one unit of `skuId`. Asking for many quotes at once meets the sandbox merchant's own rate
 * limit: the quote then names the shop busy (`merchant_busy`, `retry_after`) at once rather than waiting it out
 * (issue 25.6), and is asked again after that wait, as the widget does.
 */
async function readyQuote(base: string, skuId: number) {
  for (let tries = 0; tries < 20; tries++) {
    const q = await call(`${base}/api/checkout/quote`, { json: { mode: 'direct', lines: [{ sku_id: skuId, quantity: 1 }], customer: CUSTOMER, shipping_address: ADDRESS } });
    if (q.status === 200 && q.body.ready) return q;
    const busy = q.status === 200 && q.body.bags.flatMap((b: any) => b.problems).find((p: any) => p.code === 'merchant_busy');
    if (!busy) throw new Error(`quote → ${q.status} ${JSON.stringify(q.body)}`);
    await new Promise((r) => setTimeout(r, (busy.retry_after ?? 1) * 1000));
  }
  throw new Error('merchant 1001 stayed busy for 20 quotes');
}

async function placeBodies(base: string, n: number) {
  const { body: listed } = await call(`${base}/api/offers?merchant_id=1001&size=50`);
  const sku = listed.offers.flatMap((o: any) => o.skus).find((s: any) => s.in_stock !== false && (s.qty_available ?? 0) >= PLACES + SEQUENTIAL);
  if (!sku) throw new Error('no SKU of merchant 1001 with enough stock');
  const bodies: { quote_token: string; payment: typeof PAY }[] = [];
  for (let i = 0; i < n; i++) {
    const q = await readyQuote(base, sku.id);
    bodies.push({ quote_token: q.body.quote_token as string, payment: PAY });
  }
  return bodies;
}

/**
 * One placement, timed until placed. A busy merchant (429 `merchant_busy`: known not placed, issue 25.6) is
 * waited out and the same attempt sent again with its key, as the widget does; the wait counts in the time.
 */
async function placeOnce(base: string, body: object): Promise<number> {
  const began = performance.now();
  const key = newKey();
  for (let tries = 0; tries < 20; tries++) {
    const res = await call(`${base}/api/checkout/place`, { json: body, headers: { 'idempotency-key': key } });
    if (res.status === 201) return performance.now() - began;
    if (res.status !== 429) throw new Error(`place → ${res.status} ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, (res.body.error?.retry_after ?? 1) * 1000));
  }
  throw new Error('merchant 1001 stayed busy for 20 places');
}

/** `PLACES` placements, `CONCURRENCY` at a time: placements per second. */
async function throughput(base: string): Promise<number> {
  const bodies = await placeBodies(base, PLACES);
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < PLACES) await placeOnce(base, bodies[next++]!);
    }),
  );
  return PLACES / ((performance.now() - began) / 1000);
}

/** Latencies of `SEQUENTIAL` placements one after another. */
async function sequential(base: string): Promise<number[]> {
  const bodies = await placeBodies(base, SEQUENTIAL);
  const out: number[] = [];
  for (const body of bodies) out.push(await placeOnce(base, body));
  return out;
}

/** Bag states in rising order, so that each crafted webhook moves the bag forward (the ledger drops the rest). */
const RISING = ['PROCESSING', 'PARTIALLY_SHIPPED', 'SHIPPED', 'DELIVERED'].flatMap((fulfillment_status) =>
  ['UNPAID', 'PENDING', 'AUTHORIZED', 'PARTIALLY_PAID', 'PAID'].map((financial_status) => ({ status: 'ACCEPTED', fulfillment_status, financial_status })),
);

/** Webhook on A → `event: bag` on a stream open on B, one at a time: milliseconds each. */
async function eventLatencies(cluster: Cluster, order: any, access: string): Promise<number[]> {
  const [A, B] = cluster.instances.map((x) => x.url) as [string, string];
  const aborter = new AbortController();
  const res = await fetch(`${B}/api/orders/${order.id}/events?access=${encodeURIComponent(access)}`, { signal: aborter.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (event: string) => {
    for (;;) {
      const frame = new RegExp(`event: ${event}\\ndata: .*\\n\\n`).exec(buffer);
      if (frame) {
        buffer = buffer.slice(frame.index + frame[0].length);
        return;
      }
      const { done, value } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  try {
    await next('order');
    const out: number[] = [];
    for (const [i, state] of RISING.slice(0, EVENTS).entries()) {
      const raw = JSON.stringify({ ...order, bags: order.bags.map((b: any) => ({ ...b, ...state })) });
      const began = performance.now();
      const posted = await fetch(`${A}/api/webhooks`, {
        method: 'POST',
        body: raw,
        headers: {
          'content-type': 'application/json',
          'x-service-hmac': createHmac('sha256', DEFAULT_CREDENTIALS.appSecret).update(raw).digest('base64'),
          'x-service-topic': 'ORDER_UPDATED',
          'x-service-event-id': `bench-${process.pid}-${order.id}-${i}`,
        },
      });
      if (!posted.ok) throw new Error(`webhook → ${posted.status} ${await posted.text()}`);
      await next('bag');
      out.push(performance.now() - began);
    }
    return out;
  } finally {
    aborter.abort();
  }
}

/**
 * What Redis adds to one place, without the sandbox's noise: the store work
 * a place does on Redis (claim the key, then keep the answer), timed in
 * this process against the same redis-server, one place after another.
 */
async function storeWorkPerPlace(url: string, placedAnswer: unknown, run: number): Promise<number[]> {
  const redis = connectRedis({ url, keyPrefix: 'bench-place:' });
  const store = createRedisIdempotencyStore(redis);
  try {
    const out: number[] = [];
    for (let i = 0; i < 500; i++) {
      const key = `idem:${process.pid}-${run}-${i}`;
      const began = performance.now();
      const claim = await store.claim(key, { state: 'pending', fingerprint: 'f', leaseUntil: Date.now() + 60_000 }, 24 * 3600_000);
      if (!claim.claimed) throw new Error('claim refused');
      await store.set(key, { state: 'done', fingerprint: 'f', status: 201, body: placedAnswer }, 24 * 3600_000);
      out.push(performance.now() - began);
    }
    return out;
  } finally {
    await redis.close();
  }
}

const usedMemory = async (redis: RedisConnection) => {
  const info = await redis.run((c) => c.info('memory'));
  return Number(/used_memory:(\d+)/.exec(info)![1]);
};

/** Bytes Redis holds per 1,000 of each thing the BFF puts there, from `INFO memory` before and after. */
async function memoryPer1000(url: string, placedAnswer: unknown): Promise<Figure[]> {
  const redis = connectRedis({ url, keyPrefix: 'bench-memory:' });
  const sub = connectRedis({ url, keyPrefix: 'bench-memory:' });
  try {
    const measure = async (fill: () => Promise<void>) => {
      const before = await usedMemory(redis);
      await fill();
      return (await usedMemory(redis)) - before;
    };
    const limiter = createRedisRateLimiter(redis);
    // An open cart costs the rate-limit bucket of its shopper: carts live at the service, quotes are signed tokens.
    const carts = await measure(async () => {
      for (let i = 0; i < 1000; i++) await limiter.take(`203.0.113.${i % 250}-${i}`);
    });
    const store = createRedisIdempotencyStore(redis);
    const placed = await measure(async () => {
      for (let i = 0; i < 1000; i++) {
        await store.set(`idem:bench-${i}`, { state: 'done', fingerprint: 'x'.repeat(43), status: 201, body: placedAnswer }, 24 * 3600_000);
      }
    });
    // Each stream subscribes its order's channel on the instance's pub/sub connection.
    const bus = createRedisEventBus(sub);
    const offs: (() => void)[] = [];
    const streams = await measure(async () => {
      for (let i = 0; i < 1000; i++) offs.push(bus.subscribe(`order:${900_000 + i}`, () => {}));
      await bus.ready();
    });
    for (const off of offs) off();
    await bus.ready();
    return [
      figure(SECTION, 'redis.memory.carts', 'Redis memory per 1,000 open carts (their shoppers\' rate-limit buckets)', 'KB', [carts / 1000]),
      figure(SECTION, 'redis.memory.placed', 'Redis memory per 1,000 placed orders (idempotency answers, kept 24 h)', 'KB', [placed / 1000]),
      figure(SECTION, 'redis.memory.streams', 'Redis memory per 1,000 open order streams (one channel each)', 'KB', [streams / 1000]),
    ];
  } finally {
    await redis.close();
    await sub.close();
  }
}

export async function measureRedis(log: (m: string) => void): Promise<Figure[]> {
  log('redis: starting redis-server, sandbox, two instances on Redis and one in memory');
  const cluster = await startCluster({ count: 2, bff: { rateLimit: false, merchantBudget: false } });
  const memory = await startInstance(cluster.upstream.url, undefined, { rateLimit: false, merchantBudget: false });
  const memoryProxy = await startRoundRobin([memory.url]);
  try {
    const reset = () => cluster.control('/__sandbox/reset', { json: {} });
    const [A] = cluster.instances.map((x) => x.url) as [string];
    const rps = { redis: [] as number[], memory: [] as number[] };
    const p99 = { redis: [] as number[], memory: [] as number[] };
    const p50 = { redis: [] as number[], memory: [] as number[] };
    // Warm both sides once (JIT, connections, caches).
    await reset();
    await sequential(cluster.proxy.url);
    await sequential(memoryProxy.url);
    for (let run = 0; run < RUNS; run++) {
      // Interleaved, so that a slow moment of the machine hits both alike; a reset refills the merchant's rate limit and stock.
      for (const side of ['redis', 'memory'] as const) {
        const proxy = side === 'redis' ? cluster.proxy.url : memoryProxy.url;
        const single = side === 'redis' ? A : memory.url;
        log(`redis: places through ${side === 'redis' ? 'two instances on Redis' : 'one instance in memory'}, run ${run + 1}/${RUNS}`);
        await reset();
        rps[side].push(await throughput(proxy));
        await reset();
        const latencies = await sequential(single);
        p99[side].push(percentile(latencies, 99));
        p50[side].push(percentile(latencies, 50));
      }
    }

    log('redis: webhook on A → stream on B');
    const eventP50: number[] = [];
    const eventP99: number[] = [];
    let placedAnswer: unknown;
    for (let run = 0; run < RUNS; run++) {
      await reset();
      const placed = await call(`${cluster.proxy.url}/api/checkout/place`, { json: (await placeBodies(cluster.proxy.url, 1))[0], headers: { 'idempotency-key': newKey() } });
      if (placed.status !== 201) throw new Error(`place → ${placed.status} ${JSON.stringify(placed.body)}`);
      placedAnswer = placed.body;
      const order = await cluster.control(`/v1/orders/${placed.body.order.id}`);
      const latencies = await eventLatencies(cluster, order, placed.body.access);
      eventP50.push(percentile(latencies, 50));
      eventP99.push(percentile(latencies, 99));
    }

    log('redis: store work per place');
    const workP50: number[] = [];
    const workP99: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const work = await storeWorkPerPlace(cluster.redis!.url, placedAnswer, run);
      workP50.push(percentile(work, 50));
      workP99.push(percentile(work, 99));
    }

    log('redis: INFO memory per 1,000 carts, placed orders, streams');
    const memoryFigures = await memoryPer1000(cluster.redis!.url, placedAnswer);

    const diff = (a: number[], b: number[]) => a.map((x, i) => x - b[i]!);
    return [
      figure(SECTION, 'redis.place.rps.two_redis', `places/s, two instances on Redis via the proxy (${CONCURRENCY} at a time)`, 'places/s', rps.redis),
      figure(SECTION, 'redis.place.rps.one_memory', `places/s, one instance in memory via the proxy (${CONCURRENCY} at a time)`, 'places/s', rps.memory),
      figure(SECTION, 'redis.place.p50.redis', 'one place after another, one instance on Redis: p50', 'ms', p50.redis),
      figure(SECTION, 'redis.place.p50.memory', 'one place after another, one instance in memory: p50', 'ms', p50.memory),
      figure(SECTION, 'redis.place.p99.redis', 'one place after another, one instance on Redis: p99', 'ms', p99.redis),
      figure(SECTION, 'redis.place.p99.memory', 'one place after another, one instance in memory: p99', 'ms', p99.memory),
      figure(SECTION, 'redis.place.p99.added', 'p99 added by Redis per place, end to end (Redis p99 − memory p99, per run)', 'ms', diff(p99.redis, p99.memory)),
      figure(SECTION, 'redis.place.store_work.p50', 'Redis work per place (claim + keep the answer, 500 places): p50', 'ms', workP50),
      figure(SECTION, 'redis.place.store_work.p99', 'Redis work per place (claim + keep the answer, 500 places): p99', 'ms', workP99),
      figure(SECTION, 'redis.event.p50', `webhook on A → event on a stream on B: p50 (${EVENTS} events a run)`, 'ms', eventP50),
      figure(SECTION, 'redis.event.p99', 'webhook on A → event on a stream on B: p99', 'ms', eventP99),
      ...memoryFigures,
    ];
  } finally {
    await memoryProxy.close();
    await memory.kill();
    await cluster.close();
  }
}
