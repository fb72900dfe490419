/** The budgets of issue 9, checked by `npm run bench -- --check` against the medians. */
import type { Figure } from './stats.js';

export interface Budget {
  id: string;
  what: string;
  /** The figure whose median is compared. */
  figure: string;
  limit: number;
  /** `<=`: at most the limit; `<`: strictly below it. */
  op: '<=' | '<';
}

export interface Verdict extends Budget {
  value?: number;
  pass: boolean;
}

// 1 KB = 1,000 bytes (the stricter reading).
export const BUDGETS: Budget[] = [
  { id: 'size.tote', what: 'dist/tote.js without the lazy sanitizer ≤ 30 KB brotli', figure: 'size.tote_eager.brotli', limit: 30_000, op: '<=' },
  { id: 'size.stripe.up_front', what: 'Stripe adapter up front in dist/split: 0 B', figure: 'size.stripe_up_front.brotli', limit: 0, op: '<=' },
  { id: 'size.catalog', what: 'catalog-only first load ≤ 15 KB brotli', figure: 'size.catalog.brotli', limit: 15_000, op: '<=' },
  { id: 'size.tote.vs_buy_button', what: 'dist/tote.js (no sanitizer) ≤ 0.6× Buy Button, brotli', figure: 'size.tote_eager.vs_buy_button', limit: 0.6, op: '<=' },
  { id: 'size.catalog.vs_buy_button', what: 'catalog-only first load ≤ 0.6× Buy Button, brotli', figure: 'size.catalog.vs_buy_button', limit: 0.6, op: '<=' },
  { id: 'render.1000', what: '1,000 cards ≤ 1.5× the vanilla baseline', figure: 'render.ratio.1000', limit: 1.5, op: '<=' },
  { id: 'render.growth', what: '5,000 cards ≤ 5.5× the 1,000-card time', figure: 'render.growth', limit: 5.5, op: '<=' },
  { id: 'checkout.direct.3', what: '3-merchant direct order ≤ 1.3× the 1-merchant time', figure: 'checkout.direct.order.ratio.3', limit: 1.3, op: '<=' },
  { id: 'checkout.direct.6', what: '6-merchant direct order ≤ 1.3× the 1-merchant time', figure: 'checkout.direct.order.ratio.6', limit: 1.3, op: '<=' },
  ...[1, 3, 6].map(
    (k): Budget => ({
      id: `checkout.direct.requests.${k}`,
      what: `direct checkout, review → placed, ${k} merchant${k > 1 ? 's' : ''}: ≤ 3 browser→BFF requests`,
      figure: `checkout.direct.browser_requests.${k}`,
      limit: 3,
      op: '<=',
    }),
  ),
  { id: 'bff.cached.upstream', what: 'cached GET /api/offers makes 0 upstream (offer) calls', figure: 'bff.offers_cached.upstream', limit: 0, op: '<=' },
  { id: 'bff.quote.vs_direct', what: 'POST /api/checkout/quote ≤ 1.5× the service estimate called straight, same body (mean latency)', figure: 'bff.quote.vs_direct', limit: 1.5, op: '<=' },
  { id: 'bff.cached.faster', what: 'cached GET /api/offers faster than the sandbox directly (mean latency ratio < 1)', figure: 'bff.offers_cached.vs_direct', limit: 1, op: '<' },
];

export function check(figures: Figure[]): Verdict[] {
  const byId = new Map(figures.map((f) => [f.id, f]));
  return BUDGETS.map((b) => {
    const value = byId.get(b.figure)?.median;
    // A figure that was not measured misses its budget.
    const pass = value !== undefined && (b.op === '<=' ? value <= b.limit : value < b.limit);
    return { ...b, ...(value === undefined ? {} : { value }), pass };
  });
}

export function verdictLines(verdicts: Verdict[]): string[] {
  return verdicts.map((v) => {
    const shown = v.value === undefined ? 'not measured' : Number.isInteger(v.value) ? v.value.toLocaleString('en-US') : v.value.toFixed(2);
    return `${v.pass ? 'PASS' : 'MISS'}  ${v.what}  (median ${shown}, limit ${v.op} ${v.limit.toLocaleString('en-US')})`;
  });
}
