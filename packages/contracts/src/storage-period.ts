import { z } from 'zod/mini';
import { count, id, isoDateTime } from './common';
import { defineEndpoint } from './endpoint';

/** docs/product/overview.md, limits.md: photos are kept 18 months after the last order, or after registration without orders. */
export const STORAGE_PERIOD_MONTHS = 18;
/** docs/product/states.md, limits.md: safe with 3 or more months left, warning with 1 or 2, critical under 1. */
export const STORAGE_SAFE_MONTHS = 3;
export const STORAGE_WARNING_MONTHS = 1;

export const storageStatuses = ['safe', 'warning', 'critical'] as const;
export const StorageStatusSchema = z.enum(storageStatuses);
export type StorageStatus = z.infer<typeof StorageStatusSchema>;

/** docs/product/entities.md 'Storage info', with the derived fields computed by the server's clock. */
export const AccountInformationSchema = z.object({
  lastOrderDate: z.nullable(isoDateTime),
  projectCount: count,
  projectedDeletionDate: isoDateTime,
  registrationDate: isoDateTime,
  daysRemaining: count,
  monthsRemaining: count,
  status: StorageStatusSchema,
});
export type AccountInformation = z.infer<typeof AccountInformationSchema>;

/** A photo the shop holds (uploaded in an editor, kept from an order) that an import can take in. */
export const ShopUploadSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  accountId: z.nullable(z.string()),
  created: isoDateTime,
});
export type ShopUpload = z.infer<typeof ShopUploadSchema>;

export const storageApi = {
  accountInformation: defineEndpoint({
    service: 'storage',
    method: 'GET',
    path: '/accounts/getaccountinformation',
    response: AccountInformationSchema,
  }),
  /** docs/product/calls.md: one upload of the account (`accountId` must be the caller's); 404 means none. */
  upload: defineEndpoint({
    service: 'storage',
    method: 'GET',
    path: '/uploads/:id',
    params: z.object({ id }),
    query: z.object({ accountId: id }),
    response: ShopUploadSchema,
  }),
  /** docs/product/calls.md: which of these ids are uploads made before sign-in (no account); 404 means none. */
  anonymousUploads: defineEndpoint({
    service: 'storage',
    method: 'POST',
    path: '/getanonymousuploads',
    body: z.object({ ids: z.array(id).check(z.minLength(1), z.maxLength(500)) }),
    response: z.object({ uploads: z.array(ShopUploadSchema) }),
  }),
};
