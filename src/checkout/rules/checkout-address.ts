/**
 * The address a shopper types, as plain strings (what form fields hold), its
 * checks and its conversion to the service's `AddressInput`. Checks mirror the
 * BFF's schema limits so a form that passes here is not refused there.
 */
import type { AddressInput } from '../../contract/order.js';
import { knownAddressFormat } from './address-format.js';

export const ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'address_1',
  'address_2',
  'city',
  'state',
  'postal_code',
  'country',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressDraft = Record<AddressField, string>;

/** Why a field is refused; the element turns the code into localised text. */
export type FieldProblem =
  | { code: 'required' }
  | { code: 'too_long'; max: number }
  | { code: 'email' }
  | { code: 'postal_code'; example?: string }
  | { code: 'country' };
export type AddressProblems = Partial<Record<AddressField, FieldProblem>>;

const MAX: Record<AddressField, number> = {
  first_name: 32,
  last_name: 32,
  email: 64,
  phone: 32,
  address_1: 128,
  address_2: 128,
  city: 64,
  state: 64,
  postal_code: 10,
  country: 2,
};

export function emptyAddress(country = 'US'): AddressDraft {
  const draft = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ''])) as AddressDraft;
  draft.country = country;
  return draft;
}

/** Keeps only known string fields of untrusted input (storage, host properties). */
export function toAddressDraft(value: unknown, fallbackCountry = 'US'): AddressDraft {
  const draft = emptyAddress(fallbackCountry);
  if (!value || typeof value !== 'object') return draft;
  for (const field of ADDRESS_FIELDS) {
    const v = (value as Record<string, unknown>)[field];
    if (typeof v === 'string') draft[field] = v.slice(0, 256);
  }
  return draft;
}

// Deliberately loose: the service validates mailboxes; we only catch obvious typos. The phone number is the BFF's
// to check (libphonenumber-js, to E.164): its rules are too large for the shopper's bundle.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Needed on every address whatever its country: the service takes no address without them. */
const ALWAYS: ReadonlySet<AddressField> = new Set(['address_1', 'city', 'postal_code', 'country']);

/** Whether `field` must be filled in on `draft` (its country's form once loaded); `contact`: name and email too. */
export function isRequired(draft: AddressDraft, field: AddressField, contact = true): boolean {
  return (
    ALWAYS.has(field) ||
    (field === 'state' && !!knownAddressFormat(draft.country)?.required.includes('state')) ||
    (contact && (field === 'first_name' || field === 'last_name' || field === 'email'))
  );
}

/**
 * Problems of one field given the whole draft, by the rules of its country's form (`GET /api/address-format`)
 * once loaded, else by the rules every country shares. `contact` asks for name and email on a shipping address.
 */
export function checkField(draft: AddressDraft, field: AddressField, contact = true): FieldProblem | undefined {
  const value = draft[field].trim();
  const format = knownAddressFormat(draft.country);
  if (!value) return isRequired(draft, field, contact) ? { code: 'required' } : undefined;
  if (value.length > MAX[field]) return { code: 'too_long', max: MAX[field] };
  switch (field) {
    case 'email':
      return EMAIL.test(value) ? undefined : { code: 'email' };
    case 'country':
      return /^[A-Za-z]{2}$/.test(value) ? undefined : { code: 'country' };
    case 'postal_code': {
      const pattern = format?.postal_pattern;
      const ok = pattern ? new RegExp(`^(?:${pattern})$`, 'i').test(value) : value.length >= 2;
      return ok ? undefined : { code: 'postal_code', example: format?.postal_example ?? undefined };
    }
    default:
      return undefined;
  }
}

export function checkAddress(draft: AddressDraft, contact = true): AddressProblems {
  const problems: AddressProblems = {};
  for (const field of ADDRESS_FIELDS) {
    const problem = checkField(draft, field, contact);
    if (problem) problems[field] = problem;
  }
  return problems;
}

export function isAddressComplete(draft: AddressDraft, contact = true): boolean {
  return Object.keys(checkAddress(draft, contact)).length === 0;
}

/** The draft as the service takes it: trimmed, empty optional fields left out (the BFF makes postcodes, regions and phones canonical). */
export function toAddressInput(draft: AddressDraft): AddressInput {
  const country = draft.country.trim().toUpperCase();
  const optional = (v: string) => (v.trim() ? v.trim() : undefined);
  return {
    first_name: optional(draft.first_name),
    last_name: optional(draft.last_name),
    address_1: draft.address_1.trim(),
    address_2: optional(draft.address_2),
    city: draft.city.trim(),
    state: optional(draft.state),
    postal_code: draft.postal_code.trim(),
    country,
    phone: optional(draft.phone),
    email: optional(draft.email),
  };
}
