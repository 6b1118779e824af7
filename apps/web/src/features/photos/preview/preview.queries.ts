import { queryOptions } from '@tanstack/react-query';
import { photosApi } from '@photo/contracts/photos';
import { isApiError } from '../../../shared/api/api-error';
import type { Request } from '../../../shared/api/request';
import { photoQueries } from '../photos.queries';

/**
 * Answers that mean 'no photo of yours under this id' (another customer's id, a deleted photo, a
 * mistyped address): an answer to show, not a failure to report.
 */
const NOT_FOUND_STATUSES = [400, 403, 404] as const;

export function isPhotoNotFound(error: unknown): boolean {
  return NOT_FOUND_STATUSES.some((status) => isApiError(error, status));
}

export const previewQueries = {
  /** One photo by id, for a preview opened by its address (no grid loaded its month yet). */
  photo: (request: Request, photoId: string) =>
    queryOptions({
      queryKey: [...photoQueries.all(), 'photo', photoId],
      queryFn: ({ signal }) =>
        request(photosApi.get, { params: { photoId } }, { signal, expectedStatuses: NOT_FOUND_STATUSES }),
    }),
};
