import { test } from 'node:test';
import assert from 'node:assert/strict';
import { twoBagQuote as quote } from '../two-bag-quote.js';
import { emptyAddress } from '../../src/checkout/rules/checkout-address.js';
import {
  busyMerchants,
  checkoutCurrency,
  chosenMethods,
  lineIssues,
  quoteKey,
  quoteRequest,
} from '../../src/checkout/rules/checkout-quote.js';

const lines = [
  { sku_id: 11, merchant_id: 1001, name: 'Tee', unit_price: 2000, currency: 'USD', quantity: 2 },
  { sku_id: 21, merchant_id: 1002, name: 'Bowl', unit_price: 4800, currency: 'JPY', quantity: 1 },
];
const address = { ...emptyAddress('US'), first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', address_1: '1 Main', city: 'SF', state: 'CA', postal_code: '94105' };
const state = { shipping: address, billing: emptyAddress('US'), billingSameAsShipping: true, selections: {} as Record<string, string> };


test('the currency is the provider\'s when it names one, else the first merchant\'s', () => {
  assert.equal(checkoutCurrency('eur', lines), 'EUR');
  assert.equal(checkoutCurrency(undefined, lines), 'USD');
  assert.equal(checkoutCurrency(undefined, [...lines].reverse()), 'JPY');
});

test('a quote request carries the address only once it is complete, and the shopper\'s picks', () => {
  const partial = quoteRequest({ mode: 'cart', currency: 'USD', lines, state: { ...state, shipping: { ...address, city: '' } } })!;
  assert.equal(quoteRequest({ mode: 'direct', currency: 'USD', lines, state: { ...state, shipping: { ...address, city: '' } } }), undefined, 'a direct order is priced for an address only');
  assert.equal(partial.shipping_address, undefined);
  assert.equal(partial.customer, undefined);
  const full = quoteRequest({ mode: 'cart', currency: 'USD', lines, state: { ...state, selections: { '1001': 'x' }, quoteToken: 'prev' } })!;
  assert.deepEqual(full.customer, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' });
  assert.equal(full.shipping_address!.postal_code, '94105');
  assert.deepEqual(full.shipping, [{ merchant_id: 1001, shipping_method_id: 'x' }]);
  assert.equal(full.quote_token, 'prev');
  assert.equal(full.device_id, undefined);
  assert.equal(quoteRequest({ mode: 'direct', currency: 'USD', lines, state, deviceId: 'dev_0123456789abcdef' })!.device_id, 'dev_0123456789abcdef', 'the browser\'s id rides with every quote');
  assert.equal(quoteRequest({ mode: 'direct', currency: 'USD', lines, state, locale: 'pt-BR' })!.locale, 'pt-BR', 'the BFF writes the address lines in it');
  assert.equal(quoteKey(full), quoteKey({ ...full, quote_token: 'other' }), 'the token does not make a new request');
  assert.equal(quoteRequest({ mode: 'direct', lines: [], state }), undefined);
});

test('chosen methods, busy shops and flagged lines are read from the quote', () => {
  const q = quote();
  q.bags[1]!.problems = [{ code: 'merchant_busy', retry_after: 3 }, { code: 'out_of_stock', sku_id: 21 }];
  assert.deepEqual(chosenMethods(q), { '1001': 's' });
  assert.deepEqual([...busyMerchants(q)], [[1002, 3]]);
  assert.deepEqual(lineIssues(q), [{ sku_id: 21, issue: 'out_of_stock' }]);
});
