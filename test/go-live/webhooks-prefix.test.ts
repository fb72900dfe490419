/**
 * Webhooks under the real service's header names: a sandbox speaking
 * `X-Violet-*` (credentials and deliveries alike), a BFF configured with
 * `SERVICE_HEADER_PREFIX=X-Violet-`, the BFF's endpoint registered the way the
 * service takes it (`POST /v1/events/webhooks`, one per consumed topic), and
 * a shopper's order stream that sees the bag move.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CONSUMED_WEBHOOK_TOPICS } from '../../src/contract/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { APP_ID, APP_SECRET, TOKEN, openEvents, placeOrder, sign, startBff } from '../hostile/harness.js';

const VIOLET = { 'X-Violet-App-Id': String(APP_ID), 'X-Violet-App-Secret': APP_SECRET, 'X-Violet-Token': TOKEN };

let sandbox: Sandbox;
let bff: Awaited<ReturnType<typeof startBff>>;

async function service(method: string, path: string, json?: unknown) {
  const res = await fetch(sandbox.url + path, {
    method,
    headers: { ...VIOLET, ...(json !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${path} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

before(async () => {
  sandbox = await startSandbox({ port: 0, headerPrefix: 'X-Violet-', webhookRetryDelaysMs: [20, 40] });
  bff = await startBff(sandbox.url, { serviceHeaderPrefix: 'X-Violet-' });
  for (const event of CONSUMED_WEBHOOK_TOPICS) {
    await service('POST', '/v1/events/webhooks', { event, remote_endpoint: `${bff.base}/api/webhooks` });
  }
});
after(async () => {
  await bff.close();
  await sandbox.close();
});

describe('webhooks with the real names (X-Violet-Hmac, X-Violet-Topic, X-Violet-Event-Id)', () => {
  it('are received and applied: the shopper sees the bag ship, and every delivery was answered 200 the first time', async () => {
    const { order, access } = await placeOrder(bff, [1001], 'violet-prefix-order-1');
    const stream = await openEvents(`${bff.base}/api/orders/${order.id}/events?access=${access}`);
    try {
      await stream.until((e) => e.event === 'order');
      await service('POST', `/__sandbox/orders/${order.id}/advance`, {});
      await service('POST', `/__sandbox/orders/${order.id}/advance`, {});
      await stream.until((e) => e.event === 'bag' && e.data.topic === 'ORDER_SHIPPED');
    } finally {
      stream.close();
    }
    const { deliveries } = await service('GET', '/__sandbox/webhooks');
    assert.ok(deliveries.length >= 3, JSON.stringify(deliveries));
    for (const d of deliveries) assert.deepEqual([d.topic, d.status, d.last_status, d.attempts], [d.topic, 'delivered', 200, 1]);
  });

  it('refuses a delivery signed under the neutral name only (X-Service-Hmac), so a wrong prefix cannot pass unseen', async () => {
    const raw = JSON.stringify({ id: 1, name: 'Shop', merchant_id: 1001 });
    const res = await bff.api('/api/webhooks', {
      method: 'POST',
      body: raw,
      headers: { 'content-type': 'application/json', 'x-service-hmac': sign(raw), 'x-service-topic': 'OFFER_UPDATED', 'x-service-event-id': 'e-1' },
    });
    assert.equal(res.status, 401);
    const good = await bff.api('/api/webhooks', {
      method: 'POST',
      body: raw,
      headers: { 'content-type': 'application/json', 'X-Violet-Hmac': sign(raw), 'X-Violet-Topic': 'OFFER_UPDATED', 'X-Violet-Event-Id': 'e-2' },
    });
    assert.equal(good.status, 200, good.text);
  });
});
