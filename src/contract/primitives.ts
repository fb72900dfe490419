import { z } from 'zod';

/**
 * An enum of which the interface lists only *observed* values: any string is
 * accepted (real data must never fail on a value nobody has seen yet), the
 * known ones stay in the type for autocomplete, and lower-case spellings from
 * older payloads are normalised to upper case.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(_known: T) {
  return z.string().transform((s) => s.toUpperCase()) as unknown as z.ZodType<
    T[number] | (string & {}),
    string
  >;
}

/** Absent and `null` both mean "not given": the real service sends either. */
export const maybe = <T extends z.ZodType>(schema: T) => schema.nullish();

/** A list that may come absent or `null`; consumers always get an array. */
export const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((v): z.output<T>[] => v ?? []);

/**
 * An integer as the service reads it in requests and answers: a safe integer, or a string of
 * digits, which the service coerces (its own sample client sends
 * `"sku_id": "200000"`). Either way the output is a number.
 */
export const integerOf = <T extends z.ZodType<number, number>>(inner: T) =>
  z
    .union([z.int(), z.string().regex(/^\s*\d{1,15}\s*$/).transform(Number)], {
      error: 'expected an integer id (a number or a string of digits)',
    })
    .pipe(inner);

/** An integer id (safe integer range), as the service answers it. */
export const id = z.int();

/** A positive integer id in a request: numeric strings are coerced, as the service does. */
export const positiveId = integerOf(z.int().positive());

/** An amount in the currency's minor unit: a safe integer, never a string or a fraction. */
export const money = z.int();

/** A price: a non-negative amount in minor units. */
export const price = z.int().nonnegative();

/** ISO 4217 alphabetic code, upper case. */
export const currencyCode = z
  .string()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, 'expected a 3-letter ISO 4217 currency code'));

/**
 * ISO 8601 datetime as the service sends it: `…Z`, `+0000`, `+00:00`,
 * optional seconds and fractions. Kept as the string it came as.
 */
export const datetime = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/,
    'expected an ISO 8601 datetime',
  );

/** Any JSON value (metadata values, free-form objects). */
export const json = z.json();

/** A free-form JSON object. */
export const jsonObject = z.record(z.string(), z.json());
