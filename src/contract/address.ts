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
