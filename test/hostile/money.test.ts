/**
 * Group 7 — money: amounts stay integers in each currency's minor unit from
 * the service through the BFF to the formatted text; currencies are never
 * added together; every bag adds up, and the bags add up to the order.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatMoney, sumByCurrency, addMoney, CurrencyMismatchError } from '../../src/contract/money.js';
import { startStack, plainOffer, place, readyQuote, assertNoSecrets, ADDRESS, CUSTOMER, PAY, type Stack } from './harness.js';

let stack: Stack;

/** Every number under a key that names an amount must be a safe integer. */
function amountsAreIntegers(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => amountsAreIntegers(v, `${path}.${i}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => {
      const p = `${path}.${k}`;
      if (typeof v === 'number' && /price|total|amount/.test(k) && !Number.isSafeInteger(v)) return [`${p}=${v}`];
      return amountsAreIntegers(v, p);
    });
  }
  return [];
}

/** Each bag: total = sub + shipping + tax − discount; single-currency orders: the bags add up to the order. */
function assertAddsUp(order: any) {
  for (const b of order.bags) {
    const lines = b.skus.filter((s: any) => s.available !== false).reduce((n: number, s: any) => n + s.price * s.quantity, 0);
    assert.equal(b.sub_total, lines, `bag ${b.id} sub_total`);
    assert.equal(b.total, b.sub_total + (b.shipping_total ?? 0) + (b.tax_total ?? 0) - (b.discount_total ?? 0), `bag ${b.id} total`);
  }
  const currencies = new Set(order.bags.map((b: any) => b.currency));
  if (currencies.size === 1) {
    assert.equal(order.total, order.bags.reduce((n: number, b: any) => n + b.total, 0), 'order total');
  } else {
    assert.equal(order.total ?? null, null, 'no order total across currencies');
  }
}

async function inStockSku(merchantId: number) {
  const page = await stack.api(`/api/offers?merchant_id=${merchantId}&size=20`);
  return page.body.offers.flatMap((o: any) => o.skus).find((s: any) => s.in_stock && (s.qty_available ?? 9) > 4);
}

/** A quote in `currency` (one currency per order, issue 13; the service's default is USD), placed as the widget places it. */
async function checkout(lines: { sku_id: number; quantity: number }[], address = ADDRESS, currency = 'USD', mode: 'direct' | 'cart' = 'cart') {
  const q = await stack.api('/api/checkout/quote', { method: 'POST', json: { mode, currency, lines, customer: CUSTOMER, shipping_address: address } });
  assert.equal(q.status, 200, q.text);
  assert.equal(q.body.ready, true, q.text);
  assert.deepEqual(amountsAreIntegers(q.body), []);
  const placed = await place(stack, q.body.quote_token, `money-${mode}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  assert.equal(placed.status, 201, placed.text);
  assert.equal(placed.body.order.total, q.body.totals.total, 'placed at the quoted total');
  return placed.body.order;
}

const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8'));
const encode = (payload: object, token: string) => `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${token.split('.')[1]}`;
const placedOrders = async () => (await stack.control('/__sandbox/orders')).filter((o: any) => o.status !== 'IN_PROGRESS').length;

before(async () => {
  stack = await startStack();
});
after(() => stack.close());

describe('7. Money', () => {
  it('JPY: a cart of ¥ amounts goes through to an order with no fraction anywhere and shows no decimals', async () => {
    const sku = await inStockSku(1002);
    const order = await checkout([{ sku_id: sku.id, quantity: 3 }], { ...ADDRESS, country: 'JP', state: 'Tokyo', city: 'Tokyo', postal_code: '100-0001' }, 'JPY', 'direct');
    assert.deepEqual(amountsAreIntegers(order), []);
    assert.equal(order.bags[0].currency, 'JPY');
    assert.equal(order.bags[0].skus[0].line_price, sku.sale_price * 3);
    assertAddsUp(order);
    assert.doesNotMatch(formatMoney(order.total, 'JPY', 'en-US'), /[.,]\d{1,2}$/);
  });

  it('KWD: three minor digits end to end — 5 % VAT stays whole fils and KWD 1.234 shows as such', async () => {
    const sku = await inStockSku(1005);
    const order = await checkout([{ sku_id: sku.id, quantity: 2 }], { ...ADDRESS, country: 'KW', state: null as unknown as string, city: 'Kuwait City', postal_code: '13001' }, 'KWD');
    assert.deepEqual(amountsAreIntegers(order), []);
    assert.equal(order.bags[0].currency, 'KWD');
    assert.ok(order.bags[0].tax_total > 0, 'VAT charged');
    assertAddsUp(order);
    assert.match(formatMoney(1234, 'KWD', 'en-US'), /1\.234/);
  });

  it('IQD and CLF: amounts of injected offers reach the widget as the same integers and format with ISO digits (3 and 4)', async () => {
    await stack.control('/__sandbox/offers', { json: plainOffer(910001, { currency: 'IQD', merchant_id: 1005, min_price: 1500, max_price: 1500 }, { currency: 'IQD', merchant_id: 1005, sale_price: 1500 }) });
    await stack.control('/__sandbox/offers', { json: plainOffer(910002, { currency: 'CLF', merchant_id: 1005, min_price: 12345, max_price: 12345 }, { currency: 'CLF', merchant_id: 1005, sale_price: 12345 }) });
    const iqd = await stack.api('/api/offers/910001');
    const clf = await stack.api('/api/offers/910002');
    assert.equal(iqd.body.offer.skus[0].sale_price, 1500);
    assert.equal(clf.body.offer.skus[0].sale_price, 12345);
    // Intl alone says IQD has 0 digits: ours says ISO's 3.
    assert.match(formatMoney(iqd.body.offer.skus[0].sale_price, iqd.body.offer.currency, 'en-US'), /1\.500/);
    assert.match(formatMoney(clf.body.offer.skus[0].sale_price, clf.body.offer.currency, 'en-US'), /1\.2345/);
  });

  it('a SKU priced in another currency than its merchant\'s bag is never summed into that bag', async () => {
    await stack.control('/__sandbox/offers', { json: plainOffer(910003, { currency: 'IQD', merchant_id: 1005 }, { currency: 'IQD', merchant_id: 1005, sale_price: 1500 }) });
    const kwd = await inStockSku(1005);
    const res = await stack.api('/api/checkout/quote', {
      method: 'POST',
      json: { mode: 'cart', currency: 'KWD', lines: [{ sku_id: kwd.id, quantity: 1 }, { sku_id: 9100030, quantity: 1 }] },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.currency, 'KWD');
    const bag = res.body.bags.find((b: any) => b.merchant_id === 1005);
    for (const line of bag.lines) assert.ok(line.sku_id !== 9100030 || !line.available, 'an IQD price was added to a KWD bag');
    assert.equal(bag.sub_total, kwd.sale_price);
    assert.ok(res.body.bags.some((b: any) => b.problems.some((p: any) => p.sku_id === 9100030)), 'the refused SKU is reported');
    assert.equal(res.body.ready, false, 'a quote missing a line cannot be placed');
  });

  for (const mode of ['cart', 'direct'] as const) it(`a ${mode}-mode order of USD, JPY and KWD merchants is priced in one currency through placing: one total, each merchant\'s own kept as external (issue 13)`, async () => {
    const skus = await Promise.all([1001, 1002, 1005].map(inStockSku));
    const order = await checkout(skus.map((s: any) => ({ sku_id: s.id, quantity: 1 })), ADDRESS, 'USD', mode);
    assert.deepEqual(order.bags.map((b: any) => b.currency), ['USD', 'USD', 'USD']);
    // The merchants' own amounts are the service's business, kept there: the shopper's answer carries the order's currency only (issue 25.7).
    const kept = (await stack.control('/__sandbox/orders')).find((o: any) => o.id === order.id);
    assert.deepEqual(kept.bags.map((b: any) => b.external_currency).sort(), ['JPY', 'KWD', 'USD']);
    assertAddsUp(order);
    assert.deepEqual(amountsAreIntegers(order), []);
    const totals = sumByCurrency(order.bags.map((b: any) => ({ amount: b.total, currency: b.currency })));
    assert.deepEqual(totals, [{ amount: order.total, currency: 'USD' }]);
    // The merchants' own amounts stay in their own currencies, never added together.
    const own = sumByCurrency(kept.bags.map((b: any) => ({ amount: b.external_total, currency: b.external_currency })));
    assert.equal(own.length, 3);
    assert.throws(() => addMoney(own[0]!, own[1]!), CurrencyMismatchError);
  });

  it('two USD bags of two merchants add up to the order total', async () => {
    const a = await inStockSku(1001);
    // 1002 sells in JPY; priced in USD its bag is a USD bag. (1006, the other USD seller, is hidden from the shop,
    // and a hidden merchant is not quoted: issue 25.9.)
    const b = await inStockSku(1002);
    const order = await checkout([{ sku_id: a.id, quantity: 2 }, { sku_id: b.id, quantity: 1 }]);
    assert.equal(order.bags.length, 2);
    assert.equal(order.currency, 'USD');
    assertAddsUp(order);
  });

  it('-0 from the service is plain 0 in the BFF answer and never formats as a negative', async () => {
    const raw = JSON.stringify(plainOffer(910004, { min_price: 0, max_price: 0 }, { sale_price: 0, retail_price: 0 })).replace(/"sale_price":0/, '"sale_price":-0').replace(/"min_price":0/, '"min_price":-0');
    assert.match(raw, /-0/);
    await stack.control('/__sandbox/offers?raw=true', { json: JSON.parse(raw) });
    const res = await stack.api('/api/offers/910004');
    assert.equal(res.status, 200, res.text);
    assert.doesNotMatch(res.text, /:-0[,}]/);
    assert.equal(formatMoney(-0, 'USD', 'en-US'), formatMoney(0, 'USD', 'en-US'));
    assert.equal(formatMoney(-0, 'KWD', 'en-US'), formatMoney(0, 'KWD', 'en-US'));
  });

  // The amounts a browser could want to pick live in the signed quote: changing any of them breaks the signature.
  for (const [what, tamper] of [
    ['a lowered SKU price', (bag: any) => (bag.lines[0].price -= 1)],
    ['a negative tax_total', (bag: any) => (bag.tax_total = -50_000)],
    ['a discount worth the whole bag', (bag: any) => ((bag.discounts = [{ code: 'FREE', amount: bag.lines[0].price }]), (bag.total -= bag.lines[0].price))],
    ['a shipping price of its own', (bag: any) => (bag.shipping = { shipping_method_id: 'made-up', label: 'Teleport', price: 0 })],
  ] as const) {
    it(`a quote token with ${what} set by the browser is refused (400 quote_invalid) and no order exists`, async () => {
      const before = await placedOrders();
      const q = await readyQuote(stack, [1001]);
      const payload = decode(q.quote_token);
      tamper(payload.bags[0]);
      const res = await place(stack, encode(payload, q.quote_token), `money-${what.replace(/\W+/g, '-')}`);
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.error.code, 'quote_invalid');
      assert.equal(await placedOrders(), before);
    });
  }

  it('amounts, tax, discounts or shipping sent beside a valid quote token are ignored: the order is exactly the quote', async () => {
    const q = await readyQuote(stack, [1001]);
    const bag = q.bags[0];
    const res = await stack.api('/api/checkout/place', {
      method: 'POST',
      headers: { 'idempotency-key': 'money-amounts-beside-token' },
      json: {
        quote_token: q.quote_token,
        payment: PAY,
        totals: { total: 1 },
        bags: [{ merchant_id: 1001, tax_total: -50_000, discounts: [{ code: 'FREE', amount: bag.sub_total }], shipping_method_id: 'made-up' }],
        order: { bags: [{ merchant_id: 1001, skus: [{ sku_id: bag.lines[0].sku_id, quantity: 1, price: 1 }], tax_total: 0 }] },
      },
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.order.total, q.totals.total);
    const placed = res.body.order.bags[0];
    assert.equal(placed.tax_total, bag.tax_total);
    assert.equal(placed.shipping_method.shipping_method_id, bag.shipping_method_id);
    assert.equal(placed.skus[0].price, bag.lines[0].unit_price);
    assert.ok(!placed.discount_total, 'no discount the quote did not have');
  });

  it('no answer in this file carried the app secret or token', () => {
    assert.equal(assertNoSecrets(stack.received), undefined);
  });
});
