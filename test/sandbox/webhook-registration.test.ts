/**
 * The service's webhook registrations (`/v1/events/webhooks`): one per event
 * and app, HTTPS only (the sandbox also takes loopback http), and each event
 * delivered only to the endpoint registered for it.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { CONSUMED_WEBHOOK_TOPICS, WebhookRegistrationListSchema, WebhookRegistrationSchema } from '../../src/contract/index.js';
import { directOrder, receiver, sandbox, type TestSandbox } from './support.js';

describe('sandbox webhook registrations', () => {
  let sb: TestSandbox;
  const receivers: Awaited<ReturnType<typeof receiver>>[] = [];
  beforeEach(async () => {
    sb = await sandbox();
  });
  afterEach(async () => {
    await sb.close();
    for (const r of receivers.splice(0)) await r.close();
  });

  it('delivers each event only to the endpoint registered for it, and nothing unregistered', async () => {
    const shipped = await receiver();
    const accepted = await receiver();
    receivers.push(shipped, accepted);
    const a = await sb.post('/v1/events/webhooks', { event: 'ORDER_SHIPPED', remote_endpoint: shipped.url });
    assert.equal(a.status, 200, a.text);
    const registration = WebhookRegistrationSchema.parse(a.body);
    assert.equal(registration.event, 'ORDER_SHIPPED');
    assert.equal(registration.remote_endpoint, shipped.url);
    assert.equal(registration.status, 'ACTIVE');
    assert.equal(registration.app_id, 10001);
    assert.equal((await sb.post('/v1/events/webhooks', { event: 'ORDER_ACCEPTED', remote_endpoint: accepted.url })).status, 200);

    const order = (await sb.post('/v1/orders', directOrder([{ sku: await sb.skuOf(1001) }]))).body;
    await sb.post(`/__sandbox/orders/${order.id}/advance`);
    await sb.post(`/__sandbox/orders/${order.id}/advance`);
    const [ship] = await shipped.waitFor(1);
    const [accept] = await accepted.waitFor(1);
    assert.equal(ship!.headers['x-service-topic'], 'ORDER_SHIPPED');
    assert.equal(accept!.headers['x-service-topic'], 'ORDER_ACCEPTED');
    // ORDER_COMPLETED fired at submit and went nowhere: no registration for it.
    const log = (await sb.get('/__sandbox/webhooks')).body.deliveries as { topic: string; url: string }[];
    assert.deepEqual(log.map((d) => `${d.topic} ${d.url}`).sort(), [`ORDER_ACCEPTED ${accepted.url}`, `ORDER_SHIPPED ${shipped.url}`]);
    assert.equal(shipped.received.length, 1);
    assert.equal(accepted.received.length, 1);
  });

  it('keeps one registration per event: registering again moves it (same id); lists, filters and deletes', async () => {
    const first = (await sb.post('/v1/events/webhooks', { event: 'OFFER_UPDATED', remote_endpoint: 'https://old.example/hooks' })).body;
    const moved = (await sb.post('/v1/events/webhooks', { event: 'OFFER_UPDATED', remote_endpoint: 'https://shop.example/api/webhooks' })).body;
    assert.equal(moved.id, first.id);
    assert.equal(moved.remote_endpoint, 'https://shop.example/api/webhooks');
    await sb.post('/v1/events/webhooks', { event: 'ORDER_SHIPPED', remote_endpoint: 'https://shop.example/api/webhooks' });
    const all = WebhookRegistrationListSchema.parse((await sb.get('/v1/events/webhooks')).body);
    assert.deepEqual(all.map((r) => r.event), ['OFFER_UPDATED', 'ORDER_SHIPPED']);
    const filtered = (await sb.get('/v1/events/webhooks?event=ORDER_SHIPPED')).body;
    assert.deepEqual(filtered.map((r: any) => r.event), ['ORDER_SHIPPED']);
    assert.equal((await sb.get(`/v1/events/webhooks/${first.id}`)).body.event, 'OFFER_UPDATED');
    const gone = await sb.call('DELETE', `/v1/events/webhooks/${first.id}`);
    assert.equal(gone.status, 200);
    assert.equal((await sb.get(`/v1/events/webhooks/${first.id}`)).status, 404);
    assert.equal((await sb.call('DELETE', `/v1/events/webhooks/${first.id}`)).status, 404);
  });

  it('refuses a non-HTTPS endpoint off this machine, an unknown event, and a call without the token', async () => {
    const http = await sb.post('/v1/events/webhooks', { event: 'ORDER_SHIPPED', remote_endpoint: 'http://shop.example/api/webhooks' });
    assert.equal(http.status, 400, http.text);
    assert.match(http.text, /HTTPS/);
    const unknown = await sb.post('/v1/events/webhooks', { event: 'ORDER_TELEPORTED', remote_endpoint: 'https://shop.example/h' });
    assert.equal(unknown.status, 400);
    const anonymous = await sb.post('/v1/events/webhooks', { event: 'ORDER_SHIPPED', remote_endpoint: 'https://shop.example/h' }, { 'x-service-token': '' });
    assert.equal(anonymous.status, 401);
    assert.deepEqual((await sb.get('/v1/events/webhooks')).body, []);
  });

  it('registers a URL for every consumed topic through the /__sandbox/webhooks shortcut', async () => {
    await sb.post('/__sandbox/webhooks', { url: 'http://127.0.0.1:9/api/webhooks' });
    const all = (await sb.get('/v1/events/webhooks')).body as { event: string }[];
    assert.deepEqual(all.map((r) => r.event).sort(), [...CONSUMED_WEBHOOK_TOPICS].sort());
    assert.equal(CONSUMED_WEBHOOK_TOPICS.length, 21);
  });
});
