/**
 * One country's address form from libaddressinput's data (`countries.json`, written by
 * `scripts/address-data.mjs`): field order, required fields, label kinds, postal pattern and
 * example, regions. The widget receives only the country it asks for.
 */
import countries from './countries.json' with { type: 'json' };
import {
  type AddressFormat,
  type CountryAddressField,
  POSTAL_LABELS,
  REGION_LABELS,
} from '../../contract/address.js';

interface CountryData {
  name: string;
  fmt?: string;
  require?: string;
  upper?: string;
  zip?: string;
  zipex?: string;
  zip_name_type?: string;
  state_name_type?: string;
  regions?: [string, string, string?][];
}
interface AddressData {
  defaults: { fmt: string; require: string; zip_name_type: string; state_name_type: string };
  countries: Record<string, CountryData>;
}

// An import, not a read beside the module: a bundler that packs the BFF into one server file (Nuxt's Nitro) carries the
// data along, and Node 22 reads it as JSON.
const data = countries as unknown as AddressData; // JSON infers arrays where the data holds [code, name] pairs

/** Every country code the data knows, sorted. */
export const ADDRESS_COUNTRIES: readonly string[] = Object.keys(data.countries).sort();

/** libaddressinput's field letters → Tote's fields (`%O` organisation, `%D` district, `%X` sorting code: no field). */
const LETTER: Record<string, CountryAddressField> = { A: 'address_1', C: 'city', S: 'state', Z: 'postal_code' };

const SERVICE_NEEDS = ['city', 'postal_code'] as const;

const letters = (s: string | undefined) => [...(s ?? '')].map((l) => LETTER[l]).filter((f): f is CountryAddressField => !!f);

export function countryData(country: string): CountryData | undefined {
  return Object.hasOwn(data.countries, country) ? data.countries[country] : undefined;
}

/** libaddressinput writes Latin names in capitals (`TOKYO`); a list reads better as `Tokyo`. */
const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s-])\p{L}/gu, (m) => m.toUpperCase());

const cache = new Map<string, AddressFormat>();

/** The form of `country` (upper-case ISO 3166-1 alpha-2), or undefined when the data has no such country. */
export function addressFormat(country: string): AddressFormat | undefined {
  const hit = cache.get(country);
  if (hit) return hit;
  const c = countryData(country);
  if (!c) return undefined;
  const fmt = c.fmt ?? data.defaults.fmt;
  const order = [...fmt.matchAll(/%([A-Z])/g)].map((m) => LETTER[m[1]!]).filter((f): f is CountryAddressField => !!f);
  const fields = [...new Set(order)].flatMap((f) => (f === 'address_1' ? (['address_1', 'address_2'] as const) : [f]));
  // The service needs a city and a postal code on every address (docs/contract.md, "Addresses"): a country whose
  // template has none (Hong Kong's city, the Emirates' postal code) still asks for them, last.
  for (const f of SERVICE_NEEDS) if (!fields.includes(f)) fields.push(f);
  const required = [...new Set([...letters(c.require ?? data.defaults.require), ...SERVICE_NEEDS])].filter((f) => fields.includes(f));
  const stateLabel = c.state_name_type ?? data.defaults.state_name_type;
  const postalLabel = c.zip_name_type ?? data.defaults.zip_name_type;
  const format: AddressFormat = {
    country,
    fields,
    required,
    labels: {
      state: (REGION_LABELS as readonly string[]).includes(stateLabel) ? (stateLabel as AddressFormat['labels']['state']) : 'province',
      postal_code: (POSTAL_LABELS as readonly string[]).includes(postalLabel) ? (postalLabel as AddressFormat['labels']['postal_code']) : 'postal',
    },
    format: fmt,
    upper: letters(c.upper),
    postal_example: c.zipex ?? null,
    postal_pattern: c.zip ?? null,
    regions: (c.regions ?? []).map(([code, name, latin]) => (latin ? { code, name, latin_name: titleCase(latin) } : { code, name })),
    countries: [...ADDRESS_COUNTRIES],
  };
  cache.set(country, format);
  return format;
}
