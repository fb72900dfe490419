/**
 * Postal addresses as the destination country writes them ("San Francisco, CA 94105",
 * "75001 Paris", "London\nSW1A 1AA"). A small table for the countries Tote's shops ship to
 * and a sensible default for the rest: full address-format libraries (every country's
 * template) cost more bytes than a checkout summary is worth.
 */
import type { Address } from '../contract/order.js';

type Parts = Pick<Address, 'first_name' | 'last_name' | 'name' | 'address_1' | 'address_2' | 'city' | 'state' | 'postal_code' | 'country'>;

/** How the locality line reads, per country; `{c}` city, `{s}` state/region, `{p}` postal code. */
const LOCALITY: Record<string, string[]> = {
  // City, ST ZIP on one line.
  '{c}, {s} {p}': ['US', 'CA', 'AU', 'PR'],
  // Postal code before the city.
  '{p} {c}': ['FR', 'DE', 'NL', 'BE', 'ES', 'AT', 'CH', 'DK', 'SE', 'NO', 'FI', 'PT', 'PL', 'CZ', 'LU'],
  '{p} {c} {s}': ['IT'],
  // The post town, then the postcode on a line of its own.
  '{c}\n{p}': ['GB', 'IE'],
  // Postal mark and code, then prefecture and city.
  '〒{p}\n{s}{c}': ['JP'],
  '{c} {p}': ['KW', 'AE', 'SA'],
};
const BY_COUNTRY = new Map(Object.entries(LOCALITY).flatMap(([pattern, countries]) => countries.map((c) => [c, pattern] as const)));
const DEFAULT_LOCALITY = '{c} {s} {p}';

function locality(a: Parts): string[] {
  const pattern = BY_COUNTRY.get((a.country ?? '').toUpperCase()) ?? DEFAULT_LOCALITY;
  const values: Record<string, string> = { c: a.city?.trim() ?? '', s: a.state?.trim() ?? '', p: a.postal_code?.trim() ?? '' };
  return pattern
    .split('\n')
    .map((line) =>
      (['c', 's', 'p'] as const)
        // A missing part takes its separator with it: no stray comma, mark or double space.
        .reduce((l, k) => (values[k] ? l : l.replace(new RegExp(`(,\\s*|\\s*)\\{${k}\\}`), '')), line)
        // One pass, so a city that happens to contain "{p}" stays as typed.
        .replace(/\{([csp])\}/g, (_, k: string) => values[k]!)
        .replace(/^〒$/, '')
        .replace(/^[\s,]+|[\s,]+$/g, ''),
    )
    .filter(Boolean);
}

/** The country's name in `locale`, or its code when the engine has no names. */
export function countryName(code: string | null | undefined, locale?: string): string {
  const c = (code ?? '').toUpperCase();
  if (!/^[A-Z]{2}$/.test(c)) return '';
  try {
    return new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'region' }).of(c) ?? c;
  } catch {
    return c;
  }
}

/**
 * The address's lines, top to bottom: name, street lines, locality as the country writes it, and
 * the country's name unless it is `homeCountry` (a domestic address does not name its country).
 */
export function formatAddressLines(a: Parts, options: { locale?: string; homeCountry?: string } = {}): string[] {
  const name = a.name?.trim() || [a.first_name, a.last_name].map((s) => s?.trim()).filter(Boolean).join(' ');
  const country = (a.country ?? '').toUpperCase();
  const showCountry = country && country !== options.homeCountry?.toUpperCase();
  return [name, a.address_1?.trim(), a.address_2?.trim(), ...locality(a), showCountry ? countryName(country, options.locale) : '']
    .filter((line): line is string => !!line);
}
