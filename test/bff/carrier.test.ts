/** Carrier names as the quote answers them (the widget shows the quote's `carrier` as it is). Over HTTP in quote.test.ts. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { carrierName, carrierOf } from '../../src/bff/carrier.js';

describe('carrier names', () => {
  it('never shows placeholder codes such as OTHER', () => {
    for (const code of ['OTHER', 'other', 'UNKNOWN', '', null, undefined, ' N/A ']) assert.equal(carrierName(code), undefined, String(code));
  });
  it('spells known carriers as they do, and unknown codes as words', () => {
    assert.equal(carrierName('FEDEX'), 'FedEx');
    assert.equal(carrierName('royal_mail'), 'Royal Mail');
    assert.equal(carrierName('SWISS_POST'), 'Swiss Post');
    assert.equal(carrierName('Chronopost'), 'Chronopost');
  });
  it('a method names a carrier only when there is one to name', () => {
    assert.deepEqual(carrierOf('FEDEX'), { carrier: 'FedEx' });
    assert.deepEqual(carrierOf('OTHER'), {});
    assert.deepEqual(carrierOf(null), {});
  });
});
