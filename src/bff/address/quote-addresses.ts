/**
 * The quote's addresses checked against their countries' rules before anything is priced: a
 * refused field answers 400 `bad_request` with `fields[]` named `shipping_address.postal_code`,
 * `billing_address.phone`…; accepted addresses go on with canonical postal codes, region codes
 * and E.164 phone numbers.
 */
import type { ParsedQuoteRequest } from '../../contract/checkout-api.js';
import { badRequest } from '../errors.js';
import { checkAddress } from './check.js';

export function checkQuoteAddresses<T extends Pick<ParsedQuoteRequest, 'shipping_address' | 'billing_address'>>(input: T): T {
  const out = { ...input };
  const fields = [];
  for (const key of ['shipping_address', 'billing_address'] as const) {
    const address = input[key];
    if (!address) continue;
    const checked = checkAddress(address, key);
    fields.push(...checked.fields);
    out[key] = checked.address;
  }
  if (fields.length) throw badRequest('The address is not deliverable as written', fields);
  return out;
}
