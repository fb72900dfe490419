/** The budgets of issues 9 and 18, checked by `npm run bench -- --check` against the medians. */
import type { Figure } from './stats.js';

export interface Budget {
  id: string;
  what: string;
  /** The figure whose median is compared. */
  figure: string;
  limit: number;
  /** `<=`: at most the limit; `<`: strictly below it. */
  op: '<=' | '<';
  /**
   * An issue's goal that the code does not meet yet: a miss prints as OPEN and fails `--check` like any miss. Each
   * open goal has a guard budget beside it at today's figure, so the table also says whether the gap has grown.
   */
  goal?: string;
}

export interface Verdict extends Budget {
  value?: number;
  pass: boolean;
}

// 1 KB = 1,000 bytes (the stricter reading).
export const BUDGETS: Budget[] = [
  // Issue 18: each file compressed on its own, as the browser fetches it (replaces issue 9's concatenated 30 KB / 15 KB).
  { id: 'size.up_front', what: 'up front: dist/split/tote.js + its static imports ≤ 25 KB brotli', figure: 'size.tote_eager.brotli', limit: 25_000, op: '<=' },
  // Issue 30's goal, met in session 18 (docs/benchmarks.md): a plain budget again, which fails `--check`.
  { id: 'size.catalog', what: 'catalog first load (provider + grid + card, bundled from the package) ≤ 20 KB brotli', figure: 'size.catalog.brotli', limit: 20_000, op: '<=' },
  // Session 16 added discount codes, VAT, the shopper's currency, per-country addresses, five languages' loaders, GA4
  // events and SSR hydration and took the journey past 48 KB; sessions 17 and 18 brought it back under (47,712 B,
  // docs/benchmarks.md): a plain budget again.
  // As issue 18 defines it: the Stripe adapter counts (every shop on the real service pays through Stripe).
  { id: 'size.journey', what: 'whole shopper journey (all but operator elements; one language; the Stripe adapter included) ≤ 48 KB brotli', figure: 'size.journey.brotli', limit: 48_000, op: '<=' },
  { id: 'size.order_page', what: 'order page (status, cancelling, refunds, event stream) beyond what is up front ≤ 8 KB brotli', figure: 'size.order_page.brotli', limit: 8_000, op: '<=' },
  { id: 'size.stripe.up_front', what: 'Stripe adapter up front in dist/split: 0 B', figure: 'size.stripe_up_front.brotli', limit: 0, op: '<=' },
  { id: 'size.stripe_catalog', what: 'Stripe code in the catalog first load = 0', figure: 'size.stripe_catalog.min', limit: 0, op: '<=' },
  { id: 'size.stripe.in_checkout', what: 'the Stripe adapter rides in the checkout flow\'s chunk (no round trip of its own)', figure: 'size.stripe_chunks', limit: 1, op: '<=' },
  { id: 'size.checkout_one_trip', what: 'the first "Check out" fetches one chunk (one round trip)', figure: 'size.checkout_chunks', limit: 1, op: '<=' },
  { id: 'load.first_checkout_scripts', what: 'the first "Check out" on 4G fetches one script (the flow\'s chunk)', figure: 'load.first_checkout_scripts', limit: 1, op: '<=' },
  { id: 'size.tote.vs_buy_button', what: 'up front ≤ 0.6× Buy Button, brotli', figure: 'size.tote_eager.vs_buy_button', limit: 0.6, op: '<=' },
  { id: 'size.catalog.vs_buy_button', what: 'catalog first load ≤ 0.6× Buy Button, brotli', figure: 'size.catalog.vs_buy_button', limit: 0.6, op: '<=' },
  // Issue 30: long grids cost what is on screen; the baselines, same run: plain DOM with the same content-visibility,
  // and the client grid as the issue measured it (every card drawn, no content-visibility).
  { id: 'render.1000', what: '1,000 cards ≤ 1.2× the plain-DOM baseline', figure: 'render.ratio.1000', limit: 1.2, op: '<=' },
  { id: 'render.vs_today', what: "1,000 cards paint ≥ 3× sooner than today's client grid (≤ 0.33×)", figure: 'render.vs_today.1000', limit: 0.33, op: '<=' },
  { id: 'render.growth', what: '10,000 cards ≤ 2× the 1,000-card time to first paint', figure: 'render.growth', limit: 2, op: '<=' },
  { id: 'render.nodes_per_card', what: 'DOM nodes per card ≤ 40 (real-shaped descriptions: most have markup)', figure: 'render.nodes_per_card', limit: 40, op: '<=' },
  { id: 'render.heap', what: 'JS heap per 1,000 cards ≤ 2 MB', figure: 'render.heap.tote_delta', limit: 2, op: '<=' },
  { id: 'render.ssr.first_product', what: 'first product painted with SSR ≤ 0.5× the client-rendered grid (throttled)', figure: 'render.ssr.first_product.ratio', limit: 0.5, op: '<=' },
  { id: 'render.ssr.second_render', what: 'hydration adds no card (server cards = cards after hydration, no node added)', figure: 'render.ssr.nodes_added', limit: 0, op: '<=' },
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
  ...[1, 3, 6].map(
    (k): Budget => ({
      id: `quote_place.place_requests.${k}`,
      what: `"Place order" → placed: 1 browser→BFF request, ${k} merchant${k > 1 ? 's' : ''}, direct mode`,
      figure: `quote_place.direct.place_requests.${k}`,
      limit: 1,
      op: '<=',
    }),
  ),
  { id: 'quote_place.direct.vs_straight', what: 'direct place ≤ 1.1× the service\'s own submit straight (150 ms per platform call, 1 merchant)', figure: 'quote_place.direct.vs_straight.1', limit: 1.1, op: '<=' },
  // Issue 25.6: a busy shop (one of five slow and rate-limited), 20 shoppers, 200 checkouts (bench/busy-shop.ts).
  { id: 'busy_shop.unaffected', what: 'a busy shop: every checkout without it placed', figure: 'busy_shop.unaffected_not_placed', limit: 0, op: '<=' },
  { id: 'busy_shop.answered', what: 'a busy shop: every checkout with it answered placed or "busy, try in N s"', figure: 'busy_shop.affected_unanswered', limit: 0, op: '<=' },
  { id: 'busy_shop.bound', what: 'a busy shop: every checkout with it answered within 10 s (docs/checkout.md)', figure: 'busy_shop.affected_max_ms', limit: 10_000, op: '<=' },
  { id: 'busy_shop.duplicates', what: 'a busy shop: 0 attempts with two orders', figure: 'busy_shop.duplicates', limit: 0, op: '<=' },
  { id: 'busy_shop.p99', what: 'a busy shop: p99 quote of unaffected shoppers ≤ 1.5× the run without the fault', figure: 'busy_shop.p99_quote_ratio', limit: 1.5, op: '<=' },
  // Issue 30: judged against a bare keep-alive proxy in front of the same sandbox, same run (bench/bare-proxy.ts),
  // instead of the sandbox's estimate straight, which no proxy here reaches within 1.5×.
  // Session 18 found the bare proxy reconnecting for every request (Node's agent dropped each socket before the
  // sandbox's 1 s keep-alive hint): against one that keeps its connections, as the BFF's pool does, both figures are
  // open goals again (docs/benchmarks.md, "third series"); the guards hold today's figures with the machine's noise.
  { id: 'bff.quote.vs_bare', what: 'POST /api/checkout/quote ≤ 1.3× a bare keep-alive proxy passing on the same estimate (mean latency)', figure: 'bff.quote.vs_bare', limit: 1.3, op: '<=', goal: 'issue 30' },
  // Session 19: a quote server doing only what a correct quote must do (bench/minimal-quote.ts, "the floor") measures
  // 1.7–3.4× the bare proxy's CPU and up to 4× its latency in the same runs, so both goals are below the floor on this
  // machine (docs/benchmarks.md, "Session 19"). The bare-proxy guards hold today's figures with the machine's noise (the
  // floor itself reached 4.03× in latency); the floor guards hold the BFF's own cost beyond a correct quote, which the
  // machine's load moves far less.
  { id: 'bff.quote.vs_bare.guard', what: 'quote latency: no growth past today (1.5–4.3× a bare keep-alive proxy, noise included) while its goal is open', figure: 'bff.quote.vs_bare', limit: 5, op: '<=' },
  { id: 'bff.quote.vs_floor.guard', what: 'quote latency: no growth past today (1.1–2.1× the floor, bench/minimal-quote.ts, noise included)', figure: 'bff.quote.vs_floor', limit: 2.5, op: '<=' },
  { id: 'bff.quote.cpu', what: "BFF CPU per quote ≤ 1.5× the bare proxy's CPU per request", figure: 'bff.quote.cpu_vs_bare', limit: 1.5, op: '<=', goal: 'issue 30' },
  { id: 'bff.quote.cpu.guard', what: 'BFF CPU per quote: no growth past today (2.1–4.5× the bare proxy, noise included) while its goal is open', figure: 'bff.quote.cpu_vs_bare', limit: 5, op: '<=' },
  { id: 'bff.quote.cpu_vs_floor.guard', what: "BFF CPU per quote: no growth past today (1.1–1.8× the floor's, bench/minimal-quote.ts, noise included)", figure: 'bff.quote.cpu_vs_floor', limit: 2.2, op: '<=' },
  // Issue 29: telemetry on (OTLP spans and metrics, Prometheus) costs a quote at most 10 % more CPU than off (bench/telemetry.ts).
  { id: 'telemetry.quote.cpu', what: 'quote CPU with telemetry on ≤ 1.10× off (the BFF process, same run)', figure: 'telemetry.quote.cpu_ratio', limit: 1.1, op: '<=' },
  // Issue 25: the promise holds in every run of the checkout model, not in most.
  { id: 'model.holds', what: 'checkout model: no run breaks an invariant (one order per attempt, charged = quoted, every attempt ends)', figure: 'model.violating_runs', limit: 0, op: '<=' },

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
    const verdict = v.pass ? 'PASS' : v.goal ? 'OPEN' : 'MISS';
    return `${verdict}  ${v.what}  (median ${shown}, limit ${v.op} ${v.limit.toLocaleString('en-US')}${v.goal && !v.pass ? `; an open goal of ${v.goal}` : ''})`;
  });
}
