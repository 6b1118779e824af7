import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';

export const customerStatuses = ['Default', 'New', 'Blocked'] as const;
export const CustomerStatusSchema = z.enum(customerStatuses);
export type CustomerStatus = z.infer<typeof CustomerStatusSchema>;

export const CustomerSchema = z.object({
  id: z.string(),
  email: z.email(),
  firstName: z.string(),
  lastName: z.string(),
  isB2B: z.boolean(),
  status: CustomerStatusSchema,
  callbackUrl: z.nullable(z.string()),
  callbackFormat: z.nullable(z.string()),
  registrationDate: z.iso.datetime({ offset: true }),
});
export type Customer = z.infer<typeof CustomerSchema>;

export const customersApi = {
  /** 404 means the account was deleted (spec 3: accountDeleted). */
  me: defineEndpoint({
    service: 'customers',
    method: 'GET',
    path: '/customers/me',
    response: CustomerSchema,
  }),
};
