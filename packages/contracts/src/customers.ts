import { z } from 'zod/mini';
import { email, isoDate, isoDateTime } from './common';
import { AddressInputSchema, AddressSchema } from './address-schema';
import { defineEndpoint } from './endpoint';

export const customerStatuses = ['Default', 'New', 'Blocked'] as const;
export const CustomerStatusSchema = z.enum(customerStatuses);
export type CustomerStatus = z.infer<typeof CustomerStatusSchema>;

/** Salutations, asked only where the storefront's language uses one (`usesSalutation`). */
export const salutations = ['mr', 'ms', 'mx'] as const;
export const SalutationSchema = z.enum(salutations);
export type Salutation = z.infer<typeof SalutationSchema>;

/** Swedish, Danish and Norwegian address people without a salutation; the other languages use one. */
export function usesSalutation(locale: string): boolean {
  return !['sv', 'da', 'nb', 'no'].includes(locale.split('-')[0]!.toLowerCase());
}

export const PROFILE_TEXT_MAX_LENGTH = 100;
const profileText = z.string().check(z.maxLength(PROFILE_TEXT_MAX_LENGTH));

export const CustomerSchema = z.object({
  id: z.string(),
  email,
  firstName: z.string(),
  lastName: z.string(),
  isB2B: z.boolean(),
  status: CustomerStatusSchema,
  callbackUrl: z.nullable(z.string()),
  callbackFormat: z.nullable(z.string()),
  registrationDate: isoDateTime,
  salutation: z.nullable(SalutationSchema),
  /** E.164. */
  phone: z.nullable(z.string()),
  dateOfBirth: z.nullable(isoDate),
  /** B2B only: the company details that move a New account to Default once complete. */
  companyName: z.nullable(z.string()),
  vatId: z.nullable(z.string()),
  chamberOfCommerceNumber: z.nullable(z.string()),
  /** The identity the OpenID Provider signs in (docs/product/entities.md: idp_type, idp_sub), for the Auth API calls. */
  identity: z.object({ idpType: z.string(), idpSub: z.string() }),
});
export type Customer = z.infer<typeof CustomerSchema>;

/**
 * `PUT /customers/me` (docs/product/calls.md): the personal details. Empty strings clear optional fields; the phone
 * is checked and stored in E.164; a B2B VAT id is checked by format and checksum.
 */
export const ProfileUpdateSchema = z.object({
  salutation: z.nullable(SalutationSchema),
  firstName: profileText.check(z.minLength(1)),
  lastName: profileText.check(z.minLength(1)),
  phone: profileText,
  dateOfBirth: z.union([isoDate, z.literal('')]),
  companyName: z.optional(profileText),
  vatId: z.optional(profileText),
  chamberOfCommerceNumber: z.optional(profileText),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

const AddressIdParamsSchema = z.object({ id: z.string().check(z.minLength(1)) });

export const customersApi = {
  /** 404 means the account was deleted (docs/product/entities.md: accountDeleted). */
  me: defineEndpoint({
    service: 'customers',
    method: 'GET',
    path: '/customers/me',
    response: CustomerSchema,
  }),
  updateMe: defineEndpoint({
    service: 'customers',
    method: 'PUT',
    path: '/customers/me',
    body: ProfileUpdateSchema,
    response: CustomerSchema,
  }),
  addresses: defineEndpoint({
    service: 'customers',
    method: 'GET',
    path: '/customers/me/addresses',
    response: z.array(AddressSchema),
  }),
  createAddress: defineEndpoint({
    service: 'customers',
    method: 'POST',
    path: '/customers/me/addresses',
    body: AddressInputSchema,
    response: AddressSchema,
    successStatus: 201,
  }),
  updateAddress: defineEndpoint({
    service: 'customers',
    method: 'PUT',
    path: '/customers/me/addresses/:id',
    params: AddressIdParamsSchema,
    body: AddressInputSchema,
    response: AddressSchema,
  }),
  deleteAddress: defineEndpoint({
    service: 'customers',
    method: 'DELETE',
    path: '/customers/me/addresses/:id',
    params: AddressIdParamsSchema,
    response: z.void(),
    successStatus: 204,
  }),
};
