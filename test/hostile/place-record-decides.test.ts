/**
 * Issue 25.1 — the attempt's record decides, not the token. A resend of an
 * attempt (same Idempotency-Key, same body) is answered from the key's
 * record whatever happened to its quote token since: expired (410 before)
 * or signed with a key this BFF no longer has (400 before). Only a new key
 * is refused for such a token, and only once the service was asked whether
 * it holds the key's order — so 410/400 to a resend means "not placed".
 * Both modes; quotes live two seconds here, and expire when the test moves
 * this process's clock past them (test/model/clock.ts), not after real seconds.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox } from '../../src/sandbox/index.js';
import { place, readyQuote, startBff, type Stack, stackPerFile } from './harness.js';
import { until } from '../until.js';
import { installSkewClock } from '../model/clock.js';

const QUOTE_TTL_MS = 2_000;
// Before any BFF is built: parts of it keep the `Date.now` they were built with (test/model/clock.ts). The clock is
// the process's: this file needs a process of its own (scripts/test.mjs), as the model test does.
const clock = installSkewClock();
after(() => clock.restore());
let stack: Stack;
stackPerFile(import.meta.url, (s) => (stack = s), { quoteTtlMs: QUOTE_TTL_MS, upstreamTimeoutMs: 1_500, idempotencyWaitMs: 300, placeUnknownWindowMs: 60_000 });

const placedOrders = async (sandbox = stack) => (await sandbox.control('/__sandbox/orders')).filter((o: any) => o.status !== 'IN_PROGRESS');
/** Moves the clock past the quote's own `expires_at`: the BFF takes no clock and reads `Date.now`. */
const expired = (quote: { expires_at: string }) => clock.advance(Math.max(0, Date.parse(quote.expires_at) + 50 - Date.now()));

for (const mode of ['direct', 'cart'] as const) {
  describe(`${mode} mode: a resend after the quote expired`, () => {
    it('gets the stored order (the first 201 was lost), and never a second order', async () => {
      const q = await readyQuote(stack, [1001], { mode });
      const first = await place(stack, q.quote_token, `lost-201-${mode}`);
      assert.equal(first.status, 201, first.text);
      expired(q);
      const resend = await place(stack, q.quote_token, `lost-201-${mode}`);
      assert.equal(resend.status, 201, resend.text);
      assert.equal(resend.body.order.id, first.body.order.id);
      assert.equal((await placedOrders()).length, 1);
    });

    it('keeps answering "still placing" for an attempt whose outcome is unknown, then its one order', async () => {
      const q = await readyQuote(stack, [1001], { mode });
      await stack.control('/__sandbox/timing', { json: { at: mode === 'cart' ? 'cart_submit' : 'order_create' } });
      const key = `pending-expiry-${mode}`;
      const first = await place(stack, q.quote_token, key);
      assert.equal(first.status, 202, first.text);
      expired(q);
      const resend = await place(stack, q.quote_token, key);
      assert.equal(resend.status, 202, resend.text);
      await stack.control('/__sandbox/timing/release', { json: {} });
      let last = resend;
      await until(async () => (last = await place(stack, q.quote_token, key)).status !== 202, 'the attempt to settle', 15_000);
      assert.equal(last.status, 201, last.text);
      assert.equal((await placedOrders()).length, 1);
    });

    it('refuses a new key with the expired token (410) after finding no order of it, and sends nothing', async () => {
      const q = await readyQuote(stack, [1001], { mode });
      expired(q);
      const calls = stack.upstream.length;
      const res = await place(stack, q.quote_token, `new-key-expired-${mode}`);
      assert.equal(res.status, 410, res.text);
      assert.equal(res.body.error.code, 'quote_expired');
      assert.deepEqual(stack.upstream.slice(calls), ['POST /v1/orders/search'], 'a read by the key’s app_order_id, never a submit');
      assert.equal((await placedOrders()).length, 0);
    });
  });
}

describe('a key whose record this BFF does not have', () => {
  it('is answered with the service’s order of that key (201), even with an expired token or another signing key', async () => {
    // Two BFFs on one sandbox, each with its own (memory) records and signing secret: the second knows nothing of the first's attempt.
    const sandbox = await startSandbox({ port: 0 });
    const one = await startBff(sandbox.url, { signingSecret: 'signing-one', quoteTtlMs: QUOTE_TTL_MS });
    const two = await startBff(sandbox.url, { signingSecret: 'signing-two' });
    try {
      const q = await readyQuote(one, [1001]);
      const first = await place(one, q.quote_token, 'other-bff-1');
      assert.equal(first.status, 201, first.text);
      const invalidThere = await place(two, q.quote_token, 'other-bff-1');
      assert.equal(invalidThere.status, 201, invalidThere.text);
      assert.equal(invalidThere.body.order.id, first.body.order.id);
      expired(q);
      const expiredHere = await place(one, q.quote_token, 'other-bff-1');
      assert.equal(expiredHere.status, 201, expiredHere.text);
      // A key nobody placed, with the same token: definitely not placed.
      const fresh = await place(two, q.quote_token, 'other-bff-2');
      assert.equal(fresh.status, 400, fresh.text);
      assert.equal(fresh.body.error.code, 'quote_invalid');
      // Knowing someone's key is not enough to read their order: a token that does not state it gets nothing.
      const three = await startBff(sandbox.url, { signingSecret: 'signing-three' });
      try {
        const other = await readyQuote(one, [1001], { quantity: 2 });
        const snoop = await place(three, other.quote_token, 'other-bff-1');
        assert.equal(snoop.status, 400, snoop.text);
        assert.ok(!snoop.text.includes(String(first.body.order.id)) && !snoop.text.includes(first.body.access), snoop.text);
      } finally {
        await three.close();
      }
    } finally {
      await one.close();
      await two.close();
      await sandbox.close();
    }
  });
});
