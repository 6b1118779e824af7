import { albumsApi } from '@photo/contracts/albums';
import { shareApi } from '@photo/contracts/shared-albums';
import type { Request } from '../../shared/api/request';
import { albumQueries } from '../../shared/photo-library/albums.queries';
import {
  NOT_FOUND_STATUSES,
  type PreviewPhotoLookup,
} from '../../shared/photo-library/preview/preview.queries';
import { albumSourceId, sharedAlbumSourceId } from '../../shared/photo-library/album-photos';
import type { SortArea } from '../../shared/photo-library/sort-preference';
import type { MessageId } from '../../shared/i18n/translator';
import type { TimelineSource } from '../../shared/timeline/timeline-store';
import { albumPath, albumPreviewPath, sharedAlbumPath, sharedAlbumPreviewPath } from './album-paths';

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

/**
 * What an own album and a shared one differ in on the one album frame (page and preview, docs/product/albums.md):
 * the calls its photos come through, its addresses, its stored sort and its empty text. What the
 * customer may do there is the page's own (the owner's actions, or the shared album's read-only set).
 */
export interface AlbumRole {
  sortArea: SortArea;
  source: (request: Request, albumId: string) => TimelineSource;
  lookup: (request: Request, albumId: string) => PreviewPhotoLookup;
  gridPath: (albumId: string) => string;
  previewPath: (albumId: string) => (photoId: string) => string;
  /** 'Your album is empty', or 'This album is empty' for a shared album. */
  emptyText: MessageId;
}

export const OWN_ALBUM: AlbumRole = {
  sortArea: 'albumPhotos',
  source: albumSource,
  lookup: albumPhotoLookup,
  gridPath: albumPath,
  previewPath: albumPreviewPath,
  emptyText: 'album.empty',
};

export const SHARED_ALBUM: AlbumRole = {
  sortArea: 'sharedAlbumPhotos',
  source: sharedAlbumSource,
  lookup: sharedAlbumPhotoLookup,
  gridPath: sharedAlbumPath,
  previewPath: sharedAlbumPreviewPath,
  emptyText: 'sharedAlbum.empty',
};
