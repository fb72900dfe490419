import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { OrderSchema } from '../../src/contract/index.js';
import { directOrder, sandbox, US_ADDRESS, type TestSandbox } from './support.js';

/** A USD cart with customer, address and shipping chosen: ready for payment. */
async function readyCart(sb: TestSandbox, extra: Record<string, unknown> = {}) {
  const a = await sb.skuOf(1001);
  const created = await sb.post('/v1/checkout/cart', { base_currency: 'USD', skus: [{ sku_id: a.id, quantity: 1 }], ...extra });
  assert.equal(created.status, 200, created.text);
  const id = created.body.id as number;
  await sb.post(`/v1/checkout/cart/${id}/customer`, { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' });
  await sb.post(`/v1/checkout/cart/${id}/shipping_address`, US_ADDRESS);
  const options = (await sb.get(`/v1/checkout/cart/${id}/shipping/available`)).body;
  await sb.post(
    `/v1/checkout/cart/${id}/shipping`,
    options.map((o: any) => ({ bag_id: o.bag_id, shipping_method_id: o.shipping_methods[0].shipping_method_id })),
  );
  return { id, sku: a, created: created.body };
}

const piOf = (secret: string) => /^(pi_[a-z0-9]+)_secret_[a-z0-9]+$/.exec(secret)![1]!;

describe('sandbox: Stripe PaymentIntents and test tokens', () => {
  let sb: TestSandbox;
  before(async () => {
    sb = await sandbox();
  });
  beforeEach(() => sb.post('/__sandbox/reset'));
  after(() => sb.close());

  it('answers intent_based_capture with a client secret and a test key; submit waits for the confirmation', async () => {
    const { id, sku } = await readyCart(sb);
    const paid = await sb.post(`/v1/checkout/cart/${id}/payment`, { intent_based_capture: true });
    assert.equal(paid.status, 200, paid.text);
    const cart = OrderSchema.parse(paid.body);
    assert.match(cart.payment_intent_client_secret!, /^pi_[a-z0-9]+_secret_[a-z0-9]+$/);
    assert.match(cart.stripe_key!, /^pk_test_/);
    assert.equal(cart.intent_based_checkout, true);
    const pi = piOf(cart.payment_intent_client_secret!);
    assert.deepEqual(
      cart.payment_transactions.map((t) => [t.payment_provider, t.payment_provider_transaction_id, t.amount, t.capture_status]),
      [['STRIPE', pi, cart.total, 'REQUIRES_PAYMENT_METHOD']],
    );
    // Asking again for the same total keeps the same intent.
    const again = await sb.post(`/v1/checkout/cart/${id}/payment`, { intent_based_capture: true, payment_provider: 'STRIPE' });
    assert.equal(again.body.payment_intent_client_secret, cart.payment_intent_client_secret);

    const early = await sb.post(`/v1/checkout/cart/${id}/submit`, {});
    assert.equal(early.status, 400);
    assert.equal(early.body.field, 'payment_intent');
    assert.equal((await sb.get(`/v1/checkout/cart/${id}`)).body.date_submitted, null, 'nothing submitted');
    const stock = (await sb.get(`/v1/catalog/offers/${sku.offer_id}`)).body.skus.find((s: any) => s.id === sku.id);
    assert.equal(stock.qty_available, sku.qty_available, 'no stock taken before the confirmation');

    const confirmed = await sb.post(`/__sandbox/payment_intents/${pi}/confirm`, { client_secret: cart.payment_intent_client_secret });
    assert.equal(confirmed.status, 200, confirmed.text);
    assert.equal(confirmed.body.status, 'requires_capture');
    assert.equal(confirmed.body.amount, cart.total);
    const submitted = await sb.post(`/v1/checkout/cart/${id}/submit`, {});
    assert.equal(submitted.status, 200, submitted.text);
    const order = OrderSchema.parse(submitted.body);
    assert.deepEqual(order.bags.map((b) => [b.status, b.financial_status]), [['SUBMITTED', 'AUTHORIZED']]);
    assert.deepEqual(order.payment_transactions.map((t) => [t.payment_provider, t.payment_provider_transaction_id, t.amount]), [['STRIPE', pi, order.total]]);
    const twice = await sb.post(`/__sandbox/payment_intents/${pi}/confirm`, {});
    assert.equal(twice.status, 400);
    assert.equal(twice.body.error.code, 'payment_intent_unexpected_state');
  });

  it('declines with last_payment_error and leaves the intent to try again; the cart stays unsubmitted', async () => {
    const { id } = await readyCart(sb);
    const secret = (await sb.post(`/v1/checkout/cart/${id}/payment`, { intent_based_capture: true })).body.payment_intent_client_secret;
    const pi = piOf(secret);
    const declined = await sb.post(`/__sandbox/payment_intents/${pi}/confirm`, { outcome: 'declined', decline_code: 'insufficient_funds' });
    assert.equal(declined.status, 402);
    assert.equal(declined.body.error.code, 'card_declined');
    assert.equal(declined.body.error.decline_code, 'insufficient_funds');
    assert.equal(declined.body.error.payment_intent.status, 'requires_payment_method');
    assert.equal((await sb.post(`/v1/checkout/cart/${id}/submit`, {})).status, 400);
    assert.equal((await sb.get(`/__sandbox/payment_intents/${pi}`)).body.last_payment_error.decline_code, 'insufficient_funds');
    // Another card on the same intent.
    assert.equal((await sb.post(`/__sandbox/payment_intents/${pi}/confirm`, {})).status, 200);
    assert.equal((await sb.post(`/v1/checkout/cart/${id}/submit`, {})).status, 200);
  });

  it('asks for authentication first, then succeeds or fails it', async () => {
    const { id } = await readyCart(sb);
    const pi = piOf((await sb.post(`/v1/checkout/cart/${id}/payment`, { intent_based_capture: true })).body.payment_intent_client_secret);
    const challenge = await sb.post(`/__sandbox/payment_intents/${pi}/confirm`, { outcome: 'requires_authentication' });
    assert.equal(challenge.status, 200);
    assert.equal(challenge.body.status, 'requires_action');
    assert.equal(challenge.body.next_action.type, 'use_stripe_sdk');
    assert.equal((await sb.post(`/v1/checkout/cart/${id}/submit`, {})).status, 400, 'not while authentication is pending');
    const failed = await sb.post(`/__sandbox/payment_intents/${pi}/confirm`, { outcome: 'declined' });
    assert.equal(failed.status, 402);
    assert.equal(failed.body.error.code, 'payment_intent_authentication_failure');
    assert.equal((await sb.post(`/__sandbox/payment_intents/${pi}/confirm`, { outcome: 'requires_authentication' })).body.status, 'requires_action');
    assert.equal((await sb.post(`/__sandbox/payment_intents/${pi}/confirm`, {})).body.status, 'requires_capture');
    assert.equal((await sb.post(`/v1/checkout/cart/${id}/submit`, {})).status, 200);
  });

  it('never submits at another amount than Stripe authorized', async () => {
    const { id } = await readyCart(sb);
    const first = (await sb.post(`/v1/checkout/cart/${id}/payment`, { intent_based_capture: true })).body;
    const other = await sb.skuOf(1001, 2, 1);
    const grown = await sb.post(`/v1/checkout/cart/${id}/skus`, { sku_id: other.id, quantity: 1 });
    assert.ok(grown.body.total > first.total);
    // Before confirmation a new total gets a new intent …
    const second = (await sb.post(`/v1/checkout/cart/${id}/payment`, { intent_based_capture: true })).body;
    assert.notEqual(second.payment_intent_client_secret, first.payment_intent_client_secret);
    assert.equal((await sb.post(`/__sandbox/payment_intents/${piOf(first.payment_intent_client_secret)}/confirm`, {})).status, 404, 'the replaced intent is gone');
    assert.equal((await sb.post(`/__sandbox/payment_intents/${piOf(second.payment_intent_client_secret)}/confirm`, {})).status, 200);
    // … after it, a changed cart cannot be submitted on the old authorization.
    const line = grown.body.bags[0].skus[1];
    await sb.call('DELETE', `/v1/checkout/cart/${id}/skus/${line.id}`);
    const refused = await sb.post(`/v1/checkout/cart/${id}/submit`, {});
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error, 'price_mismatch');
  });

  it('a wallet cart carries its intent from creation', async () => {
    const { created } = await readyCart(sb, { wallet_based_checkout: true });
    assert.equal(created.wallet_based_checkout, true);
    assert.match(created.stripe_key, /^pk_test_/);
    assert.equal(created.payment_transactions[0].payment_provider, 'STRIPE');
    assert.equal(created.payment_transactions[0].metadata.payment_intent_client_secret, created.payment_intent_client_secret);
  });

  it('takes Stripe’s documented test tokens on direct orders; decline tokens fail with their decline code', async () => {
    const a = await sb.skuOf(1001, 5);
    for (const token of ['tok_visa', 'tok_mastercard', 'tok_amex']) {
      const ok = await sb.post('/v1/orders', directOrder([{ sku: a }], { payment_method: { type: 'SINGLE_USE_CARD_TOKEN', payment_provider: 'STRIPE', token } }));
      assert.equal(ok.status, 200, `${token}: ${ok.text}`);
      assert.equal(ok.body.bags[0].financial_status, 'AUTHORIZED');
      assert.equal(ok.body.payment_transactions[0].payment_provider, 'STRIPE');
    }
    const cases = [
      ['tok_chargeDeclined', 'generic_decline'],
      ['tok_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
      ['tok_visa_chargeDeclinedLostCard', 'lost_card'],
      ['tok_chargeDeclinedExpiredCard', 'expired_card'],
      ['tok_chargeDeclinedIncorrectCvc', 'incorrect_cvc'],
      ['tok_chargeDeclinedProcessingError', 'processing_error'],
      ['tok_authenticationRequired', 'authentication_required'],
    ];
    const before = (await sb.get('/__sandbox/orders')).body.length;
    for (const [token, code] of cases) {
      const res = await sb.post('/v1/orders', directOrder([{ sku: a }], { payment_method: { payment_provider: 'STRIPE', token } }));
      assert.equal(res.status, 402, token);
      assert.equal(res.body.error, 'payment_declined');
      assert.equal(res.body.decline_code, code);
      assert.match(res.body.message, new RegExp(code!));
    }
    assert.equal((await sb.get('/__sandbox/orders')).body.length, before, 'no order for a declined token');
    const unknown = await sb.post('/v1/orders', directOrder([{ sku: a }], { payment_method: { payment_provider: 'STRIPE', token: 'tok_made_up' } }));
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.field, 'payment_method.token');
  });

  it('refuses a PaymentMethod (pm_…) as a direct order’s single-use token, as the service documents tokens only', async () => {
    const a = await sb.skuOf(1001, 5);
    const before = (await sb.get('/__sandbox/orders')).body.length;
    for (const token of ['pm_card_visa', 'pm_card_visa_chargeDeclined']) {
      const res = await sb.post('/v1/orders', directOrder([{ sku: a }], { payment_method: { type: 'SINGLE_USE_CARD_TOKEN', payment_provider: 'STRIPE', token } }));
      assert.equal(res.status, 400, token);
      assert.equal(res.body.error, 'payment_invalid');
      assert.equal(res.body.field, 'payment_method.token');
      assert.match(res.body.message, /tok_/);
    }
    assert.equal((await sb.get('/__sandbox/orders')).body.length, before);
  });

  it('hands out the Stripe publishable key (GET /v1/checkout/payment/token)', async () => {
    const res = await sb.get('/v1/checkout/payment/token');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { stripe_token: 'pk_test_tote_sandbox' });
  });
});
