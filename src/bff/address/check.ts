/**
 * The BFF's check of a shopper's address against its country's rules (libaddressinput's data):
 * required fields, the postal code (`postcode-validator` where it knows the country, else
 * libaddressinput's pattern), the region against the country's list, and the phone number
 * (`libphonenumber-js`, normalised to E.164). Answers the address to send, with canonical
 * spellings, or the problems by field path so the widget shows each on its field.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import type { AddressFormat, AddressInput } from '../../contract/address.js';
import type { ApiError } from '../../contract/api.js';
import { canonicalPostal } from '../../contract/postal.js';
import { addressFormat } from './format.js';

type FieldError = ApiError['error']['fields'][number];

/** What `fields[].message` says for an address field (the widget words it in the shopper's language). */
export const ADDRESS_PROBLEMS = ['required', 'invalid_postal_code', 'invalid_phone', 'unknown_region', 'unknown_country', 'invalid_characters'] as const;
export type AddressProblemCode = (typeof ADDRESS_PROBLEMS)[number];

// C0 and C1 controls, and the bidi overrides that make a label read differently from what is stored.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function postalValid(country: string, value: string, format: AddressFormat): boolean {
  if (postcodeValidatorExistsForCountry(country)) return postcodeValidator(value, country);
  if (format.postal_pattern) return new RegExp(`^(?:${format.postal_pattern})$`, 'i').test(value);
  return true;
}

/** The postal code to send, or undefined when the country refuses it in every spelling. */
function checkPostal(country: string, value: string, format: AddressFormat): string | undefined {
  const canonical = canonicalPostal(value, format.postal_example);
  if (postalValid(country, canonical, format)) return canonical;
  const trimmed = value.trim();
  return postalValid(country, trimmed, format) ? trimmed : undefined;
}

/** The region's code (the list's `code`) from a code or a name typed in any case, or undefined when not in the list. */
function checkRegion(value: string, format: AddressFormat): string | undefined {
  const v = value.trim().toLocaleLowerCase();
  return format.regions.find((r) => [r.code, r.name, r.latin_name].some((s) => s?.toLocaleLowerCase() === v))?.code;
}

export function phoneE164(phone: string, country: string): string | undefined {
  const parsed = parsePhoneNumberFromString(phone, country as Parameters<typeof parsePhoneNumberFromString>[1]);
  return parsed?.isValid() ? parsed.number : undefined;
}

/** Checks `address` (already shaped by `AddressInputSchema`); `path` prefixes the field paths (`shipping_address`). */
export function checkAddress(address: AddressInput, path: string): { address: AddressInput; fields: FieldError[] } {
  const fields: FieldError[] = [];
  const fail = (field: string, message: AddressProblemCode) => fields.push({ path: `${path}.${field}`, message });
  for (const [field, value] of Object.entries(address)) if (typeof value === 'string' && CONTROL.test(value)) fail(field, 'invalid_characters');
  if (fields.length) return { address, fields };
  const format = addressFormat(address.country);
  if (!format) {
    fail('country', 'unknown_country');
    return { address, fields };
  }
  const out: AddressInput = { ...address };
  for (const field of format.required) if (!address[field]?.trim()) fail(field, 'required');
  if (address.postal_code.trim()) {
    const postal = checkPostal(address.country, address.postal_code, format);
    if (postal === undefined) fail('postal_code', 'invalid_postal_code');
    else out.postal_code = postal;
  }
  if (address.state?.trim() && format.regions.length) {
    const region = checkRegion(address.state, format);
    if (region === undefined) fail('state', 'unknown_region');
    else out.state = region;
  }
  if (address.phone?.trim()) {
    const phone = phoneE164(address.phone, address.country);
    if (phone === undefined) fail('phone', 'invalid_phone');
    else out.phone = phone;
  }
  return { address: out, fields };
}
