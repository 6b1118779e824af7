import { albumsApi } from '@photo/contracts/albums';
import { shareApi } from '@photo/contracts/shares';
import type { Request } from '../../shared/api/request';
import { albumQueries } from '../../shared/photo-library/albums.queries';
import {
  NOT_FOUND_STATUSES,
  type PreviewPhotoLookup,
} from '../../shared/photo-library/preview/preview.queries';
import { albumSourceId, sharedAlbumSourceId } from '../../shared/photo-library/album-photos';
import type { TimelineSource } from '../../shared/timeline/timeline-store';

/** One of the customer's albums as a source of sections for the grid engine (decision 005). */
export function albumSource(request: Request, albumId: string): TimelineSource {
  return {
    id: albumSourceId(albumId),
    index: (sort) => request(albumsApi.timeline, { params: { albumId }, query: sort }),
    page: (year, month, query) =>
      request(albumsApi.timelineMonth, { params: { albumId, year, month }, query }),
  };
}

/** An album shared with the customer (or by them): the same grid over the share service's calls. */
export function sharedAlbumSource(request: Request, albumId: string): TimelineSource {
  return {
    id: sharedAlbumSourceId(albumId),
    index: (sort) => request(shareApi.timeline, { params: { albumId }, query: sort }),
    page: (year, month, query) =>
      request(shareApi.timelineMonth, { params: { albumId, year, month }, query }),
  };
}

/** A photo of the album, for its preview opened by address (a photo not in it answers 404). */
export function albumPhotoLookup(request: Request, albumId: string): PreviewPhotoLookup {
  return {
    queryKey: (photoId) => [...albumQueries.album(request, albumId).queryKey, 'photo', photoId],
    fetch: (photoId, signal) =>
      request(
        albumsApi.photo,
        { params: { albumId, photoId } },
        { signal, expectedStatuses: NOT_FOUND_STATUSES },
      ),
  };
}

/** A photo of a shared album, through the share service (the only way a participant reaches it). */
export function sharedAlbumPhotoLookup(request: Request, albumId: string): PreviewPhotoLookup {
  return {
    queryKey: (photoId) => [...albumQueries.all(), 'shared', 'album', albumId, 'photo', photoId],
    fetch: (photoId, signal) =>
      request(
        shareApi.photo,
        { params: { albumId, photoId } },
        { signal, expectedStatuses: NOT_FOUND_STATUSES },
      ),
  };
}
