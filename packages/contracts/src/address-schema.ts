import { z } from 'zod/mini';

// The address schemas and the country list without the country data and phone metadata of
// `addresses.ts` (235 kB): `customers.ts` and `orders.ts` need only these, and the web app's shell
// loads the customers contract on every page (decision 148).

/** The countries of the 13 storefronts (the UK storefront delivers to GB). */
export const addressCountries = [
  'AT',
  'BE',
  'DE',
  'DK',
  'ES',
  'FR',
  'GB',
  'IE',
  'IT',
  'NL',
  'NO',
  'PT',
  'SE',
] as const;
export type AddressCountry = (typeof addressCountries)[number];

/** The storefront's own country: the default of a new address (channel ids are the storefront ids). */
export function countryOfChannel(channelId: string): AddressCountry {
  const code = channelId.toUpperCase() === 'UK' ? 'GB' : channelId.toUpperCase();
  return (addressCountries as readonly string[]).includes(code) ? (code as AddressCountry) : 'GB';
}

/** The fields of a postal address, in no particular order (the layout orders them per country). */
export const addressFields = [
  'firstName',
  'lastName',
  'company',
  'street',
  'houseNumber',
  'addressLine2',
  'postcode',
  'city',
  'region',
  'phone',
] as const;
export type AddressField = (typeof addressFields)[number];

export const ADDRESS_FIELD_MAX_LENGTH = 100;

const text = z.string().check(z.maxLength(ADDRESS_FIELD_MAX_LENGTH));

/** A postal address as sent by a form: every field a string ('' when empty). */
export const PostalAddressSchema = z.object({
  country: z.enum(addressCountries),
  firstName: text,
  lastName: text,
  company: text,
  street: text,
  houseNumber: text,
  addressLine2: text,
  postcode: text,
  city: text,
  region: text,
  /** E.164 once validated; optional (''). */
  phone: text,
});
export type PostalAddress = z.infer<typeof PostalAddressSchema>;

export const emptyPostalAddress = (country: AddressCountry): PostalAddress => ({
  country,
  firstName: '',
  lastName: '',
  company: '',
  street: '',
  houseNumber: '',
  addressLine2: '',
  postcode: '',
  city: '',
  region: '',
  phone: '',
});

// ---- The customer's saved addresses (docs/product/calls.md: /customers/me/addresses) ----

export const AddressInputSchema = z.extend(PostalAddressSchema, {
  isDefaultDelivery: z.boolean(),
  isDefaultBilling: z.boolean(),
});
export type AddressInput = z.infer<typeof AddressInputSchema>;

export const AddressSchema = z.extend(AddressInputSchema, { id: z.string() });
export type Address = z.infer<typeof AddressSchema>;

/** At most this many saved addresses per customer. */
export const MAX_ADDRESSES = 50;
