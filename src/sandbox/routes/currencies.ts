import { SEED_EPOCH_MS } from '../dates.js';
import { checkRate, exchangeRate, RATES_PER_USD } from '../exchange.js';
import type { Route } from '../router.js';

/**
 * `GET /v1/currencies/latest` → `{ base, date, rates }` (reference/service-shapes.md A.7b): what one unit of `base`
 * (query `base`, default USD) buys of each currency the sandbox prices in. The sandbox's rates are fixed
 * (src/sandbox/exchange.ts), so `date` is the day they stand for, the catalog's sync day, not today.
 */
export function currencyRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/v1/currencies/latest',
      auth: 'access',
      handler({ query }) {
        const base = (query.get('base') ?? 'USD').toUpperCase();
        checkRate(base, 'base');
        const rates = Object.fromEntries(Object.keys(RATES_PER_USD).map((c) => [c, Number(exchangeRate(base, c).toPrecision(6))]));
        return { body: { base, date: new Date(SEED_EPOCH_MS).toISOString().slice(0, 10), rates } };
      },
    },
  ];
}
