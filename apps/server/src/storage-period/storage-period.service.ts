import type { AccountInformation, ShopUpload } from '@photo/contracts/storage-period';
import type { Caller } from '../platform/caller';
import type { Clock } from '../platform/clock';
import { notFound } from '../platform/errors';
import { isUuid } from '../platform/uuid';
import { projectedDeletionDate, storageStanding } from './storage-period';
import type { StoragePeriodRepository } from './storage-period.repository';

/**
 * The storage service of docs/product/calls.md: how long the caller's photos are kept (computed from their orders and
 * registration, decision 087), and the uploads the shop holds. Every answer is the caller's own.
 */
export function createStoragePeriodService(deps: {
  storage: StoragePeriodRepository;
  clock: Clock;
  /** How many saved projects the customer has (docs/product/entities.md projectCount), from the projects service. */
  countProjects: (customerId: string) => Promise<number>;
}) {
  const { storage, clock } = deps;
  return {
    async accountInformation(caller: Caller): Promise<AccountInformation> {
      const dates = await storage.accountDates(caller.customerId);
      if (!dates) throw notFound('Account not found');
      const deletion = projectedDeletionDate(dates.lastOrderAt, dates.registeredAt);
      return {
        lastOrderDate: dates.lastOrderAt?.toISOString() ?? null,
        projectCount: await deps.countProjects(caller.customerId),
        projectedDeletionDate: deletion.toISOString(),
        registrationDate: dates.registeredAt.toISOString(),
        ...storageStanding(deletion, clock.now()),
      };
    },

    /** docs/product/calls.md: 404 means none; an account id other than the caller's finds none either. */
    async upload(caller: Caller, id: string, accountId: string): Promise<ShopUpload> {
      const found =
        accountId === caller.customerId && isUuid(id)
          ? await storage.upload(caller.customerId, id)
          : undefined;
      if (!found) throw notFound('Upload not found');
      return found;
    },

    /** docs/product/calls.md: which of the ids are uploads of no account; 404 when none is. */
    async anonymousUploads(ids: string[]): Promise<{ uploads: ShopUpload[] }> {
      const valid = [...new Set(ids)].filter(isUuid);
      const uploads = valid.length > 0 ? await storage.anonymousUploads(valid) : [];
      if (uploads.length === 0) throw notFound('No anonymous uploads');
      return { uploads };
    },
  };
}

export type StoragePeriodService = ReturnType<typeof createStoragePeriodService>;
