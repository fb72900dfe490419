/**
 * Issue 26.7: a merchant event refreshes that merchant's health on the
 * service's route (`GET /v1/operations/connection_health/{id}?refresh=true`),
 * at most once per interval per merchant — never once per webhook.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { sign, startBff } from '../hostile/harness.js';
import { until } from '../until.js';

let sandbox: Sandbox;
let bff: Awaited<ReturnType<typeof startBff>>;

const refreshes = (merchantId: number) => bff.upstream.filter((u) => u === `GET /v1/operations/connection_health/${merchantId}?refresh=true`).length;

function merchantEvent(merchantId: number) {
  const raw = JSON.stringify({ id: merchantId, name: `Merchant ${merchantId}` });
  return bff.api('/api/webhooks', {
    method: 'POST',
    body: raw,
    headers: { 'content-type': 'application/json', 'x-service-topic': 'MERCHANT_NEEDS_ATTENTION', 'x-service-event-id': randomUUID(), 'x-service-hmac': sign(raw) },
  });
}

/** Waits (within a test budget, not a timing assertion) until `n` refreshes of the merchant went upstream. */
async function refreshed(merchantId: number, n: number) {
  await until(() => refreshes(merchantId) >= n, `${n} refreshes of merchant ${merchantId}`);
  assert.equal(refreshes(merchantId), n);
}

before(async () => {
  sandbox = await startSandbox({ port: 0 });
  bff = await startBff(sandbox.url);
});
after(async () => {
  await bff.close();
  await sandbox.close();
});

describe('merchant health refresh', () => {
  it('uses the service route with refresh=true, once for a run of events about one merchant, once more for another merchant', async () => {
    assert.equal((await merchantEvent(1007)).status, 200);
    await refreshed(1007, 1);
    for (let i = 0; i < 5; i++) assert.equal((await merchantEvent(1007)).status, 200);
    assert.equal((await merchantEvent(1006)).status, 200);
    await refreshed(1006, 1);
    // Six events about 1007, one refresh: the rest wait for the interval's end (15 min by default).
    assert.equal(refreshes(1007), 1);
    assert.ok(!bff.upstream.some((u) => u.includes('/connection_health/merchants/')), bff.upstream.join('\n'));
  });
});
