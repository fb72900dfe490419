/**
 * Postal addresses as the destination country writes them ("São Paulo-SP" then "01310-100",
 * "〒100-0001" first in Japan), from libaddressinput's template for that country, which the
 * BFF serves one country at a time (`GET /api/address-format/:country`). The browser carries no
 * country table: a country whose template has not been loaded reads with the default template.
 */
import type { Address, AddressFormat } from '../../contract/address.js';
import { canonicalPostal } from '../../contract/postal.js';
import type { ToteApi } from '../../state/api-client.js';

type Parts = Pick<Address, 'first_name' | 'last_name' | 'name' | 'address_1' | 'address_2' | 'city' | 'state' | 'postal_code' | 'country'>;

/** libaddressinput's default template (its "ZZ" country), for a country not loaded yet. */
const DEFAULT_TEMPLATE = '%N%n%O%n%A%n%C %S %Z';

// Formats are the same public data whichever BFF serves them (one libaddressinput release): one cache per
// page is safe with two widgets, and lets the review, the confirmation and the order page read a country
// the address form loaded.
const loaded = new Map<string, AddressFormat>();
const loading = new Map<string, Promise<AddressFormat>>();

/** The country's form, once loaded. */
export function knownAddressFormat(country: string | null | undefined): AddressFormat | undefined {
  return loaded.get((country ?? '').toUpperCase());
}

/**
 * Loads the country's form from the BFF, once per page and country. A failed load is not repeated on this page:
 * the country then reads with the default template, and the BFF still checks its addresses on every quote.
 */
export function loadAddressFormat(api: ToteApi, country: string): Promise<AddressFormat> {
  const c = country.toUpperCase();
  let pending = loading.get(c);
  if (!pending) loading.set(c, (pending = api.addressFormat(c).then((f) => (loaded.set(c, f), f))));
  return pending;
}

/**
 * One template line with its values: a missing value takes the text that joins it to the previous value
 * with it ("City-" never shows), and the text before the first value stays only with it ("〒").
 */
function fillLine(line: string, values: Record<string, string>): string {
  const pieces = line.split(/(%[A-Z])/);
  let out = '';
  let joint = pieces[0] ?? '';
  for (let i = 1; i < pieces.length; i += 2) {
    const value = values[pieces[i]!.slice(1)] ?? '';
    if (value) {
      out += joint + value;
      joint = pieces[i + 1] ?? '';
    } else if (!out) joint = pieces[0] ?? '';
  }
  return out.trim();
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
 * The address's lines, top to bottom, as the country writes them (name and street lines where its template
 * puts them), then the country's name unless it is `homeCountry` (a domestic address does not name its country).
 */
export function formatAddressLines(a: Parts, options: { locale?: string; homeCountry?: string } = {}): string[] {
  const country = (a.country ?? '').toUpperCase();
  const name = a.name?.trim() || [a.first_name, a.last_name].map((s) => s?.trim()).filter(Boolean).join(' ');
  const street = [a.address_1, a.address_2].map((s) => s?.trim()).filter(Boolean).join('\n');
  const format = knownAddressFormat(country);
  const postal = canonicalPostal(a.postal_code ?? '', format?.postal_example);
  const values: Record<string, string> = { N: name, A: street, C: a.city?.trim() ?? '', S: a.state?.trim() ?? '', Z: postal };
  const template = format?.format ?? DEFAULT_TEMPLATE;
  const lines = template.split('%n').flatMap((line) => fillLine(line, values).split('\n'));
  const showCountry = country && country !== options.homeCountry?.toUpperCase();
  return [...lines, showCountry ? countryName(country, options.locale) : ''].filter((line) => !!line);
}
