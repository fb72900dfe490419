/**
 * Each country's address form (field order, labels, required fields, postal pattern, regions) from
 * libaddressinput's data, which the BFF serves one country at a time (`GET /api/address-format/:country`).
 * The browser carries no country table. The review and the confirmation show the lines the quote answers
 * (`shipping_address_lines`, written by the BFF): no template is read here.
 */
import type { AddressFormat } from '../../contract/address.js';
import type { ToteApi } from '../../state/api-client.js';

// Formats are the same public data whichever BFF serves them (one libaddressinput release): one cache per
// page is safe with two widgets.
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
