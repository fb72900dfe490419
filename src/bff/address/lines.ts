/**
 * A checked address as its country writes it ("São Paulo-SP" then "01310-100", "〒100-0001" first in
 * Japan), from libaddressinput's template for that country (`format.ts`'s `format`), then the country's name
 * in the shopper's language. The quote answers these lines (`shipping_address_lines`), so the widget's review
 * and confirmation show them without carrying templates or country names. No data import here: the stories'
 * stand-in BFF writes its lines with this same code in the browser.
 */
import type { AddressInput } from '../../contract/address.js';

/** libaddressinput's default template (its "ZZ" country), for a country without one. */
const DEFAULT_TEMPLATE = '%N%n%O%n%A%n%C %S %Z';

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

/** A language's country names as looked up so far: one `Intl.DisplayNames` per language, and each name looked up once (issue 30). */
interface Namer {
  names: Intl.DisplayNames;
  found: Map<string, string>;
}
const namers = new Map<string, Namer>();
function namer(locale: string): Namer {
  let namer = namers.get(locale);
  if (!namer) {
    let names: Intl.DisplayNames;
    try {
      names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
    } catch {
      names = new Intl.DisplayNames(['en'], { type: 'region' });
    }
    namer = { names, found: new Map() };
    // Bounded by the languages shoppers send: a schema-checked tag, and a handful in practice.
    if (namers.size < 256) namers.set(locale, namer);
  }
  return namer;
}

/** The country's name in `locale` (a tag the request's schema admits; one the engine cannot read falls back to English). */
export function countryName(country: string, locale: string | undefined): string {
  const { names, found } = namer(locale ?? 'en');
  let name = found.get(country);
  if (name === undefined) {
    name = names.of(country) ?? country;
    // Bounded by the countries the address schema admits (two letters).
    if (found.size < 1024) found.set(country, name);
  }
  return name;
}

/**
 * The address's lines, top to bottom, as its country's `template` writes them (name and street lines where it
 * puts them), then the country's name in `locale`. `address` is checked already (`check.ts`): canonical
 * postcode, region as the country's list spells it.
 */
export function addressLines(address: AddressInput, template = DEFAULT_TEMPLATE, locale?: string): string[] {
  const country = address.country.toUpperCase();
  // The schema trimmed every field already.
  const name = [address.first_name, address.last_name].filter(Boolean).join(' ');
  const street = [address.address_1, address.address_2].filter(Boolean).join('\n');
  const values: Record<string, string> = { N: name, A: street, C: address.city, S: address.state ?? '', Z: address.postal_code };
  const lines = template.split('%n').flatMap((line) => fillLine(line, values).split('\n'));
  return [...lines, countryName(country, locale)].filter((line) => !!line);
}
