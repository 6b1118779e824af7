import { photosApi, type Photo } from '@photo/contracts/photos';
import { isApiError } from '../../api/api-error';
import type { Request } from '../../api/request';
import { photoQueries } from '../photos.queries';

/**
 * Answers that mean 'no photo of yours under this id' (another customer's id, a deleted photo, a
 * mistyped address): an answer to show, not a failure to report.
 */
export const NOT_FOUND_STATUSES = [400, 403, 404] as const;

export function isPhotoNotFound(error: unknown): boolean {
  return NOT_FOUND_STATUSES.some((status) => isApiError(error, status));
}

/** How a preview opened by its address (no grid loaded its month yet) fetches its photo by id. */
export interface PreviewPhotoLookup {
  queryKey: (photoId: string) => readonly unknown[];
  fetch: (photoId: string, signal: AbortSignal) => Promise<Photo>;
}

/** A photo of the customer's library. */
export function libraryPhotoLookup(request: Request): PreviewPhotoLookup {
  return {
    queryKey: (photoId) => [...photoQueries.all(), 'photo', photoId],
    fetch: (photoId, signal) =>
      request(photosApi.get, { params: { photoId } }, { signal, expectedStatuses: NOT_FOUND_STATUSES }),
  };
}
