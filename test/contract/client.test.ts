import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  createServiceClient,
  createRefreshingTokenProvider,
  parseRetryAfter,
  RateLimitedError,
  ServiceError,
  ServiceNetworkError,
  ServiceResponseError,
  ServiceTimeoutError,
  serviceHeaderNames,
  toServiceDateTime,
  type InvalidOfferReport,
  type RetryInfo,
  type ServiceClient,
  type ServiceClientOptions,
} from '../../src/contract/index.js';
import { fixture, json, jwt, startServer, type Handler, type TestServer } from './support.js';
import { until } from '../until.js';

const servers: TestServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

/** A client against a fresh local server, with small retry caps so tests stay quick. */
async function setup(handler: Handler, options: Partial<ServiceClientOptions> = {}) {
  const server = await startServer(handler);
  servers.push(server);
  const retries: RetryInfo[] = [];
  const client = createServiceClient({
    baseUrl: server.url,
    appId: 10001,
    appSecret: 'app-secret',
    token: 'access-token',
    timeoutMs: 5_000,
    ...options,
    retry: { baseDelayMs: 5, maxDelayMs: 1_500, maxTotalDelayMs: 3_000, onRetry: (r) => retries.push(r), ...options.retry },
  });
  return { server, client, retries, hits: server.hits };
}

const cart = fixture('cart-with-errors');
const order = fixture('order-submitted');
const address = { address_1: '1 Compiler Ct', city: 'Arlington', state: 'VA', postal_code: '22201', country: 'US' };

describe('service client: requests', () => {
  it('sends the three headers, the method and the path of every endpoint', async () => {
    const answers: Record<string, unknown> = {
      'GET /v1/catalog/offers/merchants/1001': fixture('offers-page'),
      'GET /v1/catalog/offers/12345': fixture('offer'),
      'GET /v1/operations/connection_health': fixture('connection-health'),
      'GET /v1/operations/connection_health/1007': fixture('connection-health')[1],
      'PUT /v1/merchants/onboard/2201': fixture('onboarding'),
      'POST /v1/orders/estimate': fixture('estimate-response'),
      'POST /v1/orders': order,
      'GET /v1/orders/88003': order,
      'POST /v1/orders/search': [order],
      'POST /v1/checkout/cart': fixture('cart-new'),
      'GET /v1/checkout/cart/88002': cart,
      'DELETE /v1/checkout/cart/88002': null,
      'POST /v1/checkout/cart/88002/skus': cart,
      'PUT /v1/checkout/cart/88002/skus/99001': cart,
      'DELETE /v1/checkout/cart/88002/skus/99001': cart,
      'POST /v1/checkout/cart/88002/customer': cart,
      'POST /v1/checkout/cart/88002/shipping_address': cart,
      'POST /v1/checkout/cart/88002/billing_address': cart,
      'GET /v1/checkout/cart/88002/shipping/available': [
        { bag_id: 66001, shipping_methods: [{ shipping_method_id: 'std', label: 'Standard', price: 600 }] },
      ],
      'POST /v1/checkout/cart/88002/shipping': cart,
      'GET /v1/checkout/cart/88002/price': cart,
      'POST /v1/checkout/cart/88002/payment': cart,
      'POST /v1/checkout/cart/88002/submit': order,
    };
    const { client, hits } = await setup((hit, res) => {
      const answer = answers[`${hit.method} ${hit.path}`];
      if (answer === undefined) return json(res, 404, { message: `no route ${hit.method} ${hit.path}` });
      if (answer === null) {
        res.writeHead(204);
        return res.end();
      }
      json(res, 200, answer);
    });

    const c: ServiceClient = client;
    const page = await c.listOffers(1001);
    assert.equal(page.content.length, 2);
    assert.equal((await c.getOffer(12345)).variants.length, 2);
    assert.equal((await c.connectionHealth()).length, 2);
    assert.equal((await c.merchantConnectionHealth(1007)).merchant_id, 1007);
    const onboarding = await c.onboardMerchant(2201, {
      channel_merchant_id: 'tide-and-timber',
      payout_details: { payment_provider: 'STRIPE', payment_provider_metadata: { stripe_account_id: 'acct_1PxYz2AbCdEfGh' } },
    });
    assert.equal(onboarding.payout_details?.payment_provider_account_id, 'acct_1PxYz2AbCdEfGh');
    assert.equal((await c.estimateOrder(fixture('estimate-request'))).estimated_carts.length, 2);
    assert.equal((await c.createDirectOrder(fixture('direct-order-request'), { idempotencyKey: 'k-1' })).id, 88003);
    assert.equal((await c.getOrder(88003)).bags.length, 2);
    assert.deepEqual((await c.findOrdersByAppOrderId('tote-7d1e22')).map((o) => o.id), [88003]);
    assert.deepEqual((await c.createCart({ base_currency: 'USD', skus: [{ sku_id: 70001, quantity: 1 }] })).bags, []);
    assert.equal((await c.getCart(88002)).id, 88002);
    assert.equal(await c.deleteCart(88002), undefined);
    await c.addCartSku(88002, { sku_id: 70001, quantity: 2 });
    await c.updateCartSku(88002, 99001, { quantity: 3 });
    await c.removeCartSku(88002, 99001);
    await c.setCartCustomer(88002, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' });
    await c.setShippingAddress(88002, address);
    await c.setBillingAddress(88002, address);
    assert.equal((await c.getAvailableShipping(88002))[0]!.shipping_methods[0]!.price, 600);
    await c.applyShipping(88002, [{ bag_id: 66001, shipping_method_id: 'std' }]);
    await c.priceCart(88002);
    await c.applyPayment(88002, { payment_provider: 'SANDBOX', token: 'tok_sandbox_visa' });
    assert.equal((await c.submitCart(88002, { app_order_id: 'tote-7d1e22' })).status, 'PROCESSING');

    assert.equal(hits.length, Object.keys(answers).length);
    for (const hit of hits) {
      const where = `${hit.method} ${hit.path}`;
      assert.equal(hit.headers['x-service-app-id'], '10001', where);
      assert.equal(hit.headers['x-service-app-secret'], 'app-secret', where);
      assert.equal(hit.headers['x-service-token'], 'access-token', where);
    }
    const find = (m: string, p: string) => hits.find((h) => h.method === m && h.path === p)!;
    assert.equal(find('GET', '/v1/operations/connection_health').query.get('app_id'), '10001');
    assert.deepEqual(find('POST', '/v1/orders/search').body, { app_order_id: 'tote-7d1e22' });
    assert.equal(find('POST', '/v1/checkout/cart/88002/shipping').query.get('price_cart'), 'true');
    assert.deepEqual(find('POST', '/v1/checkout/cart/88002/shipping').body, [{ bag_id: 66001, shipping_method_id: 'std' }]);
    assert.deepEqual(find('PUT', '/v1/checkout/cart/88002/skus/99001').body, { quantity: 3 });
    assert.equal(find('POST', '/v1/orders').headers['idempotency-key'], 'k-1');
    assert.equal(find('POST', '/v1/checkout/cart').headers['idempotency-key'], undefined);
    assert.equal(find('POST', '/v1/checkout/cart').headers['content-type'], 'application/json');
  });

  it('passes offer filters under the service names and clamps the size to 100', async () => {
    const { client, hits } = await setup((_hit, res) => json(res, 200, { content: [] }));
    await client.listOffers(1001, {
      size: 500,
      include: ['metadata', 'shipping'],
      since: new Date('2025-06-01T00:00:00.000Z'),
      before: '2025-06-17T06:46:35+0000',
      cursor: 'abc',
      page: 2,
    });
    const q = hits[0]!.query;
    assert.equal(q.get('size'), '100');
    assert.equal(q.get('include'), 'metadata,shipping');
    assert.equal(q.get('since'), '2025-06-01T00:00:00+0000');
    assert.equal(q.get('date_last_modified:max'), '2025-06-17T06:46:35+0000');
    assert.equal(q.get('cursor'), 'abc');
    assert.equal(q.get('page'), '2');
    await client.listOffers(1001, { size: 0 });
    assert.equal(hits[1]!.query.get('size'), '1');
    assert.equal(toServiceDateTime(new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 678))), '2024-01-02T03:04:05+0000');
  });

  it('iterates every offer exactly once by following next_page_cursor', async () => {
    const all = Array.from({ length: 237 }, (_, i) => ({ id: i + 1, name: `Offer ${i + 1}`, merchant_id: 1003, currency: 'EUR' }));
    const { client, hits } = await setup((hit, res) => {
      const size = Number(hit.query.get('size') ?? 20);
      const start = Number(hit.query.get('cursor') ?? 0);
      const content = all.slice(start, start + size);
      const next = start + size < all.length ? String(start + size) : null;
      json(res, 200, { content, next_page_cursor: next, total_elements: 0, total_pages: 0, last: next === null });
    });
    const ids: number[] = [];
    for await (const offer of client.iterateOffers(1003, { size: 1000 })) ids.push(offer.id);
    assert.deepEqual(ids, all.map((o) => o.id));
    assert.equal(hits.length, 3);
    assert.deepEqual(hits.map((h) => h.query.get('cursor')), [null, '100', '200']);
  });

  it('stops iterating when the service repeats a cursor instead of looping forever', async () => {
    const { client, hits } = await setup((hit, res) =>
      json(res, 200, { content: [{ id: hits.length, name: 'x', merchant_id: 1, currency: 'USD' }], next_page_cursor: 'same' }),
    );
    const ids: number[] = [];
    for await (const offer of client.iterateOffers(1)) ids.push(offer.id);
    assert.deepEqual(ids, [1, 2]);
  });

  it('follows page numbers until last when pages carry no cursor (as real pages were seen)', async () => {
    const { client, hits } = await setup((hit, res) => {
      const n = Number(hit.query.get('page'));
      json(res, 200, { content: [{ id: n, name: 'x', merchant_id: 1, currency: 'USD' }], number: n - 1, last: n === 3, total_pages: 7, next_page_cursor: null });
    });
    const ids: number[] = [];
    for await (const offer of client.iterateOffers(1)) ids.push(offer.id);
    assert.deepEqual(ids, [1, 2, 3]);
    assert.deepEqual(hits.map((h) => h.query.get('page')), ['1', '2', '3']);
  });

  it('stops at total_pages when no page says last', async () => {
    const { client } = await setup((hit, res) => {
      const n = Number(hit.query.get('page'));
      json(res, 200, { content: [{ id: n, name: 'x', merchant_id: 1, currency: 'USD' }], number: n - 1, last: false, total_pages: 2 });
    });
    const ids: number[] = [];
    for await (const offer of client.iterateOffers(1)) ids.push(offer.id);
    assert.deepEqual(ids, [1, 2]);
  });

  it('stops when the service serves the same page whatever page is asked', async () => {
    const { client, hits } = await setup((_hit, res) =>
      json(res, 200, { content: [{ id: 1, name: 'x', merchant_id: 1, currency: 'USD' }], number: 0, last: false, total_pages: 9 }),
    );
    for await (const _offer of client.iterateOffers(1));
    assert.equal(hits.length, 2);
  });

  it('sends the credential headers under another prefix (SERVICE_HEADER_PREFIX)', async () => {
    const { client, hits } = await setup((_hit, res) => json(res, 200, order), { headerPrefix: 'X-Violet-' });
    await client.getOrder(88003);
    assert.equal(hits[0]!.headers['x-violet-app-id'], '10001');
    assert.equal(hits[0]!.headers['x-violet-token'], 'access-token');
    assert.equal(hits[0]!.headers['x-service-token'], undefined);
    assert.throws(() => serviceHeaderNames('X-Violet'), /ending in "-"/);
  });

  it('accepts a page envelope as the answer to the order search too', async () => {
    const { client } = await setup((_hit, res) => json(res, 200, { content: [order], last: true }));
    assert.deepEqual((await client.findOrdersByAppOrderId('tote-7d1e22')).map((o) => o.app_order_id), ['tote-7d1e22']);
  });

  it('returns carts that answer 200 with errors[] instead of throwing', async () => {
    const { client } = await setup((_hit, res) => json(res, 200, cart));
    const result = await client.addCartSku(88002, { sku_id: 70020, quantity: 1 });
    assert.equal(result.errors.length, 1);
    assert.equal(result.errors[0]!.type, 'EXTERNAL_ADD_ITEM');
    assert.equal(result.errors[0]!.bag_id, 66002);
  });
});

describe('service client: errors', () => {
  it('reads a request error body with its per-SKU details', async () => {
    const { client } = await setup((_hit, res) => json(res, 409, fixture('error-request')));
    const err = await client.addCartSku(88002, { sku_id: 70002, quantity: 1 }, { merchantId: 1001 }).catch((e) => e);
    assert.ok(err instanceof ServiceError);
    assert.equal(err.status, 409);
    assert.equal(err.code, 2011);
    assert.equal(err.error, 'offer_not_published');
    assert.match(err.message, /not available for purchase/);
    assert.equal(err.merchantId, 1001);
    assert.deepEqual(err.skus, [
      { message: 'Offer not published', name: 'Merino Crew Sweater - M / Oat', sku_id: 70002, order_sku_id: undefined, bag_id: undefined },
      { message: 'Out of stock', name: 'Stoneware Mug', sku_id: 70011, order_sku_id: 88001, bag_id: 66001 },
    ]);
    assert.equal((err.body as { code: number }).code, 2011);
  });

  it('reads an auth error body', async () => {
    const { client } = await setup((_hit, res) => json(res, 401, { status: 401, message: 'Invalid app secret', error_code: 3, timestamp: 1 }));
    const err = await client.getOrder(1).catch((e) => e);
    assert.ok(err instanceof ServiceError);
    assert.equal(err.status, 401);
    assert.equal(err.code, 3);
    assert.equal(err.message, 'Invalid app secret');
    assert.deepEqual(err.skus, []);
  });

  it('keeps an HTML error page as the raw body', async () => {
    const page = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    const { client } = await setup((_hit, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end(page);
    }, { retry: { maxAttempts: 1 } });
    const err = await client.getOrder(1).catch((e) => e);
    assert.ok(err instanceof ServiceError);
    assert.equal(err.status, 502);
    assert.equal(err.body, page);
    assert.equal(err.code, undefined);
    assert.match(err.message, /GET \/v1\/orders\/1 answered HTTP 502/);
  });

  it('names the bad field when an answer breaks the contract', async () => {
    const bad = fixture('offers-page').content[1];
    bad.skus[0].sale_price = '24.00';
    const { client } = await setup((_hit, res) => json(res, 200, bad));
    const err = await client.getOffer(bad.id).catch((e) => e);
    assert.ok(err instanceof ServiceResponseError);
    assert.match(err.message, /skus\[0\]\.sale_price/);
    assert.deepEqual(err.issues[0]!.path, ['skus', 0, 'sale_price']);
  });

  it('drops one unreadable offer from a page, reports it, and serves the rest', async () => {
    const page = fixture('offers-page');
    const badId = page.content[1].id;
    page.content[1].skus[0].sale_price = '24.00';
    page.content.push({ name: 'no id at all', skus: 'nope' });
    const reports: InvalidOfferReport[] = [];
    const { client } = await setup((_hit, res) => json(res, 200, page), { onInvalidOffer: (r) => reports.push(r) });
    const served = await client.listOffers(1001);
    assert.deepEqual(served.content.map((o) => o.id), page.content.filter((_o: unknown, i: number) => i !== 1).slice(0, -1).map((o: { id: number }) => o.id));
    assert.deepEqual(reports[0], { merchantId: 1001, offerId: badId, fields: ['skus.0.sale_price'] });
    assert.equal(reports[1]!.offerId, undefined);
    assert.ok(reports[1]!.fields.includes('id') && reports[1]!.fields.includes('skus'));
    // Only paths are reported, never the upstream values.
    assert.ok(!JSON.stringify(reports).includes('24.00') && !JSON.stringify(reports).includes('no id at all'));
  });

  it('refuses a 200 whose body is not JSON', async () => {
    const { client } = await setup((_hit, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>maintenance</html>');
    });
    const err = await client.getCart(1).catch((e) => e);
    assert.ok(err instanceof ServiceError);
    assert.equal(err.error, 'invalid_response');
  });
});

describe('service client: rate limits', () => {
  const limited = (times: number, headers: () => Record<string, string> = () => ({})): Handler => (_hit, res, i) =>
    i < times
      ? json(res, 429, { message: 'Too Many Requests', error: 'rate_limited', code: 429 }, headers())
      : json(res, 200, fixture('offers-page'));

  it('retries a 429 without Retry-After with growing, fully jittered waits', async () => {
    const random = () => 0.5;
    const { client, hits, retries } = await setup(limited(3), { retry: { random, baseDelayMs: 8 } });
    const page = await client.listOffers(1001);
    assert.equal(page.content.length, 2);
    assert.equal(hits.length, 4);
    assert.deepEqual(retries.map((r) => r.delayMs), [4, 8, 16]);
    assert.ok(retries.every((r) => r.reason === 'rate_limited' && r.merchantId === 1001));
  });

  it('draws each wait between zero and the exponential ceiling', async () => {
    let n = 0;
    const draws = [0, 0.999];
    const { client, retries } = await setup(limited(2), { retry: { random: () => draws[n++]!, baseDelayMs: 100 } });
    await client.listOffers(1001);
    assert.deepEqual(retries.map((r) => r.delayMs), [0, 199]);
  });

  it('honours Retry-After given in seconds', async () => {
    const { client, hits, retries } = await setup(limited(1, () => ({ 'retry-after': '1' })));
    await client.listOffers(1001);
    assert.equal(hits.length, 2);
    assert.equal(retries.length, 1);
    assert.ok(retries[0]!.delayMs >= 1000, `waited ${retries[0]!.delayMs} ms`);
    assert.ok(retries[0]!.delayMs <= 1500);
  });

  it('honours Retry-After given as an HTTP date', async () => {
    const { client, hits, retries } = await setup(
      limited(1, () => ({ 'retry-after': new Date(Date.now() + 2000).toUTCString() })),
      { retry: { maxDelayMs: 3000 } },
    );
    await client.listOffers(1001);
    assert.equal(hits.length, 2);
    // An HTTP date has whole seconds, so a little over one to two of them are left when it is read.
    assert.ok(retries[0]!.delayMs >= 500 && retries[0]!.delayMs <= 2100, `waited ${retries[0]!.delayMs} ms`);
  });

  it('parses both Retry-After forms', () => {
    const now = Date.UTC(2025, 5, 17, 6, 46, 35);
    assert.equal(parseRetryAfter('3', now), 3000);
    assert.equal(parseRetryAfter('0', now), 0);
    assert.equal(parseRetryAfter('Tue, 17 Jun 2025 06:46:40 GMT', now), 5000);
    assert.equal(parseRetryAfter('Tue, 17 Jun 2025 06:46:00 GMT', now), 0);
    assert.equal(parseRetryAfter('soon', now), undefined);
    assert.equal(parseRetryAfter(null, now), undefined);
  });

  it('gives up with a RateLimitedError naming the merchant once attempts run out', async () => {
    const { client, hits, retries } = await setup(limited(Infinity), { retry: { maxAttempts: 3 } });
    const err = await client.listOffers(1004).catch((e) => e);
    assert.ok(err instanceof RateLimitedError);
    assert.ok(err instanceof ServiceError);
    assert.equal(err.status, 429);
    assert.equal(err.merchantId, 1004);
    assert.match(err.message, /merchant 1004/);
    assert.equal(hits.length, 3);
    assert.equal(retries.length, 2);
  });

  it('stays within the total wait cap', async () => {
    const { client, retries } = await setup(limited(Infinity), {
      retry: { maxAttempts: 100, baseDelayMs: 40, maxDelayMs: 80, maxTotalDelayMs: 300, random: () => 0.99 },
    });
    const err = await client.getCart(1, { merchantId: 1002 }).catch((e) => e);
    assert.ok(err instanceof RateLimitedError);
    const total = retries.reduce((sum, r) => sum + r.delayMs, 0);
    assert.ok(total <= 300, `waited ${total} ms in all`);
    assert.ok(retries.length >= 3);
  });

  it('gives up at once when Retry-After asks for more than one wait may take', async () => {
    const { client, hits } = await setup(limited(Infinity, () => ({ 'retry-after': '120' })));
    const err = await client.getCart(88002, { merchantId: 1001 }).catch((e) => e);
    assert.ok(err instanceof RateLimitedError);
    assert.equal(err.retryAfterMs, 120_000);
    assert.equal(err.merchantId, 1001);
    assert.match(err.message, /retry after 120 s/);
    assert.equal(hits.length, 1);
  });

  it('retries a POST without idempotency key on 429: the service did not process it', async () => {
    const { client, hits } = await setup((_hit, res, i) => (i === 0 ? json(res, 429, {}) : json(res, 200, cart)));
    await client.addCartSku(88002, { sku_id: 70001, quantity: 1 });
    assert.equal(hits.length, 2);
  });

  it('stops at once when aborted during a wait', async () => {
    const { client, hits } = await setup(limited(Infinity, () => ({ 'retry-after': '1' })));
    const controller = new AbortController();
    const call = client.getCart(1, { signal: controller.signal });
    await until(() => hits.length > 0, 'the first attempt');
    controller.abort();
    const err = await call.catch((e) => e);
    assert.equal(err.name, 'AbortError');
    await new Promise((r) => setTimeout(r, 1200));
    assert.equal(hits.length, 1);
  });

  it('does not even send a call whose signal is already aborted', async () => {
    const { client, hits } = await setup((_hit, res) => json(res, 200, cart));
    const err = await client.getCart(1, { signal: AbortSignal.abort() }).catch((e) => e);
    assert.equal(err.name, 'AbortError');
    assert.equal(hits.length, 0);
  });
});

describe('service client: timeouts and failures', () => {
  const never: Handler = () => {
    /* never answers */
  };

  it('turns a timeout into ServiceTimeoutError; outcome unknown for a POST without key', async () => {
    const { client } = await setup(never);
    const get = await client.getOrder(1, { timeoutMs: 50 }).catch((e) => e);
    assert.ok(get instanceof ServiceTimeoutError);
    assert.equal(get.outcomeUnknown, false);
    const post = await client.submitCart(88002, {}, { timeoutMs: 50 }).catch((e) => e);
    assert.ok(post instanceof ServiceTimeoutError);
    assert.equal(post.outcomeUnknown, true);
    assert.match(post.message, /POST \/v1\/checkout\/cart\/88002\/submit timed out after 50 ms/);
  });

  it('the caller abort wins over the timeout', async () => {
    const { client } = await setup(never);
    const controller = new AbortController();
    const call = client.getOrder(1, { signal: controller.signal, timeoutMs: 5_000 });
    setTimeout(() => controller.abort(), 20);
    const err = await call.catch((e) => e);
    assert.equal(err.name, 'AbortError');
  });

  it('never retries a POST without idempotency key after a 5xx', async () => {
    const { client, hits } = await setup((_hit, res) => json(res, 503, { message: 'upstream down' }));
    const err = await client.submitCart(88002).catch((e) => e);
    assert.ok(err instanceof ServiceError);
    assert.equal(err.status, 503);
    assert.equal(hits.length, 1);
  });

  it('never retries a POST without idempotency key after a dropped connection', async () => {
    const { client, hits } = await setup((_hit, res) => res.socket?.destroy());
    const err = await client.createDirectOrder(fixture('direct-order-request')).catch((e) => e);
    assert.ok(err instanceof ServiceNetworkError);
    assert.equal(err.outcomeUnknown, true);
    assert.equal(hits.length, 1);
  });

  it('retries a POST that carries an idempotency key on 503, with the same key', async () => {
    const { client, hits, retries } = await setup((_hit, res, i) => (i === 0 ? json(res, 503, {}) : json(res, 200, order)));
    const placed = await client.createDirectOrder(fixture('direct-order-request'), { idempotencyKey: 'order-7d1e22' });
    assert.equal(placed.id, 88003);
    assert.equal(hits.length, 2);
    assert.deepEqual(hits.map((h) => h.headers['idempotency-key']), ['order-7d1e22', 'order-7d1e22']);
    assert.equal(retries[0]!.reason, 'server_error');
  });

  it('retries a GET on 5xx and on a dropped connection', async () => {
    const { client, hits, retries } = await setup((_hit, res, i) => {
      if (i === 0) return json(res, 500, {});
      if (i === 1) return res.socket?.destroy();
      json(res, 200, order);
    });
    assert.equal((await client.getOrder(88003)).id, 88003);
    assert.equal(hits.length, 3);
    assert.deepEqual(retries.map((r) => r.reason), ['server_error', 'network']);
  });

  it('does not retry a 4xx other than 429', async () => {
    const { client, hits } = await setup((_hit, res) => json(res, 404, { message: 'Order not found', error: 'not_found', code: 404 }));
    const err = await client.getOrder(1).catch((e) => e);
    assert.equal(err.status, 404);
    assert.equal(hits.length, 1);
  });
});

describe('service client: token renewal', () => {
  it('renews the token and repeats the call once after an expired-token 401', async () => {
    // The service revoked token-1 before its `exp`: only the 401 tells us.
    let current = 'token-0';
    const server = await startServer((hit, res) => {
      if (hit.path === '/v1/auth/token') {
        current = 'token-2';
        return json(res, 200, { token: current });
      }
      if (hit.headers['x-service-token'] !== current) return json(res, 401, fixture('error-auth'));
      json(res, 200, cart);
    });
    servers.push(server);
    const provider = createRefreshingTokenProvider({
      baseUrl: server.url,
      appId: 10001,
      appSecret: 'app-secret',
      refreshToken: 'refresh-1',
      token: 'token-1',
    });
    const client = createServiceClient({ baseUrl: server.url, appId: 10001, appSecret: 'app-secret', token: provider });
    assert.equal((await client.getCart(88002)).id, 88002);
    assert.deepEqual(
      server.hits.map((h) => `${h.path} ${h.headers['x-service-token']}`),
      ['/v1/checkout/cart/88002 token-1', '/v1/auth/token refresh-1', '/v1/checkout/cart/88002 token-2'],
    );
    assert.equal(server.hits[1]!.headers['x-service-app-secret'], 'app-secret');
  });

  it('renews a token about to expire before sending the call', async () => {
    const fresh = jwt(Date.now() + 24 * 3_600_000);
    const server = await startServer((hit, res) =>
      hit.path === '/v1/auth/token' ? json(res, 200, { token: fresh }) : json(res, 200, order),
    );
    servers.push(server);
    const provider = createRefreshingTokenProvider({
      baseUrl: server.url,
      appId: 10001,
      appSecret: 'app-secret',
      refreshToken: 'refresh-1',
      token: jwt(Date.now() + 5 * 60_000),
    });
    const client = createServiceClient({ baseUrl: server.url, appId: 10001, appSecret: 'app-secret', token: provider });
    await client.getOrder(88003);
    await client.getOrder(88003);
    assert.deepEqual(
      server.hits.map((h) => `${h.path} ${h.headers['x-service-token'] === fresh ? 'fresh' : h.headers['x-service-token']}`),
      ['/v1/auth/token refresh-1', '/v1/orders/88003 fresh', '/v1/orders/88003 fresh'],
    );
  });

  it('does not loop when the renewed token is refused too', async () => {
    const server = await startServer((hit, res) =>
      hit.path === '/v1/auth/token' ? json(res, 200, { token: 'still-bad' }) : json(res, 401, fixture('error-auth')),
    );
    servers.push(server);
    const provider = createRefreshingTokenProvider({ baseUrl: server.url, appId: 1, appSecret: 's', refreshToken: 'r', token: 'old' });
    const client = createServiceClient({ baseUrl: server.url, appId: 1, appSecret: 's', token: provider });
    const err = await client.getOrder(1).catch((e) => e);
    assert.ok(err instanceof ServiceError);
    assert.equal(err.code, 11);
    assert.deepEqual(server.hits.map((h) => h.path), ['/v1/orders/1', '/v1/auth/token', '/v1/orders/1']);
  });
});
