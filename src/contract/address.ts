/** Addresses and customers: as the service returns them, and as we send them. */
import { z } from 'zod';
import { id, maybe, openEnum } from './primitives.js';

/** An address as the service returns it (`OrderAddress`): every field may be absent. */
export const AddressSchema = z.object({
  name: maybe(z.string()),
  first_name: maybe(z.string()),
  last_name: maybe(z.string()),
  address_1: maybe(z.string()),
  address_2: maybe(z.string()),
  city: maybe(z.string()),
  state: maybe(z.string()),
  postal_code: maybe(z.string()),
  country: maybe(z.string()),
  phone: maybe(z.string()),
  email: maybe(z.string()),
  type: maybe(openEnum(['SHIPPING', 'BILLING'])),
});
export type Address = z.infer<typeof AddressSchema>;

const line = (max: number) => z.string().trim().min(1, 'required').max(max);

/** An address as we send it: what platforms need to ship and to price. */
export const AddressInputSchema = z.object({
  first_name: maybe(z.string().trim().max(32)),
  last_name: maybe(z.string().trim().max(32)),
  address_1: line(128),
  address_2: maybe(z.string().trim().max(128)),
  city: line(64),
  state: maybe(z.string().trim().max(64)),
  postal_code: z.string().trim().min(2).max(10),
  country: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, 'expected a 2-letter country code')),
  phone: maybe(z.string().trim().max(32)),
  email: maybe(z.email().max(64)),
});
export type AddressInput = z.infer<typeof AddressInputSchema>;

export const CustomerSchema = z.object({
  user_id: maybe(id),
  first_name: maybe(z.string()),
  last_name: maybe(z.string()),
  email: maybe(z.string()),
  external_id: maybe(z.string()),
  shipping_address: maybe(AddressSchema),
  billing_address: maybe(AddressSchema),
  same_address: maybe(z.boolean()),
  name: maybe(z.string()),
});
export type Customer = z.infer<typeof CustomerSchema>;

/**
 * A customer's address as the service takes it on a cart: a wallet sheet
 * (Apple Pay, Google Pay) gives the street only once the shopper authorizes,
 * so the official sample's wallet path applies the customer first with
 * `address_1: null` (region and postal code price the shipping), then again
 * in full before submitting. Submit still needs the street.
 */
export const CustomerAddressInputSchema = AddressInputSchema.extend({ address_1: maybe(z.string().trim().max(128)) });

export const CustomerInputSchema = z.object({
  first_name: line(32),
  last_name: line(32),
  email: z.email().max(64),
  shipping_address: maybe(CustomerAddressInputSchema),
  billing_address: maybe(CustomerAddressInputSchema),
  same_address: maybe(z.boolean()),
});
export type CustomerInput = z.infer<typeof CustomerInputSchema>;

/** The address fields whose order, labels and rules depend on the country (the contact fields never do). */
export const COUNTRY_ADDRESS_FIELDS = ['address_1', 'address_2', 'city', 'state', 'postal_code'] as const;
export type CountryAddressField = (typeof COUNTRY_ADDRESS_FIELDS)[number];

/** libaddressinput's kinds of names for the region field (its `state_name_type`). */
export const REGION_LABELS = [
  'area', 'county', 'department', 'district', 'do_si', 'emirate', 'island', 'oblast', 'parish', 'prefecture', 'province', 'state',
] as const;
/** libaddressinput's kinds of names for the postal code (its `zip_name_type`). */
export const POSTAL_LABELS = ['postal', 'zip', 'pin', 'eircode'] as const;

/**
 * `GET /api/address-format/:country`: one country's address form, from libaddressinput's data (docs/checkout.md,
 * "Addresses"). Only that country's data: the form asks again when the shopper picks another.
 */
export const AddressFormatSchema = z.object({
  country: z.string(),
  /** The country-dependent fields in the order the country writes them (Japan: postcode, prefecture, city, street). */
  fields: z.array(z.enum(COUNTRY_ADDRESS_FIELDS)),
  /** Fields the country's addresses need to be delivered. */
  required: z.array(z.enum(COUNTRY_ADDRESS_FIELDS)),
  labels: z.object({ state: z.enum(REGION_LABELS), postal_code: z.enum(POSTAL_LABELS) }),
  /** libaddressinput's template: `%N` name, `%A` street lines, `%C` city, `%S` region, `%Z` postal code, `%n` a new line. */
  format: z.string(),
  /** Fields the country writes in capitals on an envelope. */
  upper: z.array(z.enum(COUNTRY_ADDRESS_FIELDS)),
  postal_example: z.string().nullable(),
  /** The postal code's pattern (a regular expression without anchors), or null when the country has no postal codes. */
  postal_pattern: z.string().nullable(),
  /** The first-level regions, when the country has a fixed list: `code` is what the address carries. */
  regions: z.array(z.object({ code: z.string(), name: z.string(), latin_name: z.string().optional() })),
  /** Every country an address can be in (codes only; names come from `Intl.DisplayNames` in the shopper's language). */
  countries: z.array(z.string()),
});
export type AddressFormat = z.infer<typeof AddressFormatSchema>;
