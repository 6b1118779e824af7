import type { FastifyInstance } from 'fastify';
import { serviceBasePath } from '@photo/contracts/endpoint';
import {
  shareApi,
  sharedPhotoFilesBase,
  type SharedAlbum,
  type SharedAlbumPhoto,
} from '@photo/contracts/shared-albums';
import type { ApiRouter } from '../platform/api-router';
import type { BlobStore } from '../platform/blob-store';
import type { Authenticate } from '../platform/caller';
import type { AlbumRecord } from '../photos/albums.repository';
import { toPhotoDto } from '../photos/photo-dto';
import { parsePhotoFileVariant, sendPhotoFile } from '../photos/photo-files';
import type { PhotoRecord } from '../photos/photos.repository';
import type { RecordPage } from '../photos/photos.service';
import type { SharedAlbumsService } from './shared-albums.service';

/**
 * A shared album's photo points at the share service's own file route, which lets the album's
 * participants load exactly that album's photos (docs/product/entities.md: it also names the photo's owner).
 */
export function toSharedPhotoDto(photo: PhotoRecord, albumId: string, origin: string): SharedAlbumPhoto {
  const filesBase = `${origin}${serviceBasePath('share')}${sharedPhotoFilesBase(albumId)}`;
  return { ...toPhotoDto(photo, filesBase), ownerId: photo.ownerId };
}

export function toSharedAlbumDto(album: AlbumRecord, origin: string): SharedAlbum {
  return {
    albumId: album.id,
    albumName: album.name,
    coverPhoto: album.cover ? toSharedPhotoDto(album.cover, album.id, origin) : null,
    photosCount: album.photosCount,
    created: album.createdAt,
    updated: album.updatedAt,
    ownerId: album.ownerId,
  };
}

const toSharedPage = (page: RecordPage, albumId: string, origin: string) => ({
  cursor: page.cursor,
  images: page.photos.map((photo) => toSharedPhotoDto(photo, albumId, origin)),
});

/** The share service of docs/product/calls.md, the calls the grid engine needs, and the album-scoped file route. */
export function registerSharedAlbumRoutes(
  app: FastifyInstance,
  api: ApiRouter,
  deps: { shares: SharedAlbumsService; blobs: BlobStore; authenticate: Authenticate },
): void {
  const { shares } = deps;

  api.handle(shareApi.list, async ({ caller, query, request }) => {
    const page = await shares.list(caller, query);
    return {
      albums: page.albums.map((album) => toSharedAlbumDto(album, request.storefront.origin)),
      cursor: page.cursor,
    };
  });
  api.handle(shareApi.counts, ({ caller }) => shares.counts(caller));
  api.handle(shareApi.get, async ({ caller, params, request }) =>
    toSharedAlbumDto(await shares.get(caller, params.albumId), request.storefront.origin),
  );
  api.handle(shareApi.participants, ({ caller, params }) => shares.participants(caller, params.albumId));
  api.handle(shareApi.invite, ({ caller, params }) => shares.invite(caller, params.albumId));
  api.handle(shareApi.removeParticipant, ({ caller, params }) =>
    shares.removeParticipant(caller, params.albumId, params.participantId),
  );
  api.handle(shareApi.remove, ({ caller, params }) => shares.remove(caller, params.albumId));
  api.handle(shareApi.photos, async ({ caller, params, query, request }) =>
    toSharedPage(
      await shares.listAll(caller, params.albumId, query),
      params.albumId,
      request.storefront.origin,
    ),
  );
  api.handle(shareApi.timeline, ({ caller, params, query }) =>
    shares.timeline(caller, params.albumId, query.sortKey, query.sortOrder),
  );
  api.handle(shareApi.timelineMonth, async ({ caller, params, query, request }) => {
    const { albumId, ...month } = params;
    return toSharedPage(
      await shares.listMonth(caller, albumId, { ...month, ...query }),
      albumId,
      request.storefront.origin,
    );
  });
  api.handle(shareApi.photo, async ({ caller, params, request }) =>
    toSharedPhotoDto(
      await shares.photo(caller, params.albumId, params.photoId),
      params.albumId,
      request.storefront.origin,
    ),
  );

  // A participant loads this album's photos here, and nothing else: the owner's own file route
  // stays owner-only. Access is checked on every request, so a participant taken off is refused at once.
  app.get<{ Params: { albumId: string; photoId: string; variant: string } }>(
    `${serviceBasePath('share')}/shared-albums/:albumId/files/:photoId/:variant`,
    async (request, reply) => {
      const caller = await deps.authenticate(request);
      const variant = parsePhotoFileVariant(request.params.variant);
      const photo = await shares.photo(caller, request.params.albumId, request.params.photoId);
      return sendPhotoFile(deps.blobs, photo, variant, request, reply, 'revalidate');
    },
  );
}
