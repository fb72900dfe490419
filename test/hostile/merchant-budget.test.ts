/**
 * Issue 15, item 10 — one client draining a merchant's platform for every
 * shopper. The per-IP limit is off here, as it is for a client spread over
 * many addresses; the sandbox counts every call that reaches a platform.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createMemoryMerchantBudget } from '../../src/bff/stores/index.js';
import { ADDRESS, assertNoSecrets, place, readyQuote, startBff, startStack, type Stack } from './harness.js';

const BURST = 6;
let stack: Stack;

async function platformCalls(merchantId: number): Promise<{ count: number; rate_limited: number }> {
  const calls = await stack.control('/__sandbox/calls');
  return calls.merchants[merchantId] ?? { count: 0, rate_limited: 0 };
}

async function skuOf(api: Stack['api'], merchantId: number) {
  const page = await api(`/api/offers?merchant_id=${merchantId}&size=10`);
  assert.equal(page.status, 200, page.text);
  return page.body.offers.flatMap((o: any) => o.skus).find((s: any) => s.in_stock)!.id as number;
}

/** A direct-mode quote: one estimate call to the service, which spends the budget of the SKU's merchant. */
const quote = (api: Stack['api'], skuId: number) =>
  api('/api/checkout/quote', { method: 'POST', json: { lines: [{ sku_id: skuId, quantity: 1 }], shipping_address: ADDRESS } });

/** A ready quote with a bag of 1001, taken before its budget is spent, to be placed once it is. */
let quotedWith1001: string;

before(async () => {
  // Barely refilling during the test: what is spent stays spent.
  stack = await startStack({ merchantBudget: { burst: BURST, perSecond: 0.05, clientShare: 1 } });
  quotedWith1001 = (await readyQuote(stack, [1002, 1001])).quote_token;
});
after(() => stack.close());

describe('15.10 — a per-merchant budget at the BFF', () => {
  it('a flood of quotes for one merchant: the platform sees at most the budget; the rest is answered busy, with Retry-After, by the BFF', async () => {
    const sku = await skuOf(stack.api, 1001);
    const before = await platformCalls(1001);
    const answers = await Promise.all(Array.from({ length: 30 }, () => quote(stack.api, sku)));
    const after = await platformCalls(1001);
    const ok = answers.filter((a) => a.status === 200);
    const busy = answers.filter((a) => a.status === 429);
    assert.equal(ok.length + busy.length, answers.length, answers.map((a) => a.status).join(','));
    assert.ok(ok.length >= 1 && ok.length < BURST, `${ok.length} quotes went through`);
    assert.ok(after.count - before.count <= BURST, `${after.count - before.count} platform calls`);
    assert.equal(after.rate_limited, before.rate_limited, 'the platform itself had to refuse');
    for (const b of busy) {
      assert.equal(b.body.error.code, 'merchant_busy');
      assert.equal(b.body.error.merchant_id, 1001);
      assert.ok(Number(b.headers.get('retry-after')) >= 1);
      assert.equal(b.body.error.retry_after, Number(b.headers.get('retry-after')));
    }
  });

  it('while merchant 1001 is busy, its offer pages and an order with a bag of it are refused before the platform; other merchants are served', async () => {
    const before = await platformCalls(1001);
    const fresh = await stack.api('/api/offers?merchant_id=1001&size=7');
    assert.equal(fresh.status, 429, fresh.text);
    assert.equal(fresh.body.error.code, 'merchant_busy');
    const order = await place(stack, quotedWith1001, 'budget-direct-1');
    assert.equal(order.status, 429, order.text);
    assert.equal(order.body.error.code, 'merchant_busy');
    assert.equal(order.body.error.merchant_id, 1001);
    assert.equal((await stack.control('/__sandbox/orders')).filter((o: any) => o.status !== 'IN_PROGRESS').length, 0, 'no order was placed');
    const other = await quote(stack.api, await skuOf(stack.api, 1003));
    assert.equal(other.status, 200, other.text);
    assert.equal((await platformCalls(1001)).count, before.count);
  });

  it('the budget is shared through the store: a second instance on the same store sees 1001 busy too', async () => {
    const shared = createMemoryMerchantBudget({ burst: 3, perSecond: 0.05, clientShare: 1 });
    const a = await startBff(stack.sandboxUrl, { merchantBudgetStore: shared });
    const b = await startBff(stack.sandboxUrl, { merchantBudgetStore: shared });
    try {
      const sku = await skuOf(a.api, 1004);
      await skuOf(b.api, 1004);
      const drained = await Promise.all(Array.from({ length: 5 }, () => quote(a.api, sku)));
      assert.ok(drained.some((r) => r.status === 429));
      const viaB = await quote(b.api, sku);
      assert.equal(viaB.status, 429, viaB.text);
      assert.equal(viaB.body.error.merchant_id, 1004);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('no answer in this file carried the app secret or token', () => {
    assert.equal(assertNoSecrets(stack.received), undefined);
  });
});

describe('the in-memory merchant budget', () => {
  it('is a token bucket per merchant: burst, refill, whole-second Retry-After, nothing spent when refused', async () => {
    const budget = createMemoryMerchantBudget({ burst: 2, perSecond: 1 });
    assert.deepEqual(await budget.take(1, 1, 0), { ok: true });
    assert.deepEqual(await budget.take(1, 1, 0), { ok: true });
    assert.deepEqual(await budget.take(1, 1, 0), { ok: false, retryAfterSeconds: 1 });
    assert.deepEqual(await budget.take(2, 1, 0), { ok: true });
    assert.deepEqual(await budget.take(1, 2, 500), { ok: false, retryAfterSeconds: 2 });
    assert.deepEqual(await budget.take(1, 1, 1000), { ok: true });
    // A clock stepping back refills nothing.
    assert.deepEqual(await budget.take(1, 1, 0), { ok: false, retryAfterSeconds: 1 });
    assert.deepEqual(await budget.take(1, 2, 3000), { ok: true });
  });
});
