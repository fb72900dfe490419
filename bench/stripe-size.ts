/**
 * What `payment="stripe"` adds to the bytes a shop downloads (issue 16): the
 * split bundle's chunks that carry the Stripe adapter or @stripe/stripe-js
 * (named by their source maps), up front (the entry's static graph, must be 0)
 * and lazily (loaded when the payment step mounts). Stripe.js itself comes
 * from js.stripe.com and is not counted.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sizesOf, staticGraph } from './size.js';
import { figure, type Figure } from './stats.js';

const DIR = 'dist/split';
const isStripeSource = (s: string) => /(^|\/)src\/stripe\/|@stripe\/stripe-js/.test(s);

/** Whether a chunk of the split bundle carries Stripe code (named by its source map). */
export function carriesStripe(file: string): boolean {
  const map = `${file}.map`;
  if (!existsSync(map)) throw new Error(`${map} missing: the split build keeps source maps`);
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources.some(isStripeSource);
}

const total = (files: string[]) => {
  const s = files.map((f) => sizesOf(readFileSync(f)));
  return { min: s.reduce((n, x) => n + x.min, 0), gzip: s.reduce((n, x) => n + x.gzip, 0), brotli: s.reduce((n, x) => n + x.brotli, 0) };
};

export function stripeAdapterSizes(): Figure[] {
  const upFront = staticGraph(join(DIR, 'tote.js'));
  const all = readdirSync(DIR).filter((f) => f.endsWith('.js')).map((f) => join(DIR, f));
  const eager = total(upFront.filter(carriesStripe));
  const lazy = total(all.filter((f) => !upFront.includes(f) && carriesStripe(f)));
  if (!lazy.min) throw new Error('no lazy chunk carries the Stripe adapter: is payment="stripe" still wired?');
  return [
    figure('size', 'size.stripe_up_front.brotli', 'Stripe adapter in dist/split up front (must be 0), brotli -q 11', 'B', [eager.brotli]),
    figure('size', 'size.stripe_lazy.min', 'Stripe adapter chunk loaded for payment="stripe", minified', 'B', [lazy.min]),
    figure('size', 'size.stripe_lazy.gzip', 'Stripe adapter chunk loaded for payment="stripe", gzip -9', 'B', [lazy.gzip]),
    figure('size', 'size.stripe_lazy.brotli', 'Stripe adapter chunk loaded for payment="stripe", brotli -q 11', 'B', [lazy.brotli]),
  ];
}
