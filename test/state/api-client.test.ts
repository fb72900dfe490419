import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiRequestError, createApiClient, isAbortError } from '../../src/state/api-client.js';
import { until } from '../until.js';

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

test('quote and place go to the checkout routes; place carries the attempt\'s key; a 409 carries the fresh quote', async () => {
  let status = 201;
  const { fetch, calls } = fakeFetch(() =>
    status === 409
      ? json({ error: { code: 'quote_changed', message: 'changed' }, quote: { quote_token: 'q2' } }, 409)
      : json({ status: 'placed', order: { id: 7 }, access: 'a', quote_token: 'q1' }, status),
  );
  const api = createApiClient({ endpoint: '/api/', fetch });
  await api.quote({ lines: [{ sku_id: 1, quantity: 2 }], currency: 'USD' });
  await api.place({ quote_token: 'q1', payment: { token: 't' } }, { idempotencyKey: 'k1' });
  assert.equal(calls[0]!.url, '/api/checkout/quote');
  assert.equal(calls[0]!.init.body, '{"lines":[{"sku_id":1,"quantity":2}],"currency":"USD"}');
  assert.equal(calls[1]!.url, '/api/checkout/place');
  assert.equal((calls[1]!.init.headers as Record<string, string>)['idempotency-key'], 'k1');
  status = 409;
  const err = await api.place({ quote_token: 'q1', payment: { token: 't' } }, { idempotencyKey: 'k2' }).catch((e) => e);
  assert.ok(err instanceof ApiRequestError);
  assert.equal(err.code, 'quote_changed');
  assert.equal(err.quote?.quote_token, 'q2');
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

test('the order event stream parses events and reconnects after the server closes it', async () => {
  const sources: FakeEventSource[] = [];
  class FakeEventSource extends EventTarget {
    static readonly CLOSED = 2;
    readyState = 0;
    closed = false;
    constructor(readonly url: string) {
      super();
      sources.push(this);
    }
    close() {
      this.closed = true;
      this.readyState = 2;
    }
    send(type: string, data: unknown) {
      this.dispatchEvent(Object.assign(new Event(type), { data: JSON.stringify(data) }));
    }
  }
  const api = createApiClient({ endpoint: '/api', EventSource: FakeEventSource as unknown as typeof EventSource, reconnectDelayMs: 1 });
  const orders: number[] = [];
  const bags: string[] = [];
  const drops: number[] = [];
  const stream = api.orderEvents({ id: 42, access: 'a b' }, {
    onOrder: (o) => orders.push(o.id),
    onBag: (e) => bags.push(`${e.bag_id}:${e.status}`),
    onError: (n) => drops.push(n),
  });
  // The stream's module loads on demand (a busy machine can take longer than a fixed wait).
  await until(() => sources.length === 1, 'the stream to open');
  assert.equal(sources[0]!.url, '/api/orders/42/events?access=a%20b');
  sources[0]!.send('open', null);
  sources[0]!.send('order', { order: { id: 42 } });
  sources[0]!.send('bag', { order_id: 42, bag_id: 7, topic: 'bag.updated', status: 'ACCEPTED' });
  sources[0]!.send('bag', 'not json{');

  // A drop EventSource retries itself: no new source. A closed one: a new source after the backoff.
  sources[0]!.dispatchEvent(new Event('error'));
  assert.equal(sources.length, 1);
  sources[0]!.readyState = 2;
  sources[0]!.dispatchEvent(new Event('error'));
  await until(() => sources.length === 2, 'the reconnect');
  sources[1]!.send('order', { order: { id: 42 } });
  stream.close();
  assert.ok(sources[1]!.closed);
  sources[1]!.readyState = 2;
  sources[1]!.dispatchEvent(new Event('error'));
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(sources.length, 2, 'no reconnect after close()');
  assert.deepEqual(orders, [42, 42]);
  assert.deepEqual(bags, ['7:ACCEPTED']);
  assert.deepEqual(drops, [1, 2]);
});

test('an order event stream closed before its module loaded never opens', async () => {
  const opened: string[] = [];
  class FakeEventSource extends EventTarget {
    constructor(url: string) {
      super();
      opened.push(url);
    }
    close() {}
  }
  const api = createApiClient({ endpoint: '/api', EventSource: FakeEventSource as unknown as typeof EventSource });
  api.orderEvents({ id: 1, access: 'x' }, {}).close();
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(opened, []);
});
