/**
 * What paying through Stripe costs in bytes (issues 16 and 18): the Stripe
 * adapter with its Stripe.js loader (and @stripe/stripe-js, should runtime
 * code of it come back), named by the split bundle's source maps. They must
 * be absent up front (the entry's static graph) and ride in the checkout
 * flow's chunk (scripts/build.mjs says why). Stripe.js itself comes from
 * js.stripe.com and is not counted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { bytesPerSource, sizesOf } from './size.js';
import { figure, type Figure } from './stats.js';

const isStripeSource = (s: string) => /(^|\/)src\/stripe\/|@stripe\/stripe-js/.test(s);

/** Whether a chunk of the split bundle carries Stripe code (named by its source map). */
function carriesStripe(file: string): boolean {
  const map = `${file}.map`;
  if (!existsSync(map)) throw new Error(`${map} missing: the split build keeps source maps`);
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources.some(isStripeSource);
}

/** Stripe's bytes up front (the files of `upFront`) and inside the journey's lazy chunks (`journey`, by source map). */
export function stripeSizes(upFront: Iterable<string>, journey: Iterable<string>): Figure[] {
  const eager = [...upFront];
  const eagerBrotli = eager.filter(carriesStripe).reduce((n, f) => n + sizesOf(readFileSync(f)).brotli, 0);
  const lazy = [...journey].filter((f) => !eager.includes(f) && carriesStripe(f));
  if (!lazy.length) throw new Error('no chunk of the journey carries the Stripe adapter: is payment="stripe" still wired?');
  let inChunk = 0;
  for (const f of lazy) for (const [source, n] of bytesPerSource(f)) if (isStripeSource(source)) inChunk += n;
  return [
    figure('size', 'size.stripe_up_front.brotli', 'Stripe adapter in dist/split up front (must be 0), brotli -q 11', 'B', [eagerBrotli]),
    figure('size', 'size.stripe_chunks', 'chunks of the journey carrying the Stripe adapter (the checkout flow\'s)', 'files', [lazy.length]),
    figure('size', 'size.stripe_in_checkout.min', 'Stripe adapter (with its Stripe.js loader) inside the checkout chunk, minified (by source map)', 'B', [inChunk]),
  ];
}

export const stripeBytesOf = (breakdown: { module: string; bytes: number }[]) =>
  breakdown.filter((m) => isStripeSource(m.module)).reduce((n, m) => n + m.bytes, 0);
