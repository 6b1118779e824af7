import { storageApi } from '@photo/contracts/storage';
import type { ApiRouter } from '../platform/api-router';
import type { StorageService } from './storage.service';

export function registerStorageRoutes(api: ApiRouter, storage: StorageService): void {
  api.handle(storageApi.accountInformation, ({ caller }) => storage.accountInformation(caller));
  api.handle(storageApi.upload, ({ caller, params, query }) =>
    storage.upload(caller, params.id, query.accountId),
  );
  api.handle(storageApi.anonymousUploads, ({ body }) => storage.anonymousUploads(body.ids));
}
