/**
 * `GET /v1/currencies/latest` → `{ base, date, rates }` (reference/service-shapes.md §A.7b): what one unit of
 * `base` buys of each currency. The BFF serves the same shape to the widget (`GET /api/currencies`).
 */
import { z } from 'zod';
import { currencyCode } from './primitives.js';

export const CurrencyRatesSchema = z.object({
  base: currencyCode,
  /** The day the rates stand for (`YYYY-MM-DD`). */
  date: z.string().max(40),
  /** Units of each currency per one unit of `base`; only positive finite rates of well-formed codes are kept. */
  rates: z
    .record(z.string(), z.unknown())
    .transform((all) =>
      Object.fromEntries(Object.entries(all).filter((e): e is [string, number] => /^[A-Z]{3}$/.test(e[0]) && typeof e[1] === 'number' && e[1] > 0 && Number.isFinite(e[1]))),
    ),
});
export type CurrencyRates = z.infer<typeof CurrencyRatesSchema>;
