/**
 * What a 409 `quote_changed` tells the shopper changed (issue 27): computed by the BFF from the quote
 * placed (its token's statement) and the fresh quote; the widget only words it. Over HTTP in quote.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { QuoteResponse } from '../../src/contract/checkout-api.js';
import { twoBagQuote as quote } from '../two-bag-quote.js';
import { changesOf } from '../../src/bff/place-compare.js';
import { quotedOf, totalsOf } from '../../src/bff/quote-bags.js';
import type { QuotePayload } from '../../src/bff/quote-token.js';

/** The token's statement of a quote, as `finish` signs it. */
const placed = (q: QuoteResponse): QuotePayload => ({
  v: 1, iat: 0, exp: 1, mode: q.mode, currency: q.currency, customer: undefined, shipping_address: undefined,
  billing_address: undefined, shipping: undefined, discount_codes: undefined, device_id: undefined,
  bags: q.bags.map(quotedOf), totals: totalsOf(q.bags), ready: q.ready,
});

test('what changed between the quote placed and the fresh one, named from the fresh quote', () => {
  const after = quote();
  after.bags[0]!.lines[0]!.unit_price = 2200;
  after.bags[0]!.tax_total = 400;
  after.bags[1]!.lines[0]!.available = false;
  after.totals.total = 8500;
  assert.deepEqual(changesOf(placed(quote()), after), [
    { kind: 'price', name: 'Tee', before: 2000, after: 2200 },
    { kind: 'tax', merchant: 'A', before: 350, after: 400 },
    { kind: 'unavailable', name: 'Bowl' },
    { kind: 'total', before: 8050, after: 8500 },
  ]);
});

test('a line the fresh quote flags sold out is listed gone; a new shop\'s shipping is not a change', () => {
  const after = quote();
  after.bags[0]!.problems = [{ code: 'out_of_stock', sku_id: 11 }];
  const before = placed(quote());
  before.bags = before.bags.filter((b) => b.merchant_id !== 1002);
  assert.deepEqual(changesOf(before, after), [{ kind: 'unavailable', name: 'Tee' }]);
});

test('amounts of two currencies are never compared: only the new total is listed', () => {
  const after = { ...quote(), currency: 'EUR' };
  after.bags[0]!.lines[0]!.unit_price = 1900;
  assert.deepEqual(changesOf(placed(quote()), after), [{ kind: 'total', before: 8050, after: 8050 }]);
});
