import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QuoteResponseSchema, type QuoteResponse } from '../../src/contract/checkout-api.js';
import { emptyAddress } from '../../src/checkout/rules/checkout-address.js';
import { quoteRequest } from '../../src/checkout/rules/checkout-quote.js';
import { codeStates, withCode, withoutCode } from '../../src/checkout/rules/checkout-quote-codes.js';

const bag = (over: object) => ({ merchant_id: 1, merchant_name: 'A', lines: [], shipping_methods: [], sub_total: 0, shipping_total: 0, tax_total: 0, total: 0, problems: [], ...over });
const quote = (bags: object[], totals: object): QuoteResponse =>
  QuoteResponseSchema.parse({ quote_token: 't', expires_at: '2026-11-22T22:00:00Z', currency: 'GBP', mode: 'cart', ready: true, bags, totals });

// A tax-exclusive shop with a code applied beside a VAT-inclusive one: 10000 − 1000 + 500 + 720 = 10220; 6000 + 400 (1000 VAT inside) = 6400.
const exclusive = bag({ merchant_id: 1003, sub_total: 10000, discount_total: 1000, shipping_total: 500, tax_total: 720, total: 10220, discounts: [{ code: 'TOTE10', amount: 1000, status: 'applied' }] });
const inclusive = bag({ merchant_id: 1004, sub_total: 6000, discount_total: 0, shipping_total: 400, tax_total: 1000, taxes_included: true, total: 6400, discounts: [{ code: 'NOPE', amount: 0, status: 'unknown' }] });
const totals = { sub_total: 16000, discount_total: 1000, shipping_total: 900, tax_total: 720, included_tax_total: 1000, total: 16620 };

test('what each entered code did, as the quote answers it, and pending until a quote asked about it', () => {
  const q = { ...quote([exclusive, inclusive], totals), discount_codes: [{ code: 'TOTE10', amount: 1000, status: 'applied' as const }, { code: 'NOPE', amount: 0, status: 'unknown' as const }] };
  assert.deepEqual(codeStates(['tote10', 'NOPE', 'LATER'], q), [
    { code: 'tote10', status: 'applied', amount: 1000 },
    { code: 'NOPE', status: 'unknown', amount: 0 },
    { code: 'LATER', status: 'pending', amount: 0 },
  ]);
  assert.deepEqual(codeStates(['X'], undefined), [{ code: 'X', status: 'pending', amount: 0 }]);
});

test('codes are added once, trimmed, five at most, removed without regard to case, and sent with the quote', () => {
  assert.deepEqual(withCode(['TOTE10'], ' tote10 '), ['TOTE10']);
  assert.deepEqual(withCode([], '   '), []);
  assert.deepEqual(withCode(['A', 'B', 'C', 'D', 'E'], 'F'), ['A', 'B', 'C', 'D', 'E']);
  assert.deepEqual(withoutCode(['TOTE10', 'X'], 'tote10'), ['X']);
  const state = { shipping: emptyAddress('US'), billing: emptyAddress('US'), billingSameAsShipping: true, selections: {}, codes: ['TOTE10'] };
  const line = { sku_id: 1, merchant_id: 1, name: 'T', unit_price: 1, currency: 'USD', quantity: 1 };
  assert.deepEqual(quoteRequest({ mode: 'cart', lines: [line], state })?.discount_codes, ['TOTE10']);
  assert.equal(quoteRequest({ mode: 'cart', lines: [line], state: { ...state, codes: [] } })?.discount_codes, undefined);
});
