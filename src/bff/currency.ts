/**
 * `GET /api/currencies`: the service's exchange rates (`GET /v1/currencies/latest`) for the widget, which
 * shows card, picker and cart prices in the shopper's currency with them (docs/bff.md, "Exchange rates").
 * The rates are fetched once per `ttlMs` for every shopper (the store is shared across instances on Redis);
 * one fetch at a time, and the last good rates are served while the service cannot be reached. They only
 * ever inform what a shopper sees: every amount charged is the quote's, priced by the service.
 */
import type { ServiceClient } from '../contract/client.js';
import type { CurrencyRates } from '../contract/currencies.js';
import { json } from './errors.js';
import type { RouteHandler } from './context.js';
import type { Router } from './router.js';
import type { RatesCache } from './stores/index.js';

/** The service publishes its rates once a day; an hour keeps a new day's rates close behind. */
export const DEFAULT_RATES_TTL_MS = 60 * 60_000;

export interface RatesSource {
  latest(): Promise<CurrencyRates>;
}

export function createRatesSource(client: ServiceClient, cache: RatesCache, ttlMs = DEFAULT_RATES_TTL_MS): RatesSource {
  let inFlight: Promise<CurrencyRates> | undefined;
  let lastGood: CurrencyRates | undefined;
  const fetchRates = async () => {
    try {
      const rates = await client.latestCurrencies();
      lastGood = rates;
      await cache.set(rates, ttlMs);
      return rates;
    } catch (err) {
      if (lastGood) return lastGood;
      throw err;
    }
  };
  return {
    async latest() {
      const cached = await cache.get();
      if (cached) return (lastGood = cached);
      inFlight ??= fetchRates().finally(() => (inFlight = undefined));
      return inFlight;
    },
  };
}

export function addCurrencyRoutes(router: Router<RouteHandler>, rates: RatesSource, ttlMs = DEFAULT_RATES_TTL_MS) {
  // Browsers and CDNs may keep them a while too: they are the same for every shopper.
  const maxAge = Math.max(0, Math.min(3600, Math.floor(ttlMs / 4000)));
  router.add('GET', '/currencies', async () => json(200, await rates.latest(), { 'cache-control': `public, max-age=${maxAge}` }));
}
