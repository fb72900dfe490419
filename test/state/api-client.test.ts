import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiRequestError, createApiClient, isAbortError } from '../../src/state/api-client.js';

type Call = { url: string; init: RequestInit };

function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const call = { url: String(url), init };
    calls.push(call);
    return respond(call);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

test('cart routes send the access header, submits an idempotency key', async () => {
  const { fetch, calls } = fakeFetch(() => json({ cart: { id: 7 }, order: { id: 7 }, access: 'a' }));
  const api = createApiClient({ endpoint: '/api/', fetch });
  await api.addCartSku({ id: 7, access: 'sig' }, { sku_id: 1, quantity: 2 });
  await api.submitCart({ id: 7, access: 'sig' }, {}, { idempotencyKey: 'k1' });
  await api.createDirectOrder({} as never);
  assert.equal(calls[0]!.url, '/api/carts/7/skus');
  assert.equal((calls[0]!.init.headers as Record<string, string>)['tote-access'], 'sig');
  assert.equal(calls[0]!.init.body, '{"sku_id":1,"quantity":2}');
  assert.equal((calls[1]!.init.headers as Record<string, string>)['idempotency-key'], 'k1');
  assert.match((calls[2]!.init.headers as Record<string, string>)['idempotency-key']!, /^[0-9a-f-]{36}$/);
});

test('errors carry code, merchant, retry-after, skus and fields', async () => {
  const { fetch } = fakeFetch(() =>
    json({ error: { code: 'merchant_busy', message: 'busy', merchant_id: 1002 } }, 429, { 'retry-after': '3' }),
  );
  const api = createApiClient({ endpoint: '/api', fetch });
  const err = await api.listOffers({ merchant_id: 1002 }).catch((e) => e);
  assert.ok(err instanceof ApiRequestError);
  assert.equal(err.status, 429);
  assert.equal(err.code, 'merchant_busy');
  assert.equal(err.merchantId, 1002);
  assert.equal(err.retryAfter, 3);
  assert.ok(err.rateLimited);

  const down = createApiClient({ endpoint: '/api', fetch: (async () => { throw new TypeError('Failed to fetch'); }) as never });
  const net = await down.health().catch((e) => e);
  assert.equal(net.code, 'network');
  assert.equal(net.status, 0);
});

test('a newer call with the same key aborts the older; its response is dropped', async () => {
  const resolvers: ((r: Response) => void)[] = [];
  const { fetch, calls } = fakeFetch(
    (call) =>
      new Promise<Response>((resolve, reject) => {
        call.init.signal?.addEventListener('abort', () => reject(call.init.signal!.reason));
        resolvers.push(resolve);
      }),
  );
  const api = createApiClient({ endpoint: '/api', fetch });
  const first = api.listOffers({ cursor: 'a' }, { key: 'grid' });
  const second = api.listOffers({ cursor: 'b' }, { key: 'grid' });
  const other = api.listOffers({ cursor: 'c' }, { key: 'other' });
  assert.ok(calls[0]!.init.signal?.aborted);
  assert.ok(!calls[2]!.init.signal?.aborted);
  resolvers[1]!(json({ offers: [], next_cursor: 'b2' }));
  resolvers[2]!(json({ offers: [], next_cursor: 'c2' }));
  assert.ok(isAbortError(await first.catch((e) => e)));
  assert.equal((await second).next_cursor, 'b2');
  assert.equal((await other).next_cursor, 'c2');
  assert.match(calls[1]!.url, /cursor=b/);
});
