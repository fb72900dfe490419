/**
 * `POST /api/checkout/quote` and `/place` over real HTTP (issue 14): the
 * sandbox upstream, the BFF in front, requests as the widget sends them.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADDRESS, APP_SECRET, CUSTOMER, PAY, SHOP_ORIGIN, startStack, type Stack, resetSandboxBeforeEach } from './harness.js';
import { createQuoteTokens } from '../../src/bff/quote-token.js';
import { createSigner, deriveSigningSecret } from '../../src/bff/signing.js';

let stack: Stack;
const shop = { origin: SHOP_ORIGIN };
let keyN = 0;
const newKey = () => `quote-test-${Date.now()}-${++keyN}`;

before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.close();
});
resetSandboxBeforeEach(import.meta.url, () => stack);

/** In-stock SKUs of a merchant with their offer, read through the BFF as the widget would. */
async function skusOf(merchantId: number, count = 1) {
  const res = await stack.api(`/api/offers?merchant_id=${merchantId}&size=50`);
  assert.equal(res.status, 200, res.text);
  const skus = res.body.offers
    .flatMap((o: any) => o.skus.map((s: any) => ({ id: s.id as number, sale_price: s.sale_price as number, offer_id: o.id as number, merchant_id: o.merchant_id as number, stock: s.qty_available ?? 10, in_stock: s.in_stock })))
    .filter((s: any) => s.in_stock !== false && s.stock >= 5);
  assert.ok(skus.length >= count);
  return skus.slice(0, count);
}

async function quote(body: object) {
  return stack.api('/api/checkout/quote', { method: 'POST', headers: shop, json: body });
}
async function place(body: object, key = newKey()) {
  return stack.api('/api/checkout/place', { method: 'POST', headers: { ...shop, 'idempotency-key': key }, json: body });
}

const full = (lines: { id: number }[], mode: 'direct' | 'cart' = 'direct', extra: object = {}) => ({
  mode,
  lines: lines.map((s) => ({ sku_id: s.id, quantity: 1 })),
  customer: CUSTOMER,
  shipping_address: ADDRESS,
  ...extra,
});

async function sandboxOrders(): Promise<any[]> {
  const body = await stack.control('/__sandbox/orders');
  return (Array.isArray(body) ? body : body.orders).filter((o: any) => o.status !== 'IN_PROGRESS');
}

/** Raises a SKU's price in the catalog, as a merchant would between quote and place. */
async function raisePrice(sku: { id: number; offer_id: number }, by: number) {
  const offer = await stack.control(`/v1/catalog/offers/${sku.offer_id}`);
  for (const s of offer.skus) if (s.id === sku.id) s.sale_price += by;
  await stack.control('/__sandbox/offers', { json: offer });
}

const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8'));
const encode = (payload: object, mac: string) => `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${mac}`;

for (const mode of ['direct', 'cart'] as const) {
  describe(`quote and place, ${mode} mode`, () => {
    // Three merchants selling in USD, JPY and GBP, quoted and placed in the shopper's USD.
    it('quotes three merchants with the cheapest shipping chosen, and places it as quoted', async () => {
      const lines = [...(await skusOf(1001)), ...(await skusOf(1002)), ...(await skusOf(1004))];
      const q = await quote(full(lines, mode, { currency: 'USD' }));
      assert.equal(q.status, 200, q.text);
      assert.equal(q.body.ready, true, q.text);
      assert.equal(q.body.currency, 'USD');
      assert.equal(q.body.mode, mode);
      assert.deepEqual(q.body.bags.map((b: any) => b.merchant_id).sort(), [1001, 1002, 1004]);
      for (const bag of q.body.bags) {
        const cheapest = Math.min(...bag.shipping_methods.map((m: any) => m.price));
        const chosen = bag.shipping_methods.find((m: any) => m.shipping_method_id === bag.shipping_method_id);
        assert.equal(chosen.price, cheapest);
        assert.equal(bag.total, bag.sub_total + bag.shipping_total + bag.tax_total);
        assert.equal(typeof bag.merchant_name, 'string');
      }
      const total = q.body.bags.reduce((s: number, b: any) => s + b.total, 0);
      assert.equal(q.body.totals.total, total);
      assert.ok(Date.parse(q.body.expires_at) > Date.now());

      const p = await place({ quote_token: q.body.quote_token, payment: PAY });
      assert.equal(p.status, 201, p.text);
      assert.equal(p.body.status, 'placed');
      assert.equal(typeof p.body.access, 'string');
      assert.equal(p.body.order.total, q.body.totals.total);
      assert.equal(p.body.order.currency, 'USD');
      // Shipping labels are the merchant's own, as quoted.
      for (const bag of p.body.order.bags) {
        const quoted = q.body.bags.find((b: any) => b.merchant_id === bag.merchant_id);
        const method = quoted.shipping_methods.find((m: any) => m.shipping_method_id === quoted.shipping_method_id);
        assert.equal(bag.shipping_method.label, method.label);
        assert.equal(bag.financial_status, 'AUTHORIZED');
      }
      const order = await stack.api(`/api/orders/${p.body.order.id}`, { headers: { 'tote-access': p.body.access } });
      assert.equal(order.status, 200);
    });

    it('names carriers as shoppers know them, and none where the service says OTHER', async () => {
      // Over $75 merchant 1001 also offers its free method, whose carrier the service gives as OTHER.
      const sku = (await skusOf(1001, 1))[0]!;
      const quantity = Math.min(sku.stock, Math.ceil(7500 / sku.sale_price));
      const q = await quote({ ...full([sku], mode), lines: [{ sku_id: sku.id, quantity }] });
      assert.equal(q.status, 200, q.text);
      const carriers = Object.fromEntries(q.body.bags[0].shipping_methods.map((m: any) => [m.shipping_method_id, m.carrier ?? null]));
      assert.deepEqual(carriers, { '1001-standard': 'USPS', '1001-express': 'UPS', '1001-free': null }, q.text);
    });

    it('keeps a requested shipping method instead of the cheapest', async () => {
      const [sku] = await skusOf(1001);
      const first = await quote(full([sku!], mode));
      const bag = first.body.bags[0];
      const other = bag.shipping_methods.find((m: any) => m.shipping_method_id !== bag.shipping_method_id);
      assert.ok(other, 'merchant 1001 offers more than one method');
      const second = await quote(full([sku!], mode, { shipping: [{ merchant_id: 1001, shipping_method_id: other.shipping_method_id }], quote_token: first.body.quote_token }));
      assert.equal(second.status, 200, second.text);
      assert.equal(second.body.bags[0].shipping_method_id, other.shipping_method_id);
      assert.equal(second.body.bags[0].shipping_total, other.price);
    });

    it('refuses a raised price at place with 409 quote_changed and a fresh quote; nothing ordered or authorized', async () => {
      const [sku] = await skusOf(1001);
      const q = await quote({ ...full([sku!], mode), locale: 'de' });
      assert.equal(q.body.ready, true, q.text);
      await raisePrice(sku!, 100_000);
      const p = await place({ quote_token: q.body.quote_token, payment: PAY });
      assert.equal(p.status, 409, p.text);
      assert.equal(p.body.error.code, 'quote_changed');
      assert.deepEqual(p.body.error.skus.map((s: any) => s.sku_id), [sku!.id]);
      assert.equal(p.body.quote.bags[0].lines[0].unit_price, sku!.sale_price + 100_000);
      // What changed, as the shopper is told it: listed by the BFF, the widget only words it.
      const name = p.body.quote.bags[0].lines[0].name;
      const changes = p.body.quote.changes;
      assert.deepEqual(changes[0], { kind: 'price', name, before: sku!.sale_price, after: sku!.sale_price + 100_000 }, p.text);
      assert.deepEqual(changes.at(-1), { kind: 'total', before: q.body.totals.total, after: p.body.quote.totals.total });
      assert.notEqual(p.body.quote.quote_token, q.body.quote_token);
      // The fresh quote writes the address in the language of the quote placed (the token keeps it).
      assert.deepEqual(p.body.quote.shipping_address_lines, q.body.shipping_address_lines);
      assert.equal(q.body.shipping_address_lines.at(-1), 'Vereinigte Staaten');
      assert.deepEqual(await sandboxOrders(), []);
      // The fresh quote places at the new price.
      const again = await place({ quote_token: p.body.quote.quote_token, payment: PAY });
      assert.equal(again.status, 201, again.text);
      assert.equal(again.body.order.total, p.body.quote.totals.total);
    });

    it('refuses a stock drop at place with 409 naming the SKU', async () => {
      const [a, b] = await skusOf(1001, 2);
      const q = await quote(full([a!, b!], mode));
      assert.equal(q.body.ready, true, q.text);
      await stack.control('/__sandbox/faults', { json: { merchant_id: 1001, out_of_stock_sku_ids: [b!.id] } });
      const p = await place({ quote_token: q.body.quote_token, payment: PAY });
      assert.equal(p.status, 409, p.text);
      assert.equal(p.body.error.code, 'quote_changed');
      assert.ok(p.body.error.skus.some((s: any) => s.sku_id === b!.id), p.text);
      assert.equal(p.body.quote.ready, false);
      assert.ok(p.body.quote.bags[0].problems.some((x: any) => x.code === 'out_of_stock' && x.sku_id === b!.id), JSON.stringify(p.body.quote.bags[0]));
      // Every line quoted unavailable is named in its bag's problems: the widget flags cart lines from those alone.
      for (const bag of p.body.quote.bags) {
        for (const l of bag.lines.filter((x: any) => !x.available)) assert.ok(bag.problems.some((x: any) => x.sku_id === l.sku_id), JSON.stringify(bag));
      }
      const gone = p.body.quote.bags[0].lines.find((l: any) => l.sku_id === b!.id);
      assert.ok(p.body.quote.changes.some((c: any) => c.kind === 'unavailable' && c.name === gone.name), p.text);
      assert.deepEqual(await sandboxOrders(), []);
    });

    it('places one order for the same Idempotency-Key sent twice, at once and later', async () => {
      const [sku] = await skusOf(1001);
      const q = await quote(full([sku!], mode));
      const key = newKey();
      const body = { quote_token: q.body.quote_token, payment: PAY };
      const [x, y] = await Promise.all([place(body, key), place(body, key)]);
      const z = await place(body, key);
      for (const r of [x, y, z]) assert.equal(r.status, 201, r.text);
      assert.equal(x.body.order.id, y.body.order.id);
      assert.equal(x.body.order.id, z.body.order.id);
      assert.equal((await sandboxOrders()).length, 1);
    });
  });
}

describe('one currency per quote', () => {
  it('a quote in EUR is placed in EUR at the quoted total, and refused when placed as USD', async () => {
    const lines = [...(await skusOf(1001)), ...(await skusOf(1004))];
    const q = await quote(full(lines, 'direct', { currency: 'EUR' }));
    assert.equal(q.status, 200, q.text);
    assert.equal(q.body.currency, 'EUR');
    const wrong = await place({ quote_token: q.body.quote_token, payment: PAY, currency: 'USD' });
    assert.equal(wrong.status, 422, wrong.text);
    assert.equal(wrong.body.error.code, 'currency_mismatch');
    const p = await place({ quote_token: q.body.quote_token, payment: PAY, currency: 'EUR' });
    assert.equal(p.status, 201, p.text);
    assert.equal(p.body.order.currency, 'EUR');
    assert.equal(p.body.order.total, q.body.totals.total);
  });
});

describe('cart mode keeps one service cart', () => {
  it('updates the quoted cart in place: lines, quantities, customer and address; a tampered previous token is refused', async () => {
    const [a, b] = await skusOf(1001, 2);
    const first = await quote({ mode: 'cart', lines: [{ sku_id: a!.id, quantity: 1 }] });
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.ready, false);
    const cartId = decode(first.body.quote_token).cart_id;
    assert.equal(typeof cartId, 'number');
    const second = await quote(full([a!, b!], 'cart', { lines: [{ sku_id: a!.id, quantity: 2 }, { sku_id: b!.id, quantity: 1 }], quote_token: first.body.quote_token }));
    assert.equal(second.status, 200, second.text);
    assert.equal(second.body.ready, true, second.text);
    assert.equal(decode(second.body.quote_token).cart_id, cartId);
    assert.deepEqual(second.body.bags[0].lines.map((l: any) => [l.sku_id, l.quantity]).sort(), [[a!.id, 2], [b!.id, 1]].sort());
    const third = await quote(full([b!], 'cart', { quote_token: second.body.quote_token }));
    assert.equal(decode(third.body.quote_token).cart_id, cartId);
    assert.deepEqual(third.body.bags[0].lines.map((l: any) => l.sku_id), [b!.id]);
    const carts = ((await stack.control('/__sandbox/orders')) as any[]).filter((o) => o.status === 'IN_PROGRESS');
    assert.equal(carts.length, 1);

    const [, mac] = first.body.quote_token.split('.');
    const forged = encode({ ...decode(first.body.quote_token), cart_id: cartId - 1 }, mac!);
    const refused = await quote({ mode: 'cart', lines: [{ sku_id: a!.id, quantity: 1 }], quote_token: forged });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error.code, 'quote_invalid');
  });
});

describe('totals the shopper can trust', () => {
  it('an order whose total is not its bags\' sum is answered with totals_problem "total", on the place and on the order read', async () => {
    const [a] = await skusOf(1001);
    await stack.control('/__sandbox/faults', { json: { merchant_id: 1001, order_total_off_by: 100 } });
    const q = await quote(full([a!]));
    assert.equal(q.body.ready, true, q.text);
    const p = await place({ quote_token: q.body.quote_token, payment: PAY });
    assert.equal(p.status, 201, p.text);
    assert.equal(p.body.order.total, p.body.order.bags[0].total + 100);
    assert.equal(p.body.order.totals_problem, 'total');
    const read = await stack.api(`/api/orders/${p.body.order.id}`, { headers: { 'tote-access': p.body.access } });
    assert.equal(read.body.order.totals_problem, 'total', read.text);
    await stack.control('/__sandbox/faults', { method: 'DELETE' });
    const fine = await place({ quote_token: (await quote(full([a!]))).body.quote_token, payment: PAY });
    assert.equal(fine.status, 201, fine.text);
    assert.equal('totals_problem' in fine.body.order, false);
  });


  it('a shop whose total is not its parts is flagged totals_disagree, never ready, and its place refused; nothing ordered', async () => {
    const [a] = await skusOf(1001);
    const [b] = await skusOf(1003);
    await stack.control('/__sandbox/faults', { json: { merchant_id: 1001, total_off_by: 1 } });
    const q = await quote(full([a!, b!], 'cart'));
    assert.equal(q.status, 200, q.text);
    const flagged = (id: number) => q.body.bags.find((x: any) => x.merchant_id === id).problems.some((p: any) => p.code === 'totals_disagree');
    assert.equal(flagged(1001), true, q.text);
    assert.equal(flagged(1003), false, 'the other shop adds up');
    assert.equal(q.body.ready, false);
    const p = await place({ quote_token: q.body.quote_token, payment: PAY });
    assert.equal(p.status, 409, p.text);
    assert.equal(p.body.error.code, 'quote_invalid');
    assert.deepEqual(await sandboxOrders(), []);
  });
});

describe('a busy merchant is busy, never "price changed" or "does not ship" (issue 15.11)', () => {
  it('direct quote: the bag carries merchant_busy with retry_after, not no_shipping', async () => {
    const [sku] = await skusOf(1001);
    await stack.control('/__sandbox/faults', { json: { merchant_id: 1001, rate_limit_every: 1 } });
    const q = await quote(full([sku!]));
    assert.equal(q.status, 200, q.text);
    assert.equal(q.body.ready, false);
    assert.deepEqual(q.body.bags[0].problems.map((p: any) => p.code), ['merchant_busy']);
    assert.ok(q.body.bags[0].problems[0].retry_after >= 1);
  });

  it('cart place: the price check meets a busy platform → 429 merchant_busy with Retry-After, nothing submitted', async () => {
    const [sku] = await skusOf(1001);
    const q = await quote(full([sku!], 'cart'));
    assert.equal(q.body.ready, true, q.text);
    await stack.control('/__sandbox/faults', { json: { merchant_id: 1001, rate_limit_every: 1, retry_after_s: 30 } });
    const p = await place({ quote_token: q.body.quote_token, payment: PAY });
    assert.equal(p.status, 429, p.text);
    assert.equal(p.body.error.code, 'merchant_busy');
    assert.equal(p.body.error.merchant_id, 1001);
    assert.ok(Number(p.headers.get('retry-after')) >= 1);
    assert.deepEqual(await sandboxOrders(), []);
  });
});

describe('place refuses before anything goes upstream', () => {
  let token: string;
  before(async () => {
    await stack.control('/__sandbox/reset', { json: {} });
    const [sku] = await skusOf(1001);
    const q = await quote(full([sku!]));
    assert.equal(q.body.ready, true, q.text);
    token = q.body.quote_token;
  });
  async function refused(body: object, status: number, code: string) {
    const calls = stack.upstream.length;
    const res = await place(body);
    assert.equal(res.status, status, res.text);
    assert.equal(res.body.error.code, code);
    // A new key with a token that does not verify is first looked up by its own app_order_id (issue 25.1): a read, never a submit.
    assert.deepEqual(
      stack.upstream.slice(calls).filter((c) => c !== 'POST /v1/orders/search'),
      [],
      'nothing but the key\'s own order search sent upstream',
    );
  }

  it('a tampered token (a lower price, a changed label)', async () => {
    const [, mac] = token.split('.');
    const payload = decode(token);
    payload.bags[0].lines[0].price = 1;
    await refused({ quote_token: encode(payload, mac!), payment: PAY }, 400, 'quote_invalid');
    const relabelled = decode(token);
    relabelled.bags[0].shipping.label = 'Free express';
    await refused({ quote_token: encode(relabelled, mac!), payment: PAY }, 400, 'quote_invalid');
    await refused({ quote_token: `${token}x`, payment: PAY }, 400, 'quote_invalid');
    await refused({ quote_token: 'garbage', payment: PAY }, 400, 'quote_invalid');
    await refused({ payment: PAY }, 400, 'quote_invalid');
  });

  it('a token of another shop (other app secret)', async () => {
    const foreign = createQuoteTokens(createSigner('quote-v1', deriveSigningSecret('another-app-secret')));
    await refused({ quote_token: foreign.sign(decode(token)), payment: PAY }, 400, 'quote_invalid');
  });

  it('an expired token', async () => {
    const own = createQuoteTokens(createSigner('quote-v1', deriveSigningSecret(APP_SECRET)));
    const payload = { ...decode(token), exp: Date.now() - 1000 };
    await refused({ quote_token: own.sign(payload), payment: PAY }, 410, 'quote_expired');
  });

  it('no payment', async () => {
    await refused({ quote_token: token }, 400, 'payment_required');
    await refused({ quote_token: token, payment: null }, 400, 'payment_required');
  });

  it('a quote in one currency placed in another', async () => {
    await refused({ quote_token: token, payment: PAY, currency: 'EUR' }, 422, 'currency_mismatch');
    // The currency is part of the signed statement: changing it breaks the signature.
    const [, mac] = token.split('.');
    await refused({ quote_token: encode({ ...decode(token), currency: 'EUR' }, mac!), payment: PAY }, 400, 'quote_invalid');
  });
});
