/**
 * The sandbox driven over real HTTP with the request sequence of the
 * service's official sample client (api-client-code-samples,
 * node/full-checkout) and of violet-js, as they send it: string ids, query
 * parameters, `{ token }` alone, whole shipping method objects, submit.
 * Sources: SOURCES.md.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { OrderSchema } from '../../src/contract/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';

const CREDENTIALS = { appId: '10001', appSecret: 'sandbox-secret', token: 'sandbox-token' };

/** A client as the sample writes it: its own header names, JSON bodies, no validation of its own. */
function sampleClient(baseUrl: string, prefix = 'X-Service-') {
  const headers = {
    [`${prefix}Token`]: CREDENTIALS.token,
    [`${prefix}App-Secret`]: CREDENTIALS.appSecret,
    [`${prefix}App-Id`]: CREDENTIALS.appId,
    'Content-Type': 'application/json',
  };
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
  };
}

const address = (type: 'SHIPPING' | 'BILLING') => ({
  name: 'Ada Lovelace',
  address_1: '2815 Elliott Ave',
  address_2: 'Unit 100',
  type,
  city: 'Seattle',
  state: 'WA',
  country: 'US',
  postal_code: '98121',
});

/** In-stock SKU ids of published offers, as strings (the sample reads them from an env var). */
async function skuIds(call: ReturnType<typeof sampleClient>, merchants: number[]): Promise<string[]> {
  const ids: string[] = [];
  for (const m of merchants) {
    const page = await call('GET', `/catalog/offers/merchants/${m}?size=50`);
    const sku = page.body.content
      .filter((o: any) => o.publishing_status === 'PUBLISHED')
      .flatMap((o: any) => o.skus)
      .find((s: any) => s.in_stock && s.qty_available >= 5);
    ids.push(String(sku.id));
  }
  return ids;
}

/** performFullCheckout of the sample, card path. */
async function fullCheckout(call: ReturnType<typeof sampleClient>, skus: string[], token: string) {
  const appOrderId = randomUUID();
  const created = await call('POST', `/checkout/cart?app_order_id=${appOrderId}&base_currency=USD&referral_id=123`, {
    wallet_based_checkout: false,
    skus: skus.map((sku_id) => ({ sku_id, quantity: 1 })),
    customer: { first_name: 'Ada', last_name: 'Lovelace', email: `ada+cart${appOrderId}@example.com`, shipping_address: address('SHIPPING'), billing_address: address('BILLING') },
  });
  assert.equal(created.status, 200, created.text);
  const cartId = created.body.id;
  for (const sku_id of skus) {
    const added = await call('POST', `/checkout/cart/${cartId}/skus?price_cart=false`, { sku_id, quantity: 1 });
    assert.equal(added.status, 200, added.text);
  }
  const available = await call('GET', `/checkout/cart/${cartId}/shipping/available`);
  assert.equal(available.status, 200, available.text);
  // The sample sends the first whole method object of each bag, as the service listed it.
  const shipping = await call('POST', `/checkout/cart/${cartId}/shipping?price_cart=false`, available.body.map((a: any) => a.shipping_methods[0]));
  assert.equal(shipping.status, 200, shipping.text);
  const paid = await call('POST', `/checkout/cart/${cartId}/payment?price_cart=false`, { token });
  assert.equal(paid.status, 200, paid.text);
  const submitted = await call('POST', `/checkout/cart/${cartId}/submit`, {});
  return { appOrderId, cartId, created, submitted };
}

describe('conformance: the official sample client against the sandbox', () => {
  let sb: Sandbox;
  let real: Sandbox;
  before(async () => {
    sb = await startSandbox({ port: 0, seed: 1 });
    real = await startSandbox({ port: 0, seed: 1, headerPrefix: 'X-Violet-' });
  });
  after(async () => {
    await sb.close();
    await real.close();
  });

  it('runs the full checkout: string ids, query parameters, whole shipping methods, { token } alone, submit', async () => {
    const call = sampleClient(sb.url);
    const skus = await skuIds(call, [1001, 1003]);
    const { appOrderId, cartId, created, submitted } = await fullCheckout(call, skus, 'tok_sandbox_visa');
    // The query parameters were read: the app_order_id is the cart's, the referral too.
    assert.equal(created.body.app_order_id, appOrderId);
    assert.equal(created.body.referral_id, '123');
    assert.equal(created.body.base_currency, 'USD');
    assert.equal(submitted.status, 200, submitted.text);
    const order = OrderSchema.parse(submitted.body);
    assert.equal(order.id, cartId);
    assert.equal(order.status, 'PROCESSING');
    assert.deepEqual(order.bags.map((b) => b.status), ['SUBMITTED', 'SUBMITTED']);
    // Each SKU went in twice (creation, then the add loop), as the sample does.
    assert.deepEqual(order.bags.map((b) => b.skus[0]!.quantity), [2, 2]);
    // One currency per cart: the EUR merchant's bag is priced in USD, its own currency kept as external.
    assert.deepEqual(order.bags.map((b) => [b.currency, b.external_currency]), [['USD', 'USD'], ['USD', 'EUR']]);
    assert.equal(order.total, order.bags.reduce((s, b) => s + b.total!, 0));
    assert.equal(order.payment_method?.payment_provider, 'SANDBOX');
    // The SDK's names are sent too, and each bag records its authorization.
    assert.equal(submitted.body.payment_method.last_four, order.payment_method?.last4);
    assert.deepEqual(order.bags.map((b) => [b.transactions?.[0]?.type, b.transactions?.[0]?.amount, b.transactions?.[0]?.currency]), order.bags.map((b) => ['AUTHORIZATION', b.total, 'USD']));
    // Found again through the order search by the app_order_id it was created with.
    const found = await call('POST', '/orders/search', { app_order_id: appOrderId });
    assert.equal(found.status, 200, found.text);
    assert.deepEqual(found.body.content.map((o: any) => o.id), [cartId]);
  });

  it('takes a Stripe test token alone (no payment_provider) as the sample sends a real Stripe token', async () => {
    const call = sampleClient(sb.url);
    const { submitted } = await fullCheckout(call, await skuIds(call, [1006]), 'tok_visa');
    assert.equal(submitted.status, 200, submitted.text);
    assert.equal(submitted.body.payment_method.payment_provider, 'STRIPE');
  });

  it('talks to a sandbox that takes the real header names (SERVICE_HEADER_PREFIX=X-Violet-)', async () => {
    const call = sampleClient(real.url, 'X-Violet-');
    const { submitted } = await fullCheckout(call, await skuIds(call, [1001]), 'tok_sandbox_visa');
    assert.equal(submitted.status, 200, submitted.text);
    const wrong = await sampleClient(real.url)('GET', '/checkout/cart/1');
    assert.equal(wrong.status, 401);
    assert.match(wrong.body.message, /X-Violet-App-Id/);
  });

  /** The sample's wallet path (`walletBased = true`) up to the shipping choice, request by request. */
  async function walletCart(call: ReturnType<typeof sampleClient>) {
    const skus = await skuIds(call, [1001]);
    const created = await call('POST', `/checkout/cart?app_order_id=${randomUUID()}&base_currency=USD&referral_id=123`, {
      wallet_based_checkout: true,
      skus: skus.map((sku_id) => ({ sku_id, quantity: 1 })),
    });
    assert.equal(created.status, 200, created.text);
    const cartId = created.body.id;
    for (const sku_id of skus) assert.equal((await call('POST', `/checkout/cart/${cartId}/skus?price_cart=false`, { sku_id, quantity: 1 })).status, 200);
    const intent = await call('POST', `/checkout/cart/${cartId}/payment`, { intent_based_capture: true });
    assert.equal(intent.status, 200, intent.text);
    assert.ok(intent.body.payment_intent_client_secret, 'the cart carries the intent to confirm in the browser');
    // What a wallet sheet gives before authorization: no street (getAddress(type, false) in the sample).
    const sheet = await call('POST', `/checkout/cart/${cartId}/customer?price_cart=false`, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: `ada+cart${cartId}@example.com`,
      shipping_address: { ...address('SHIPPING'), address_1: null },
      billing_address: { ...address('BILLING'), address_1: null },
    });
    assert.equal(sheet.status, 200, sheet.text);
    const available = await call('GET', `/checkout/cart/${cartId}/shipping/available`);
    assert.equal(available.status, 200, available.text);
    const shipped = await call('POST', `/checkout/cart/${cartId}/shipping?price_cart=true`, available.body.map((a: any) => a.shipping_methods[0]));
    assert.equal(shipped.status, 200, shipped.text);
    return { cartId, intent: intent.body };
  }

  it('the wallet path: the partial address of a wallet sheet (address_1: null) is applied and prices shipping; submit wants the street and the confirmed intent', async () => {
    const call = sampleClient(sb.url);
    const { cartId } = await walletCart(call);
    const streetless = await call('POST', `/checkout/cart/${cartId}/submit`, {});
    assert.equal(streetless.status, 400, streetless.text);
    assert.match(streetless.text, /shipping_address\.address_1/);
    const full = await call('POST', `/checkout/cart/${cartId}/customer?price_cart=false`, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: `ada+cart${cartId}@example.com`,
      shipping_address: address('SHIPPING'),
      billing_address: address('BILLING'),
    });
    assert.equal(full.status, 200, full.text);
    const unconfirmed = await call('POST', `/checkout/cart/${cartId}/submit`, {});
    assert.equal(unconfirmed.status, 400, unconfirmed.text);
    assert.match(unconfirmed.text, /payment/i);
  });

  it('the wallet path to a placed order: payment/update, the intent confirmed, the full address, submit', async () => {
    const call = sampleClient(sb.url);
    const { cartId, intent } = await walletCart(call);
    const updated = await call('POST', `/checkout/cart/${cartId}/payment/update`);
    assert.equal(updated.status, 200, updated.text);
    const intentId = intent.payment_transactions[0].payment_provider_transaction_id;
    // The sample confirms with Stripe.js; the sandbox stands in for Stripe's servers.
    const confirmed = await fetch(`${sb.url}/__sandbox/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      headers: { 'X-Service-App-Id': CREDENTIALS.appId, 'X-Service-App-Secret': CREDENTIALS.appSecret, 'X-Service-Token': CREDENTIALS.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_secret: updated.body.payment_intent_client_secret }),
    });
    assert.equal(confirmed.status, 200, await confirmed.text());
    const full = await call('POST', `/checkout/cart/${cartId}/customer?price_cart=false`, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: `ada+cart${cartId}@example.com`,
      shipping_address: address('SHIPPING'),
      billing_address: address('BILLING'),
    });
    assert.equal(full.status, 200, full.text);
    const submitted = await call('POST', `/checkout/cart/${cartId}/submit`, {});
    assert.equal(submitted.status, 200, submitted.text);
    assert.notEqual(OrderSchema.parse(submitted.body).status, 'IN_PROGRESS');
  });

  it('violet-js as its proxy forwards it: body-only create (snake_case), shipping as { bag_id, shipping_method_id }, submit without a body', async () => {
    const call = sampleClient(sb.url);
    const [sku] = await skuIds(call, [1004]);
    const created = await call('POST', '/checkout/cart', { base_currency: 'GBP', skus: [{ sku_id: Number(sku), quantity: 1 }], wallet_based_checkout: false, app_order_id: 'violet-js-1' });
    assert.equal(created.status, 200, created.text);
    assert.equal(created.body.base_currency, 'GBP');
    const id = created.body.id;
    await call('POST', `/checkout/cart/${id}/customer`, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', shipping_address: address('SHIPPING'), same_address: true });
    const available = await call('GET', `/checkout/cart/${id}/shipping/available`);
    const shipped = await call('POST', `/checkout/cart/${id}/shipping?price_cart=true`, available.body.map((a: any) => ({ bag_id: a.bag_id, shipping_method_id: a.shipping_methods[0].shipping_method_id })));
    assert.equal(shipped.status, 200, shipped.text);
    await call('POST', `/checkout/cart/${id}/payment`, { token: 'tok_sandbox_visa' });
    const submitted = await call('POST', `/checkout/cart/${id}/submit`);
    assert.equal(submitted.status, 200, submitted.text);
    assert.equal(submitted.body.app_order_id, 'violet-js-1');
  });

  it('still answers bad input with a 4xx naming the field', async () => {
    const call = sampleClient(sb.url);
    const cases: [string, string, unknown, string][] = [
      ['POST', '/checkout/cart', { skus: [{ sku_id: 'abc', quantity: 1 }] }, 'skus.0.sku_id'],
      ['POST', '/checkout/cart?base_currency=XYZ', { skus: [] }, 'base_currency'],
      ['POST', '/checkout/cart', { skus: [{ sku_id: '1', quantity: '0' }] }, 'skus.0.quantity'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await call(method, path, body);
      assert.ok(res.status >= 400 && res.status < 500, `${path} ${res.text}`);
      assert.equal(res.body.field, field, res.text);
    }
    const cart = await call('POST', '/checkout/cart', { skus: [] });
    const noToken = await call('POST', `/checkout/cart/${cart.body.id}/payment`, {});
    assert.equal(noToken.status, 400);
    assert.equal(noToken.body.field, 'token');
    const card = await call('POST', `/checkout/cart/${cart.body.id}/payment`, { card_number: '4242424242424242', card_cvc: 987, token: 'tok_visa' });
    assert.equal(card.status, 400);
    assert.equal(card.body.field, 'card_number');
  });
});
