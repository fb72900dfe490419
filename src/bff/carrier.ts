/**
 * Carrier names for shoppers, as the quote answers them (the widget shows the quote's `carrier` as it is).
 * The service sends platform codes (`USPS`, `FEDEX`, `ROYAL_MAIL`) and placeholders (`OTHER`, `UNKNOWN`)
 * that mean "no carrier named": those never reach the shopper.
 */
const KNOWN: Record<string, string> = {
  USPS: 'USPS',
  UPS: 'UPS',
  FEDEX: 'FedEx',
  DHL: 'DHL',
  DHL_EXPRESS: 'DHL Express',
  DPD: 'DPD',
  GLS: 'GLS',
  TNT: 'TNT',
  CANADA_POST: 'Canada Post',
  ROYAL_MAIL: 'Royal Mail',
  LA_POSTE: 'La Poste',
  COLISSIMO: 'Colissimo',
  JAPAN_POST: 'Japan Post',
  YAMATO: 'Yamato Transport',
  AUSTRALIA_POST: 'Australia Post',
  ARAMEX: 'Aramex',
};
const PLACEHOLDERS = new Set(['', 'OTHER', 'UNKNOWN', 'NONE', 'N/A', 'NA', 'CUSTOM', 'NULL']);

/** A carrier's display name, or `undefined` when the code names no carrier. */
export function carrierName(code: string | null | undefined): string | undefined {
  const raw = (code ?? '').trim();
  const key = raw.toUpperCase().replace(/[\s-]+/g, '_');
  if (PLACEHOLDERS.has(key)) return undefined;
  if (KNOWN[key]) return KNOWN[key];
  // An unlisted code reads as words ("SWISS_POST" → "Swiss Post"); a name already in words stays as sent.
  if (!/^[A-Z0-9_]+$/.test(raw)) return raw;
  return raw
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** A shipping method's `carrier` field for the quote: the shopper's name for it, or nothing. */
export const carrierOf = (code: string | null | undefined): { carrier?: string } => {
  const carrier = carrierName(code);
  return carrier ? { carrier } : {};
};
