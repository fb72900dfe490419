/** The BFF's pure parts, each driven directly: ids, routing, limits, signatures, ranks, cursors, idempotency. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { parseId, canonicalJson } from '../../src/bff/validation.js';
import { Router } from '../../src/bff/router.js';
import { jsonDepth, createOriginPolicy, safeEqual } from '../../src/bff/security.js';
import { verifySignature, bagRank, createWebhookReceiver } from '../../src/bff/webhooks.js';
import { decodeMergedCursor, encodeMergedCursor } from '../../src/bff/offers.js';
import { createAccessSigner } from '../../src/bff/access.js';
import { createIdempotentRunner, appOrderIdFor } from '../../src/bff/idempotency.js';
import { ApiHttpError } from '../../src/bff/errors.js';
import { needsAttention } from '../../src/bff/merchants.js';
import { healthyReport } from '../../stories/fixtures/operator.js';
import { ServiceTimeoutError, ServiceError } from '../../src/contract/client.js';
import {
  createMemoryEventBus,
  createMemoryIdempotencyStore,
  createMemoryOffersCache,
  createMemoryRateLimiter,
  createMemoryWebhookLedger,
} from '../../src/bff/stores/index.js';
import { isShoppable } from '../../src/bff/merchants.js';
import { bffConfigFromEnv } from '../../src/bff/config.js';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof ApiHttpError ? e.code : 'other';
  }
  return 'none';
};

describe('ids', () => {
  it('accepts canonical positive integers only', () => {
    assert.equal(parseId('1', 'id'), 1);
    assert.equal(parseId('9007199254740991', 'id'), 9007199254740991);
    for (const bad of ['0', '-1', '1e3', '0x10', '01', '1.0', ' 1', '1 ', '', '9007199254740993', '1/../2', '１', '+1', 'NaN', 'Infinity']) {
      assert.equal(code(() => parseId(bad, 'id')), 'bad_request', bad);
    }
  });
});

describe('router', () => {
  const r = new Router<string>().add('GET', '/items/:id', 'get').add('POST', '/items/:id/parts', 'add').add('PUT', '/items/:id/parts/:part', 'put');
  it('matches methods and params, and tells a wrong method from a missing route', () => {
    assert.deepEqual(r.match('GET', '/items/12'), { kind: 'found', handler: 'get', params: { id: '12' }, pattern: '/items/:id' });
    assert.deepEqual(r.match('PUT', '/items/1/parts/2'), { kind: 'found', handler: 'put', params: { id: '1', part: '2' }, pattern: '/items/:id/parts/:part' });
    assert.deepEqual(r.match('DELETE', '/items/12'), { kind: 'wrong_method', allowed: ['GET'] });
    assert.equal(r.match('GET', '/items').kind, 'none');
    assert.equal(r.match('GET', '/items//parts').kind, 'none');
    assert.equal(r.match('GET', '/items/1/parts/2/3').kind, 'none');
  });
});

describe('request limits', () => {
  it('measures JSON depth without parsing, ignoring brackets inside strings', () => {
    assert.equal(jsonDepth('{"a":[1,{"b":2}]}'), 3);
    assert.equal(jsonDepth('{"a":"[[[[{{{{\\"]]"}'), 1);
    assert.equal(jsonDepth('['.repeat(100000)), 100000);
  });
  it('compares secrets in constant time, lengths included', () => {
    assert.equal(safeEqual('abc', 'abc'), true);
    assert.equal(safeEqual('abc', 'abd'), false);
    assert.equal(safeEqual('abc', 'abcd'), false);
  });
  it('refuses state changes from foreign and null origins, allows listed and same origin', () => {
    const policy = createOriginPolicy(['https://shop.example']);
    const url = new URL('http://bff.local/api/checkout/place');
    const post = (origin?: string, extra: Record<string, string> = {}) =>
      new Request(url, { method: 'POST', headers: { ...(origin ? { origin } : {}), ...extra } });
    assert.equal(code(() => policy.checkStateChange(post('https://shop.example'), url)), 'none');
    assert.equal(code(() => policy.checkStateChange(post('http://bff.local'), url)), 'none');
    assert.equal(code(() => policy.checkStateChange(post(), url)), 'none');
    assert.equal(code(() => policy.checkStateChange(post('https://evil.example'), url)), 'forbidden_origin');
    assert.equal(code(() => policy.checkStateChange(post('null'), url)), 'forbidden_origin');
    assert.equal(code(() => policy.checkStateChange(post(undefined, { 'sec-fetch-site': 'cross-site' }), url)), 'forbidden_origin');
    assert.equal(code(() => policy.checkStateChange(new Request(url, { headers: { origin: 'https://evil.example' } }), url)), 'none');
    assert.deepEqual(policy.corsHeaders(post('https://evil.example'), url), { vary: 'Origin' });
    assert.equal(policy.corsHeaders(post('https://shop.example'), url)['access-control-allow-origin'], 'https://shop.example');
  });
  it('limits each client with a token bucket and says when to come back', async () => {
    let t = 0;
    const limiter = createMemoryRateLimiter({ burst: 3, perSecond: 1, now: () => t });
    for (let i = 0; i < 3; i++) assert.deepEqual(await limiter.take('a'), { allowed: true });
    assert.deepEqual(await limiter.take('a'), { allowed: false, retryAfterS: 1 });
    assert.deepEqual(await limiter.take('b'), { allowed: true });
    t = 1000;
    assert.deepEqual(await limiter.take('a'), { allowed: true });
  });
});

describe('webhook signatures and ranks', () => {
  const body = Buffer.from('{"id":1}');
  const sig = createHmac('sha256', 'sec').update(body).digest('base64');
  it('verifies base64 HMAC-SHA256 of the raw body, nothing else', () => {
    assert.equal(verifySignature('sec', body, sig), true);
    assert.equal(verifySignature('sec', Buffer.from('{"id": 1}'), sig), false);
    assert.equal(verifySignature('other', body, sig), false);
    assert.equal(verifySignature('sec', body, null), false);
    assert.equal(verifySignature('sec', body, sig.slice(0, -4)), false);
    assert.equal(verifySignature('sec', body, `${sig}!!`), false);
    assert.equal(verifySignature('sec', body, createHmac('sha256', 'sec').update(body).digest('hex')), false);
  });
  it('ranks bag states so that later states rank higher', () => {
    const order = [
      { status: 'SUBMITTED' },
      { status: 'ACCEPTED', financial_status: 'PAID' },
      { status: 'ACCEPTED', fulfillment_status: 'PROCESSING', financial_status: 'PAID' },
      { status: 'ACCEPTED', fulfillment_status: 'SHIPPED', financial_status: 'PAID' },
      { status: 'ACCEPTED', fulfillment_status: 'DELIVERED', financial_status: 'PAID' },
      { status: 'COMPLETED', fulfillment_status: 'DELIVERED', financial_status: 'PAID' },
      { status: 'REFUNDED', fulfillment_status: 'DELIVERED', financial_status: 'REFUNDED' },
    ];
    for (let i = 1; i < order.length; i++) assert.ok(bagRank(order[i]!) > bagRank(order[i - 1]!), JSON.stringify(order[i]));
  });
  it('the ledger applies each event once and only moves bags forward', async () => {
    const ledger = createMemoryWebhookLedger();
    assert.equal(await ledger.firstDelivery('e1'), true);
    assert.equal(await ledger.firstDelivery('e1'), false);
    assert.equal(await ledger.advanceBag('1:2', 300), true);
    assert.equal(await ledger.advanceBag('1:2', 200), false);
    assert.equal(await ledger.advanceBag('1:2', 300), false);
    assert.equal(await ledger.advanceBag('1:2', 310), true);
  });
  it('forgets an event whose applying failed half-way, so the redelivery is applied rather than dropped', async () => {
    const invalidated: number[] = [];
    let failures = 1;
    const offersCache = createMemoryOffersCache();
    const receive = createWebhookReceiver({
      appSecrets: ['s3cret'],
      ledger: createMemoryWebhookLedger(),
      bus: createMemoryEventBus(),
      offersCache: {
        ...offersCache,
        async invalidate(merchantId) {
          if (failures-- > 0) throw new ApiHttpError(503, 'upstream_unavailable', 'store away');
          invalidated.push(merchantId);
        },
      },
      refreshMerchant: async () => {},
      maxBytes: 1024,
      maxDepth: 8,
      ackBudgetMs: 1000,
      merchantRefreshIntervalMs: 0,
      onError: () => {},
    });
    const raw = JSON.stringify({ id: 5, merchant_id: 1002 });
    const deliver = () =>
      receive(new Request('http://bff.test/api/webhooks', {
        method: 'POST',
        body: raw,
        headers: { 'x-service-hmac': createHmac('sha256', 's3cret').update(raw).digest('base64'), 'x-service-topic': 'OFFER_UPDATED', 'x-service-event-id': 'evt-half-way' },
      }));
    await assert.rejects(deliver(), (e: unknown) => e instanceof ApiHttpError && e.status === 503);
    const again = await deliver();
    assert.deepEqual(await again.json(), { ok: true });
    assert.deepEqual(invalidated, [1002]);
    assert.deepEqual(await (await deliver()).json(), { ok: true, duplicate: true });
  });
});

describe('merged offers cursor', () => {
  it('round-trips and refuses anything it did not issue', () => {
    const c = encodeMergedCursor([[1001, ''], [1002, 'abc']]);
    assert.deepEqual(decodeMergedCursor(c), [[1001, ''], [1002, 'abc']]);
    for (const bad of ['', 'xyz', Buffer.from('{"v":2,"m":[]}').toString('base64url'), Buffer.from('{"v":1,"m":[[-1,""]]}').toString('base64url')]) {
      assert.equal(code(() => decodeMergedCursor(bad)), 'bad_request', bad);
    }
  });
});

describe('offers cache', () => {
  it('drops a page fetched before an invalidation', async () => {
    const cache = createMemoryOffersCache();
    const v = await cache.version(1);
    await cache.invalidate(1);
    await cache.set(1, 'k', { offers: [], next_cursor: null }, v);
    assert.equal(await cache.get(1, 'k'), undefined);
    await cache.set(1, 'k', { offers: [], next_cursor: null }, await cache.version(1));
    assert.deepEqual(await cache.get(1, 'k'), { offers: [], next_cursor: null });
  });
});

describe('access handles', () => {
  it('open only the id they were signed for, with only the secret that signed them', () => {
    const a = createAccessSigner('secret-one');
    const b = createAccessSigner('secret-two');
    const handle = a.sign(42);
    assert.doesNotThrow(() => a.check(42, handle));
    assert.equal(code(() => a.check(43, handle)), 'not_found');
    assert.equal(code(() => b.check(42, handle)), 'not_found');
    assert.equal(code(() => a.check(42, null)), 'not_found');
    assert.equal(code(() => a.check(42, `${handle}x`)), 'not_found');
    assert.ok(!handle.includes('secret'));
  });
});

describe('idempotent runner', () => {
  const run = () => createIdempotentRunner({ store: createMemoryIdempotencyStore(), ttlMs: 60_000, waitMs: 5_000, leaseMs: 60_000, unknownWindowMs: 60_000 });
  it('sends once for concurrent duplicates and replays the first answer', async () => {
    const submit = run();
    let sent = 0;
    const sub = { key: 'key-00000001', fingerprint: 'f', send: async () => { sent++; await new Promise((r) => setTimeout(r, 30)); return { status: 201, body: { n: sent } }; }, reconcile: async () => undefined };
    const answers = await Promise.all([submit(sub), submit(sub), submit(sub)]);
    assert.equal(sent, 1);
    for (const a of answers) assert.deepEqual(a, { status: 201, body: { n: 1 } });
    assert.deepEqual(await submit(sub), { status: 201, body: { n: 1 } });
  });
  it('renews a live claim, so that another instance waits for its answer instead of taking the key over', async () => {
    const store = createMemoryIdempotencyStore();
    // Renewed every third of a lease: a second's lease outlasts a loaded machine's stalled event loop (at 90 and then
    // 300 ms, a late renewal let the other instance take over now and then in CI, where test files share a process).
    const [a, b] = [0, 1].map(() => createIdempotentRunner({ store, ttlMs: 60_000, waitMs: 10_000, leaseMs: 1_000, unknownWindowMs: 60_000 }));
    let sent = 0;
    let reconciled = 0;
    const sub = {
      key: 'key-renewed-1',
      fingerprint: 'f',
      send: async () => {
        sent++;
        // Four leases long: without renewal the other instance would take over and reconcile.
        await new Promise((r) => setTimeout(r, 4_000));
        return { status: 201, body: { order: 1 } };
      },
      reconcile: async () => {
        reconciled++;
        return undefined;
      },
    };
    const first = a!(sub);
    await new Promise((r) => setTimeout(r, 30));
    const second = await b!(sub);
    assert.deepEqual(second, await first);
    assert.deepEqual([sent, reconciled], [1, 0]);
  });
  it('after the store came back empty, an attempt of an older quote that finds no order of its own answers instead of sending', async () => {
    // The store lost its records an hour after the quote was issued, longer ago than the unknown window: another key
    // of the same quote may have placed it (the checkout model's counterexample), so one look, then no send.
    const memory = createMemoryIdempotencyStore();
    const now = Date.now();
    const store = { ...memory, claim: async (...a: Parameters<typeof memory.claim>) => ({ ...(await memory.claim(...a)), recordsSince: now - 60_000 }) };
    const run = createIdempotentRunner({ store, ttlMs: 60_000, waitMs: 1_000, leaseMs: 1_000, unknownWindowMs: 10_000 });
    let sent = 0;
    const sub = (lostRecords?: () => { status: number; body: unknown }) => ({
      key: `key-lost-${lostRecords ? 'answered' : 'sent'}`,
      fingerprint: 'f',
      notBefore: now - 3_600_000,
      send: async () => (sent++, { status: 201, body: { order: 1 } }),
      reconcile: async () => undefined,
      lostRecords,
    });
    assert.deepEqual(await run(sub(() => ({ status: 409, body: { code: 'quote_used' } }))), { status: 409, body: { code: 'quote_used' } });
    assert.equal(sent, 0, 'nothing sent');
    assert.deepEqual(await run(sub()), { status: 201, body: { order: 1 } }, 'without it: one look, then sent');
    assert.equal(sent, 1);
  });
  it('refuses the same key with another body', async () => {
    const submit = run();
    await submit({ key: 'key-00000002', fingerprint: 'a', send: async () => ({ status: 201, body: 1 }), reconcile: async () => undefined });
    await assert.rejects(submit({ key: 'key-00000002', fingerprint: 'b', send: async () => ({ status: 201, body: 2 }), reconcile: async () => undefined }), (e: ApiHttpError) => e.code === 'idempotency_conflict' && e.status === 422);
  });
  it('keeps an unknown attempt pending for the window, never sending it again, then settles it as not placed', async () => {
    let clock = 1_000_000;
    const submit = createIdempotentRunner({ store: createMemoryIdempotencyStore({ now: () => clock }), ttlMs: 600_000, waitMs: 1_000, leaseMs: 30_000, unknownWindowMs: 60_000, now: () => clock });
    let sent = 0;
    const sub = {
      key: 'key-unknown-1',
      fingerprint: 'f',
      send: async () => {
        sent++;
        throw new ServiceTimeoutError('POST', '/v1/orders', 10, true);
      },
      reconcile: async () => undefined,
      pending: (retryAfterS: number) => ({ status: 202, body: { status: 'pending', retry_after: retryAfterS } }),
    };
    assert.equal((await submit(sub)).status, 202);
    clock += 30_000;
    assert.equal((await submit(sub)).status, 202);
    clock += 30_001;
    const settled = await submit(sub);
    assert.equal(settled.status, 409);
    assert.equal((settled.body as any).error.code, 'not_placed');
    assert.deepEqual(await submit(sub), settled);
    assert.equal(sent, 1);
  });
  it('reconciles an unknown outcome instead of sending again', async () => {
    const submit = run();
    let sent = 0;
    let exists = false;
    let reconcileWorks = false;
    const sub = {
      key: 'key-00000003',
      fingerprint: 'f',
      send: async () => {
        sent++;
        exists = true;
        throw new ServiceTimeoutError('POST', '/v1/orders', 10, true);
      },
      reconcile: async () => {
        if (!reconcileWorks) throw new ServiceTimeoutError('GET', '/v1/orders', 10, false);
        return exists ? { status: 201, body: 'found' } : undefined;
      },
    };
    await assert.rejects(submit(sub), (e: ApiHttpError) => e.code === 'upstream_unavailable');
    reconcileWorks = true;
    assert.deepEqual(await submit(sub), { status: 201, body: 'found' });
    assert.equal(sent, 1);
  });
  it('frees the key after a definite failure so a fixed retry can go through', async () => {
    const submit = run();
    let fail = true;
    const sub = {
      key: 'key-00000004',
      fingerprint: 'f',
      send: async () => {
        if (fail) throw new ServiceError('declined', { method: 'POST', path: '/v1/orders', status: 402, error: 'payment_declined' });
        return { status: 201, body: 'ok' };
      },
      reconcile: async () => undefined,
    };
    await assert.rejects(submit(sub), ServiceError);
    fail = false;
    assert.deepEqual(await submit(sub), { status: 201, body: 'ok' });
  });
  it('gives a waiting duplicate the first attempt’s definite failure instead of sending again', async () => {
    const submit = run();
    let sent = 0;
    const sub = {
      key: 'key-00000005',
      fingerprint: 'f',
      send: async () => {
        sent++;
        await new Promise((r) => setTimeout(r, 20));
        throw new ServiceError('declined', { method: 'POST', path: '/v1/orders', status: 402, error: 'payment_declined' });
      },
      reconcile: async () => undefined,
    };
    const results = await Promise.allSettled([submit(sub), submit(sub)]);
    assert.equal(sent, 1);
    for (const r of results) assert.ok(r.status === 'rejected' && r.reason instanceof ServiceError);
  });
  it('files each key under its own app_order_id', () => {
    assert.equal(appOrderIdFor('k-1234567'), appOrderIdFor('k-1234567'));
    assert.notEqual(appOrderIdFor('k-1234567'), appOrderIdFor('k-1234568'));
    assert.ok(appOrderIdFor('x'.repeat(128)).length <= 64);
  });
});

describe('shoppable', () => {
  const healthy = {
    merchant_id: 1,
    merchant_status: 'ACTIVE',
    connection: { status: 'COMPLETE', results: { isConnected: true, hasShippingMethods: true, storeScopes: { hasValidScopes: true, requiredScopes: [], missingScopes: [] } } },
    payout_account: { status: 'COMPLETE', results: { status: 'ACTIVE', errors: [], details: { currentlyDue: [], eventuallyDue: [], pastDue: [], pendingVerification: [] } } },
  } as never;
  it('needs a connected merchant with shipping and nothing to attend to', () => {
    assert.equal(isShoppable(healthy), true);
    const change = (patch: object) => ({ ...(healthy as object), ...patch }) as never;
    assert.equal(isShoppable(change({ connection: { results: { isConnected: false, hasShippingMethods: true } } })), false);
    assert.equal(isShoppable(change({ connection: { results: { isConnected: true, hasShippingMethods: false } } })), false);
    assert.equal(isShoppable(change({ scope_validation: { results: { valid: false, missing_scopes: ['read_orders'] } } })), false);
    assert.equal(isShoppable(change({ payout_account: { results: { status: 'INCOMPLETE', errors: [] } } })), false);
    assert.equal(isShoppable(change({ payout_account: { results: { errors: [], details: { currentlyDue: ['tax_id'], pastDue: [] } } } })), false);
    assert.equal(isShoppable(change({ sync_status: { error: { message: 'boom' } } })), false);
    assert.equal(isShoppable(change({ merchant_status: 'DISABLED' })), false);
  });
});

describe('configuration from the environment', () => {
  const env = { SERVICE_BASE_URL: 'http://127.0.0.1:4010', SERVICE_APP_ID: '10001', SERVICE_APP_SECRET: 's3cret', SERVICE_TOKEN: 't0ken' };
  it('reads every variable and normalises origins', () => {
    const c = bffConfigFromEnv({ ...env, TOTE_ALLOWED_ORIGINS: 'https://a.example, http://localhost:5173/', TOTE_WEBHOOK_PATH: '/hooks/service', TOTE_OPERATOR_TOKEN: 'op' });
    assert.deepEqual(c.allowedOrigins, ['https://a.example', 'http://localhost:5173']);
    assert.equal(c.webhookPath, '/hooks/service');
    assert.equal(c.operatorToken, 'op');
    assert.equal(c.appId, 10001);
    assert.equal(c.token, 't0ken');
    assert.equal(c.redisUrl, undefined);
    assert.equal(bffConfigFromEnv({ ...env, REDIS_URL: 'redis://cache.internal:6379/2' }).redisUrl, 'redis://cache.internal:6379/2');
  });
  it('refuses missing or malformed values', () => {
    assert.throws(() => bffConfigFromEnv({ ...env, REDIS_URL: 'http://cache.internal' }), /REDIS_URL/);
    assert.throws(() => bffConfigFromEnv({ ...env, SERVICE_APP_SECRET: '' }), /SERVICE_APP_SECRET/);
    assert.throws(() => bffConfigFromEnv({ ...env, SERVICE_APP_ID: '1e3' }), /SERVICE_APP_ID/);
    assert.throws(() => bffConfigFromEnv({ ...env, SERVICE_BASE_URL: 'file:///etc/passwd' }), /SERVICE_BASE_URL/);
    assert.throws(() => bffConfigFromEnv({ ...env, TOTE_ALLOWED_ORIGINS: 'javascript:alert(1)' }));
  });
  it('builds a refreshing token provider from SERVICE_REFRESH_TOKEN', () => {
    const c = bffConfigFromEnv({ ...env, SERVICE_TOKEN: '', SERVICE_REFRESH_TOKEN: 'r' });
    assert.equal(typeof (c.token as { getToken?: unknown }).getToken, 'function');
  });
  it('canonical JSON ignores key order', () => {
    assert.equal(canonicalJson({ b: 1, a: [{ d: 1, c: 2 }] }), canonicalJson({ a: [{ c: 2, d: 1 }], b: 1 }));
  });
});

describe('merchant health: which reports keep a merchant off the shelf', () => {
  it('a check the service marks NEEDS_ATTENTION counts like FAILED; NOT_APPLICABLE does not', () => {
    const base = healthyReport(1, 'A');
    assert.equal(needsAttention(base), false);
    assert.equal(needsAttention(healthyReport(1, 'A', { sync_status: { ...base.sync_status!, status: 'NEEDS_ATTENTION' } })), true);
    assert.equal(needsAttention(healthyReport(1, 'A', { sync_status: { ...base.sync_status!, status: 'NOT_APPLICABLE' } })), false);
  });
});
