/**
 * Postal code rules for the countries where the format is well known. A
 * country without a rule accepts any 2–10 characters (what the service takes),
 * so a shopper in a country we have no rule for is never blocked by us.
 */
interface PostalRule {
  pattern: RegExp;
  /** A valid example, shown in the error so the shopper sees the expected shape. */
  example: string;
  /** Canonical spelling sent to the service (case, spaces, dashes). */
  canonical?: (match: RegExpMatchArray) => string;
}

const upper = (m: RegExpMatchArray) => m[0].toUpperCase();

const RULES: Readonly<Record<string, PostalRule>> = {
  US: { pattern: /^(\d{5})(?:[-\s]?(\d{4}))?$/, example: '94105', canonical: (m) => (m[2] ? `${m[1]}-${m[2]}` : m[1]!) },
  CA: {
    pattern: /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])\s?(\d[ABCEGHJ-NPRSTV-Z]\d)$/i,
    example: 'K1A 0B1',
    canonical: (m) => `${m[1]} ${m[2]}`.toUpperCase(),
  },
  GB: {
    pattern: /^([A-Z]{1,2}\d[A-Z\d]?)\s?(\d[A-Z]{2})$/i,
    example: 'SW1A 1AA',
    canonical: (m) => `${m[1]} ${m[2]}`.toUpperCase(),
  },
  DE: { pattern: /^\d{5}$/, example: '10115' },
  FR: { pattern: /^\d{5}$/, example: '75008' },
  IT: { pattern: /^\d{5}$/, example: '00184' },
  ES: { pattern: /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/, example: '28013' },
  JP: { pattern: /^(\d{3})[-\s]?(\d{4})$/, example: '100-0001', canonical: (m) => `${m[1]}-${m[2]}` },
  NL: { pattern: /^([1-9]\d{3})\s?([A-Z]{2})$/i, example: '1012 AB', canonical: (m) => `${m[1]} ${m[2]}`.toUpperCase() },
  AU: { pattern: /^\d{4}$/, example: '2000' },
  AT: { pattern: /^\d{4}$/, example: '1010' },
  BE: { pattern: /^\d{4}$/, example: '1000' },
  CH: { pattern: /^\d{4}$/, example: '8001' },
  DK: { pattern: /^\d{4}$/, example: '1050' },
  NO: { pattern: /^\d{4}$/, example: '0150' },
  SE: { pattern: /^(\d{3})\s?(\d{2})$/, example: '111 22', canonical: (m) => `${m[1]} ${m[2]}` },
  IE: { pattern: /^([AC-FHKNPRTV-Y]\d{2}|D6W)\s?([0-9AC-FHKNPRTV-Y]{4})$/i, example: 'D02 X285', canonical: (m) => `${m[1]} ${m[2]}`.toUpperCase() },
  NZ: { pattern: /^\d{4}$/, example: '6011' },
  PT: { pattern: /^(\d{4})-?(\d{3})$/, example: '1100-148', canonical: (m) => `${m[1]}-${m[2]}` },
  PL: { pattern: /^(\d{2})-?(\d{3})$/, example: '00-950', canonical: (m) => `${m[1]}-${m[2]}` },
  BR: { pattern: /^(\d{5})-?(\d{3})$/, example: '01310-100', canonical: (m) => `${m[1]}-${m[2]}` },
  MX: { pattern: /^\d{5}$/, example: '06600' },
  KR: { pattern: /^\d{5}$/, example: '03187' },
  IN: { pattern: /^[1-9]\d{5}$/, example: '110001' },
  SG: { pattern: /^\d{6}$/, example: '018956' },
};

/** Countries whose addresses need a state, province or prefecture to be deliverable. */
const REGION_REQUIRED = new Set(['US', 'CA', 'AU', 'JP', 'BR', 'MX', 'IN']);

export type PostalCheck = { ok: true; value: string } | { ok: false; example?: string };

/** Checks `value` against the rules of `country` (ISO 3166-1 alpha-2) and returns its canonical spelling. */
export function checkPostalCode(country: string, value: string): PostalCheck {
  const trimmed = value.trim().replace(/\s+/g, ' ');
  const rule = RULES[country.trim().toUpperCase()];
  if (!rule) {
    return trimmed.length >= 2 && trimmed.length <= 10 ? { ok: true, value: trimmed } : { ok: false };
  }
  const match = trimmed.match(rule.pattern);
  if (!match) return { ok: false, example: rule.example };
  return { ok: true, value: rule.canonical ? rule.canonical(match) : upper(match) };
}

/** An example postal code for the country, if we know its format (used as a placeholder hint). */
export function postalCodeExample(country: string): string | undefined {
  return RULES[country.trim().toUpperCase()]?.example;
}

export function regionRequired(country: string): boolean {
  return REGION_REQUIRED.has(country.trim().toUpperCase());
}

/** Countries offered in the country list; names come from `Intl.DisplayNames` in the shopper's locale. */
export const SHIPPING_COUNTRIES: readonly string[] = [
  'US', 'CA', 'GB', 'IE', 'DE', 'FR', 'NL', 'BE', 'AT', 'CH', 'IT', 'ES', 'PT', 'DK', 'SE', 'NO', 'PL',
  'JP', 'KR', 'SG', 'IN', 'AU', 'NZ', 'BR', 'MX',
];
