// Tote loads Stripe.js itself (src/stripe/load-stripe.ts) and takes only the types from @stripe/stripe-js:
// the URL must name the release those types describe, or a dependency bump would drift silently.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { STRIPE_JS_URL } from '../../src/stripe/load-stripe.js';

test('Stripe.js is loaded at the release the installed @stripe/stripe-js describes', () => {
  const pure = readFileSync(createRequire(import.meta.url).resolve('@stripe/stripe-js/pure/index.mjs').replace(/pure\/index\.mjs$/, 'dist/pure.mjs'), 'utf8');
  const release = /RELEASE_TRAIN = '(\w+)'/.exec(pure)?.[1];
  assert.ok(release, "@stripe/stripe-js's release train");
  assert.equal(STRIPE_JS_URL, `https://js.stripe.com/${release}/stripe.js`);
});
