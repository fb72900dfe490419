/**
 * Group 1 — malicious catalog data, Node half: hostile offers are injected
 * verbatim into the sandbox and read back through the BFF, which must pass
 * the shopper's fields on as inert JSON (never as HTML), text byte for byte,
 * descriptions with markup as the safe structure (bff/description.ts: no
 * script, handler or non-http(s) link survives), media URLs only when https
 * on a public host, without polluting
 * anything or falling over on sheer size or depth. What the BFF answers is
 * the fixture the Chromium half renders (`fixtures/bff-hostile-offers.json`):
 * this file fails when the two drift apart; `TOTE_UPDATE_FIXTURES=1`
 * rewrites it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { WidgetOfferSchema } from '../../src/contract/api.js';
import { DESCRIPTION_LIMITS } from '../../src/contract/shopper-offer.js';
import { hasMarkup } from '../../src/bff/description.js';
import { assertNoSecrets, startBff, startFakeUpstream, startStack, type Stack } from './harness.js';
import { FIRST_ID, SCRIPTY, deepOffer, hostileOffers, megabyteOffer } from './hostile-data.js';

const FIXTURE = new URL('./fixtures/bff-hostile-offers.json', import.meta.url);

let stack: Stack;
const captured: unknown[] = [];

before(async () => {
  stack = await startStack();
  for (const offer of hostileOffers()) await stack.injectRaw(offer);
});
after(() => stack.close());

describe('1. Malicious catalog data (through the BFF)', () => {
  const offers = hostileOffers();
  for (const offer of offers) {
    it(`offer ${offer.id} (${String(offer.name).slice(0, 50)}) comes back as inert JSON, text byte-exact, markup as safe structure`, async () => {
      const res = await stack.api(`/api/offers/${offer.id}`);
      assert.equal(res.status, 200, res.text.slice(0, 300));
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      assert.ok(WidgetOfferSchema.safeParse(res.body.offer).success);
      assert.equal(res.body.offer.name, offer.name);
      // Plain text is passed on as it is; markup (in `description` or `html_description`) never: only its structure.
      if (typeof offer.description === 'string' && !hasMarkup(offer.description)) assert.equal(res.body.offer.description, offer.description);
      assert.equal('html_description' in res.body.offer, false);
      const described = JSON.stringify([res.body.offer.description, res.body.offer.rich_description]);
      assert.doesNotMatch(described, /<(script|img|svg|iframe|style|form|dialog|details|math)|javascript:|vbscript:|data:|blob:|file:|on(error|load|toggle)=/i);
      // Business fields are not the shopper's (issue 15.7); a media URL is served only when https on a public host (15.11).
      for (const key of ['external_url', 'currency_symbol', 'external_data', 'metadata', 'collections'] as const) assert.equal(key in res.body.offer, false, key);
      const image = res.body.offer.default_image_url;
      assert.ok(image == null || (image === offer.default_image_url && new URL(image).protocol === 'https:'), `default_image_url ${image}`);
      assert.deepEqual(res.body.offer.tags, offer.tags ?? []);
      captured.push(res.body.offer);
    });
  }

  it('the merchant listing carries the same markup as data, in a JSON answer', async () => {
    const res = await stack.api(`/api/offers?merchant_id=1001&size=100`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    const first = res.body.offers.find((o: any) => o.id === FIRST_ID + 1);
    assert.equal(first.name, SCRIPTY.join(' '));
  });

  it('__proto__ and constructor keys in external_data and metadata pollute nothing', async () => {
    const id = offers.at(-1)!.id as number;
    const res = await stack.api(`/api/offers/${id}`);
    assert.equal(res.status, 200, res.text);
    assert.equal(({} as any).tote_polluted, undefined);
    assert.equal(Object.prototype.hasOwnProperty.call(Object.prototype, 'tote_polluted'), false);
    // Read by the contract, never served (issue 15.7).
    assert.equal('external_data' in res.body.offer, false);
    // Whatever was kept of those keys is plain data: reading it back pollutes nothing either.
    JSON.parse(res.text);
    assert.equal(({} as any).tote_polluted, undefined);
  });

  it("a 2 MB description is cut to the contract's bound, as text (never into broken markup)", async () => {
    const offer = megabyteOffer(939_001);
    await stack.injectRaw(offer);
    const res = await stack.api('/api/offers/939001');
    assert.equal(res.status, 200);
    assert.ok(res.body.offer.description.length <= DESCRIPTION_LIMITS.textChars);
    assert.ok(res.text.length < 64 * 1024, `${res.text.length} characters`);
    assert.doesNotMatch(res.body.offer.description, /<img|onerror=/);
  });

  it('external_data nested 150 levels (inside the sandbox cap) is served as data', async () => {
    await stack.injectRaw(deepOffer(939_002, 150));
    const res = await stack.api('/api/offers/939002');
    assert.equal(res.status, 200, res.text.slice(0, 200));
  });

  it('an upstream offer nested 20,000 levels deep: a clear 502, and the BFF keeps serving', async () => {
    const deep = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
    const fake = await startFakeUpstream({
      'GET /v1/catalog/offers/5': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(`{"id":5,"name":"Deep","merchant_id":1001,"currency":"USD","external_data":${deep}}`);
      },
    });
    const bff = await startBff(fake.url);
    try {
      const res = await bff.api('/api/offers/5');
      assert.equal(res.status, 502, res.text.slice(0, 200));
      assert.equal(res.body.error.code, 'upstream_error');
      assert.doesNotMatch(res.text, /RangeError|stack|at /);
      assert.equal((await bff.api('/api/health')).status, 200);
    } finally {
      await bff.close();
      await fake.close();
    }
  });

  it('the Chromium fixture is exactly what the BFF answered', () => {
    assert.equal(captured.length, offers.length);
    if (process.env.TOTE_UPDATE_FIXTURES === '1') writeFileSync(FIXTURE, JSON.stringify(captured, null, 1) + '\n');
    assert.deepEqual(JSON.parse(readFileSync(FIXTURE, 'utf8')), captured);
  });

  it('no answer in this file carried the app secret or token', () => {
    assert.equal(assertNoSecrets(stack.received), undefined);
  });
});
