import { storageApi } from '@photo/contracts/storage-period';
import type { ApiRouter } from '../platform/api-router';
import type { StoragePeriodService } from './storage-period.service';

export function registerStoragePeriodRoutes(api: ApiRouter, storage: StoragePeriodService): void {
  api.handle(storageApi.accountInformation, ({ caller }) => storage.accountInformation(caller));
  api.handle(storageApi.upload, ({ caller, params, query }) =>
    storage.upload(caller, params.id, query.accountId),
  );
  api.handle(storageApi.anonymousUploads, ({ body }) => storage.anonymousUploads(body.ids));
}
