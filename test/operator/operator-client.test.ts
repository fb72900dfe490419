import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiRequestError } from '../../src/state/api-client.js';
import { createOperatorClient } from '../../src/state/operator-client.js';
import { healthyMerchants, onboardingRecord } from '../../stories/fixtures/operator.js';

type Seen = { url: string; method: string; headers: Headers; body?: unknown };

function fake(answer: (seen: Seen, signal?: AbortSignal | null) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const s = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    seen.push(s);
    return answer(s, init.signal);
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('operator client', () => {
  it('reads connection health with the bearer token and keeps the BFF time', async () => {
    const { fetch, seen } = fake(() => json({ reports: healthyMerchants, fetched_at: '2026-11-21T09:00:00.000Z' }));
    const client = createOperatorClient({ endpoint: '/api/', token: 'op-1', fetch });
    const snapshot = await client.connectionHealth();
    assert.equal(snapshot.reports.length, 3);
    assert.equal(snapshot.fetchedAt, '2026-11-21T09:00:00.000Z');
    assert.equal(seen[0]!.url, '/api/operator/connection-health');
    assert.equal(seen[0]!.headers.get('authorization'), 'Bearer op-1');
  });

  it('refreshes one merchant with a POST to its own path', async () => {
    const { fetch, seen } = fake(() => json({ report: healthyMerchants[1], fetched_at: '2026-11-21T10:00:00.000Z' }));
    const client = createOperatorClient({ endpoint: '/api', token: 'op', fetch });
    const { report, fetchedAt } = await client.refreshMerchant(1002);
    assert.equal(report.merchant_id, 1002);
    assert.equal(fetchedAt, '2026-11-21T10:00:00.000Z');
    assert.deepEqual(
      seen.map((s) => `${s.method} ${s.url}`),
      ['POST /api/operator/connection-health/1002/refresh'],
    );
  });

  it('puts the onboarding body as JSON and returns the stored record', async () => {
    const { fetch, seen } = fake(() => json({ onboarding: onboardingRecord() }));
    const client = createOperatorClient({ endpoint: '/api', token: 'op', fetch });
    const body = {
      channel_merchant_id: 'm',
      payout_details: { payment_provider: 'SANDBOX', payment_provider_metadata: { stripe_account_id: 'acct_1' } },
    };
    const record = await client.onboardMerchant(42, body);
    assert.equal(record.payout_details?.payment_provider_account_id, 'pa_sandbox_0042');
    assert.equal(seen[0]!.method, 'PUT');
    assert.equal(seen[0]!.url, '/api/operator/onboarding/42');
    assert.equal(seen[0]!.headers.get('content-type'), 'application/json');
    assert.deepEqual(seen[0]!.body, body);
  });

  it('turns error answers and network failures into ApiRequestError', async () => {
    const denied = createOperatorClient({
      endpoint: '/api',
      token: 'bad',
      fetch: fake(() => json({ error: { code: 'unauthorized', message: 'Operator token missing or wrong' } }, 401)).fetch,
    });
    await assert.rejects(denied.connectionHealth(), (e: unknown) => e instanceof ApiRequestError && e.status === 401 && e.code === 'unauthorized');

    const offline = createOperatorClient({
      endpoint: '/api',
      token: 'op',
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof globalThis.fetch,
    });
    await assert.rejects(offline.refreshMerchant(1), (e: unknown) => e instanceof ApiRequestError && e.code === 'network');
  });

  it('a newer health read aborts the older one', async () => {
    let first = true;
    const { fetch } = fake((_, signal) => {
      if (!first) return json({ reports: [] });
      first = false;
      return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
    });
    const client = createOperatorClient({ endpoint: '/api', token: 'op', fetch });
    const older = client.connectionHealth();
    const newer = client.connectionHealth();
    await assert.rejects(older, (e: unknown) => (e as Error).name === 'AbortError');
    assert.deepEqual((await newer).reports, []);
  });
});
