/** The exchange rates the BFF fetched last (`GET /v1/currencies/latest`), kept until they expire. */
import type { CurrencyRates } from '../../contract/currencies.js';

export interface RatesCache {
  get(): Promise<CurrencyRates | undefined>;
  /** Keeps `rates` for `ttlMs`. */
  set(rates: CurrencyRates, ttlMs: number): Promise<void>;
}

export function createMemoryRatesCache({ now = Date.now } = {}): RatesCache {
  let held: { rates: CurrencyRates; expires: number } | undefined;
  return {
    async get() {
      return held && held.expires > now() ? held.rates : undefined;
    },
    async set(rates, ttlMs) {
      held = { rates, expires: now() + ttlMs };
    },
  };
}
