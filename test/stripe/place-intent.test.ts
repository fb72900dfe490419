/**
 * Cart mode with intent-based capture through the BFF (issue 16.2), over real
 * HTTP: quote → place answers `requires_action` → Stripe confirms (the
 * sandbox's stand-in route) → place again with the same Idempotency-Key.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADDRESS, APP_ID, APP_SECRET, CUSTOMER, SHOP_ORIGIN, startStack, TOKEN, type Stack } from '../bff/harness.js';

let stack: Stack;
const shop = { origin: SHOP_ORIGIN };
let n = 0;
const newKey = () => `intent-test-${Date.now()}-${++n}`;

before(async () => {
  stack = await startStack();
});
after(() => stack?.close());
beforeEach(() => stack.control('/__sandbox/reset', { json: {} }));

const quote = (body: object) => stack.api('/api/checkout/quote', { method: 'POST', headers: shop, json: body });
const place = (body: object, key: string) => stack.api('/api/checkout/place', { method: 'POST', headers: { ...shop, 'idempotency-key': key }, json: body });
/** Stripe's servers confirming the intent (a 402 decline is an answer too, not a failure of the call). */
async function confirm(secret: string, body: object = {}) {
  const res = await fetch(`${stack.sandboxUrl}/__sandbox/payment_intents/${secret.split('_secret_')[0]}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-app-id': String(APP_ID), 'x-service-app-secret': APP_SECRET, 'x-service-token': TOKEN },
    body: JSON.stringify({ client_secret: secret, ...body }),
  });
  return res.json();
}
const submitted = async () => ((await stack.control('/__sandbox/orders')) as any[]).filter((o) => o.status !== 'IN_PROGRESS');

async function readyQuote() {
  const res = await stack.api('/api/offers?merchant_id=1001&size=50');
  const sku = res.body.offers.flatMap((o: any) => o.skus).find((s: any) => s.in_stock !== false && (s.qty_available ?? 10) >= 3);
  const q = await quote({
    mode: 'cart',
    lines: [{ sku_id: sku.id, quantity: 1 }],
    customer: CUSTOMER,
    shipping_address: ADDRESS,
    payment: { intent_based_capture: true },
  });
  assert.equal(q.status, 200, q.text);
  assert.equal(q.body.ready, true);
  return q.body;
}

describe('place with a Stripe PaymentIntent (cart mode)', () => {
  it('the quote carries the key and client secret; place asks for confirmation, then places only after it', async () => {
    const q = await readyQuote();
    assert.equal(q.payment.provider, 'stripe');
    assert.match(q.payment.stripe_key, /^pk_test_/);
    assert.match(q.payment.payment_intent_client_secret, /^pi_\w+_secret_\w+$/);
    const key = newKey();
    const first = await place({ quote_token: q.quote_token, payment: { token: 'pi_whatever', payment_provider: 'STRIPE', type: 'PAYMENT_INTENT' } }, key);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.status, 'requires_action');
    assert.equal(first.body.payment_intent_client_secret, q.payment.payment_intent_client_secret, 'same total, same intent');
    assert.equal(first.body.stripe_key, q.payment.stripe_key);
    assert.equal((await submitted()).length, 0, 'nothing submitted before the confirmation');

    // Sent before Stripe confirmed: refused, nothing placed, the key stays usable.
    const early = await place({ quote_token: q.quote_token, payment: { intent_confirmed: true } }, key);
    assert.ok(early.status >= 400 && early.status < 500, early.text);
    assert.equal((await submitted()).length, 0);

    // A decline: still nothing; then the shopper's next card goes through 3-D Secure.
    const declined = await confirm(first.body.payment_intent_client_secret, { outcome: 'declined', decline_code: 'insufficient_funds' });
    assert.equal(declined.error.decline_code, 'insufficient_funds');
    assert.ok((await place({ quote_token: q.quote_token, payment: { intent_confirmed: true } }, key)).status >= 400);
    assert.equal((await confirm(first.body.payment_intent_client_secret, { outcome: 'requires_authentication' })).status, 'requires_action');
    assert.equal((await confirm(first.body.payment_intent_client_secret)).status, 'requires_capture');

    const done = await place({ quote_token: q.quote_token, payment: { intent_confirmed: true } }, key);
    assert.equal(done.status, 201, done.text);
    assert.equal(done.body.status, 'placed');
    assert.deepEqual(done.body.order.bags.map((b: any) => b.financial_status), ['AUTHORIZED']);
    assert.equal(done.body.order.payment_transactions, undefined, 'no gateway data in the shopper answer');
    // The service's copy of the order carries the intent as its transaction.
    const service = await stack.control(`/v1/orders/${done.body.order.id}`);
    assert.equal(service.payment_transactions[0].payment_provider_transaction_id, first.body.payment_intent_client_secret.split('_secret_')[0]);
    // The same attempt again: the one order.
    const again = await place({ quote_token: q.quote_token, payment: { intent_confirmed: true } }, key);
    assert.equal(again.body.order.id, done.body.order.id);
    assert.equal((await submitted()).length, 1);
  });

  it('a quote without intent capture cannot be placed as a confirmed intent', async () => {
    const res = await stack.api('/api/offers?merchant_id=1001&size=50');
    const sku = res.body.offers.flatMap((o: any) => o.skus).find((s: any) => s.in_stock !== false);
    const q = await quote({ mode: 'cart', lines: [{ sku_id: sku.id, quantity: 1 }], customer: CUSTOMER, shipping_address: ADDRESS });
    assert.equal(q.body.payment, undefined);
    const p = await place({ quote_token: q.body.quote_token, payment: { intent_confirmed: true } }, newKey());
    assert.equal(p.status, 400);
    assert.equal(p.body.error.code, 'payment_required');
  });
});
