/**
 * `npm start` keeps working with registrations per event: the demo registers
 * its BFF's webhook URL for every topic the BFF consumes, through the
 * service's own route, and a merchant event reaches it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDemo, type Demo } from '../../demo/server.js';
import { CONSUMED_WEBHOOK_TOPICS } from '../../src/contract/index.js';
import { DEFAULT_CREDENTIALS } from '../../src/sandbox/index.js';

let demo: Demo;
const HEADERS = {
  'x-service-app-id': String(DEFAULT_CREDENTIALS.appId),
  'x-service-app-secret': DEFAULT_CREDENTIALS.appSecret,
  'x-service-token': DEFAULT_CREDENTIALS.token,
};

before(async () => {
  demo = await startDemo({ port: 0, quiet: true, env: { PATH: process.env.PATH } });
});
after(() => demo.close());

describe('npm start', () => {
  it('registers the demo BFF for every consumed topic, and the sandbox delivers to it', async () => {
    const registrations = (await (await fetch(`${demo.serviceUrl}/v1/events/webhooks`, { headers: HEADERS })).json()) as { event: string; remote_endpoint: string }[];
    assert.deepEqual(registrations.map((r) => r.event).sort(), [...CONSUMED_WEBHOOK_TOPICS].sort());
    assert.ok(registrations.every((r) => r.remote_endpoint === new URL('api/webhooks', demo.url).href), JSON.stringify(registrations[0]));
    const res = await fetch(`${demo.serviceUrl}/__sandbox/merchants/1003/attention`, { method: 'POST', headers: { ...HEADERS, 'content-type': 'application/json' }, body: '{}' });
    assert.ok(res.ok, await res.text());
    for (let i = 0; i < 200; i++) {
      const { deliveries } = (await (await fetch(`${demo.serviceUrl}/__sandbox/webhooks`, { headers: HEADERS })).json()) as { deliveries: { topic: string; status: string }[] };
      if (deliveries.some((d) => d.status === 'delivered' && d.topic === 'MERCHANT_NEEDS_ATTENTION')) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.fail('the demo BFF never acknowledged MERCHANT_NEEDS_ATTENTION');
  });
});
