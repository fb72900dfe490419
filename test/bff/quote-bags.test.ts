/**
 * A bag's total from its parts, as the BFF checks the service's (a cart bag whose total is not its parts is
 * flagged `totals_disagree` and never ready). Over HTTP in quote.test.ts ("a shop whose total is not its parts").
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bagTotal } from '../../src/bff/quote-bags.js';

// A tax-exclusive shop with a code applied beside a VAT-inclusive one: 10000 − 1000 + 500 + 720 = 10220; 6000 + 400 (1000 VAT inside) = 6400.
const exclusive = { sub_total: 10000, discount_total: 1000, shipping_total: 500, tax_total: 720, taxes_included: false };
const inclusive = { sub_total: 6000, discount_total: 0, shipping_total: 400, tax_total: 1000, taxes_included: true };

test('a bag with a discount and a VAT-inclusive bag add up; VAT added on top of inclusive prices or a discount left out does not', () => {
  assert.equal(bagTotal(exclusive), 10220);
  assert.equal(bagTotal(inclusive), 6400);
  assert.notEqual(bagTotal(inclusive), 7400, 'VAT added on top of VAT-inclusive prices');
  assert.notEqual(bagTotal(exclusive), 11220, 'a bag total without its discount');
});
