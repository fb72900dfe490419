/**
 * The cart's PaymentIntent follows the cart (issues 25.5 and 26.5), over real
 * HTTP against the BFF and the sandbox; this test plays Stripe's servers the
 * way the stand-in Stripe.js does (the sandbox's
 * `POST /__sandbox/payment_intents/{id}/confirm`):
 * - a confirmed payment whose cart total then changes: the authorization is
 *   released (the intent canceled), the shopper gets a fresh quote with a new
 *   intent and pays the new total; no `ready` quote carries the old intent;
 * - the total changes before confirmation: the same intent charges the new total;
 * - the service's own web demo sequence (intent, `payment/update`, confirm, submit).
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServiceClient } from '../../src/contract/client.js';
import { ADDRESS, APP_ID, APP_SECRET, CUSTOMER, SHOP_ORIGIN, startStack, TOKEN, type Stack } from '../bff/harness.js';

let stack: Stack;
const shop = { origin: SHOP_ORIGIN };
let n = 0;
const newKey = () => `follow-test-${Date.now()}-${++n}`;
const CREDENTIALS = { 'x-service-app-id': String(APP_ID), 'x-service-app-secret': APP_SECRET, 'x-service-token': TOKEN };

before(async () => {
  stack = await startStack();
});
after(() => stack?.close());
beforeEach(() => stack.control('/__sandbox/reset', { json: {} }));

const quote = (body: object) => stack.api('/api/checkout/quote', { method: 'POST', headers: shop, json: body });
const place = (body: object, key: string) => stack.api('/api/checkout/place', { method: 'POST', headers: { ...shop, 'idempotency-key': key }, json: body });
const piOf = (secret: string) => secret.split('_secret_')[0]!;

/** Stripe's side: what the stand-in Stripe.js asks of api.stripe.com, answered by the sandbox. */
async function stripe(method: 'GET' | 'POST', path: string, body?: object) {
  const res = await fetch(`${stack.sandboxUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...CREDENTIALS },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
}
const confirm = (secret: string) => stripe('POST', `/__sandbox/payment_intents/${piOf(secret)}/confirm`, { client_secret: secret });
const intent = async (secret: string) => (await stripe('GET', `/__sandbox/payment_intents/${piOf(secret)}`)).body;
const submitted = async () => ((await stack.control('/__sandbox/orders')) as any[]).filter((o) => o.status !== 'IN_PROGRESS');
/** The service's copy of an order: its payment transactions carry gateway ids, which the shopper's answer never does. */
const serviceOrder = (id: number) => stack.control(`/v1/orders/${id}`);

async function raisePrice(sku: { id: number; offer_id: number }, by: number) {
  const offer = await stack.control(`/v1/catalog/offers/${sku.offer_id}`);
  for (const s of offer.skus) if (s.id === sku.id) s.sale_price += by;
  await stack.control('/__sandbox/offers', { json: offer });
}

async function stockedSku() {
  const res = await stack.api('/api/offers?merchant_id=1001&size=50');
  const offer = res.body.offers.find((o: any) => o.skus.some((s: any) => s.in_stock !== false && (s.qty_available ?? 10) >= 3));
  const sku = offer.skus.find((s: any) => s.in_stock !== false && (s.qty_available ?? 10) >= 3);
  return { id: sku.id as number, offer_id: offer.id as number };
}

const intentQuote = (sku: number, quantity = 1, quote_token?: string) =>
  quote({
    mode: 'cart',
    lines: [{ sku_id: sku, quantity }],
    customer: CUSTOMER,
    shipping_address: ADDRESS,
    payment: { intent_based_capture: true },
    ...(quote_token ? { quote_token } : {}),
  });

/** Place as the widget does: requires_action → Stripe confirms → the same key with `intent_confirmed`. */
async function pay(q: any) {
  const key = newKey();
  const first = await place({ quote_token: q.quote_token, payment: { token: 'pi_x', payment_provider: 'STRIPE', type: 'PAYMENT_INTENT' } }, key);
  assert.equal(first.status, 200, first.text);
  assert.equal(first.body.status, 'requires_action');
  const confirmed = await confirm(first.body.payment_intent_client_secret);
  assert.equal(confirmed.body.status, 'requires_capture');
  return { key, secret: first.body.payment_intent_client_secret as string, again: () => place({ quote_token: q.quote_token, payment: { intent_confirmed: true } }, key) };
}

describe('the PaymentIntent follows the cart', () => {
  it('a total that changes after the confirmation releases the hold; the shopper pays the new total on a fresh intent', async () => {
    const sku = await stockedSku();
    const q = (await intentQuote(sku.id)).body;
    const attempt = await pay(q);
    assert.equal((await intent(attempt.secret)).amount, q.totals.total);

    await raisePrice(sku, 250);
    const changed = await attempt.again();
    assert.equal(changed.status, 409, changed.text);
    assert.equal(changed.body.error.code, 'quote_changed');
    assert.equal((await submitted()).length, 0, 'nothing submitted on the old authorization');
    // The card hold is released: Stripe's intent for the old total is canceled.
    const old = await intent(attempt.secret);
    assert.equal(old.status, 'canceled');
    assert.equal(old.cancellation_reason, 'abandoned');
    // The fresh quote is ready with an intent that can be paid, for the new total.
    const fresh = changed.body.quote;
    assert.equal(fresh.ready, true);
    assert.ok(fresh.totals.total > q.totals.total + 249, 'the new price, its tax with it');
    assert.notEqual(fresh.payment.payment_intent_client_secret, attempt.secret);
    const next = await intent(fresh.payment.payment_intent_client_secret);
    assert.equal(next.status, 'requires_payment_method');
    assert.equal(next.amount, fresh.totals.total);
    // Asking again says the same: never the old payment.
    const requote = (await intentQuote(sku.id, 1, fresh.quote_token)).body;
    assert.equal(requote.ready, true);
    assert.equal(requote.payment.payment_intent_client_secret, fresh.payment.payment_intent_client_secret);

    const second = await pay(fresh);
    assert.equal(second.secret, fresh.payment.payment_intent_client_secret);
    const done = await second.again();
    assert.equal(done.status, 201, done.text);
    assert.equal(done.body.order.payment_transactions, undefined, 'no gateway data in the shopper answer');
    const [tx] = (await serviceOrder(done.body.order.id)).payment_transactions;
    assert.equal(tx.payment_provider_transaction_id, piOf(second.secret));
    assert.equal(tx.amount, fresh.totals.total);
    assert.equal((await submitted()).length, 1);
  });

  it('a requote after the confirmation, before placing, also releases the hold of a total that moved', async () => {
    const sku = await stockedSku();
    const q = (await intentQuote(sku.id)).body;
    const attempt = await pay(q);
    await raisePrice(sku, 100);
    const requote = (await intentQuote(sku.id, 1, q.quote_token)).body;
    assert.equal(requote.ready, true);
    assert.notEqual(requote.payment.payment_intent_client_secret, attempt.secret);
    assert.equal((await intent(attempt.secret)).status, 'canceled');
    assert.equal((await intent(requote.payment.payment_intent_client_secret)).amount, requote.totals.total);
  });

  it('a confirmed payment for the quoted total is placed by a new attempt without confirming again', async () => {
    const sku = await stockedSku();
    const q = (await intentQuote(sku.id)).body;
    await pay(q);
    // The answer to the confirmed place was lost and the widget starts another attempt: no second confirmation asked.
    const other = await place({ quote_token: q.quote_token, payment: { token: 'pi_x', payment_provider: 'STRIPE', type: 'PAYMENT_INTENT' } }, newKey());
    assert.equal(other.status, 201, other.text);
    assert.equal((await submitted()).length, 1);
  });

  it('a total that changes before the confirmation: the same intent charges the new total', async () => {
    const sku = await stockedSku();
    const one = (await intentQuote(sku.id, 1)).body;
    const two = (await intentQuote(sku.id, 2, one.quote_token)).body;
    assert.ok(two.totals.total > one.totals.total);
    assert.equal(two.payment.payment_intent_client_secret, one.payment.payment_intent_client_secret, 'payment/update keeps the intent');
    assert.equal((await intent(two.payment.payment_intent_client_secret)).amount, two.totals.total);
    const attempt = await pay(two);
    const done = await attempt.again();
    assert.equal(done.status, 201, done.text);
    assert.equal((await serviceOrder(done.body.order.id)).payment_transactions[0].amount, two.totals.total);
  });
});

describe("the service's web demo sequence (VioletNextDemoApp CheckoutForm)", () => {
  it('intent before shipping, payment/update, confirm, submit: placed at the cart’s whole total', async () => {
    const client = createServiceClient({ baseUrl: stack.sandboxUrl, appId: APP_ID, appSecret: APP_SECRET, token: TOKEN });
    const sku = await stockedSku();
    let cart = await client.createCart({ base_currency: 'USD', skus: [{ sku_id: sku.id, quantity: 1 }] } as any);
    cart = await client.setCartCustomer(cart.id, { ...CUSTOMER, shipping_address: ADDRESS, same_address: true } as any);
    // The demo asks for the intent as soon as the customer is on the cart: before shipping and tax.
    cart = await client.applyPayment(cart.id, { intent_based_capture: true });
    const early = cart.total!;
    const secret = cart.payment_intent_client_secret!;
    const [options] = await client.getAvailableShipping(cart.id);
    cart = await client.applyShipping(cart.id, [{ bag_id: options!.bag_id, shipping_method_id: options!.shipping_methods[0]!.shipping_method_id }]);
    assert.ok(cart.total! > early, 'shipping and tax added');
    // The demo's `updatePricing` right before `stripe.confirmPayment`.
    cart = await client.updatePayment(cart.id);
    assert.equal(cart.payment_intent_client_secret, secret);
    assert.equal((await intent(secret)).amount, cart.total);
    assert.equal((await confirm(secret)).body.status, 'requires_capture');
    const order = await client.submitCart(cart.id);
    assert.notEqual(order.status, 'IN_PROGRESS');
    assert.deepEqual(order.bags.map((b) => b.financial_status), ['AUTHORIZED']);
    assert.equal(order.payment_transactions[0]!.amount, cart.total);
  });

  it('payment/update refuses a cart without an intent', async () => {
    const res = await stripe('POST', '/v1/checkout/cart/999999/payment/update');
    assert.equal(res.status, 404);
    const sku = await stockedSku();
    const client = createServiceClient({ baseUrl: stack.sandboxUrl, appId: APP_ID, appSecret: APP_SECRET, token: TOKEN });
    const cart = await client.createCart({ base_currency: 'USD', skus: [{ sku_id: sku.id, quantity: 1 }] } as any);
    const bare = await stripe('POST', `/v1/checkout/cart/${cart.id}/payment/update`);
    assert.equal(bare.status, 400);
    assert.equal(bare.body.field, 'payment_intent');
  });
});
