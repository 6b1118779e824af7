import type { FastifyRequest } from 'fastify';
import { albumsApi, type Album } from '@photo/contracts/albums';
import { serviceBasePath } from '@photo/contracts/endpoint';
import type { ApiRouter } from '../platform/api-router';
import type { AlbumRecord } from './albums.repository';
import type { AlbumsService } from './albums.service';
import { toPhotoDto, toPhotoPageDto } from './photo-dto';

export function toAlbumDto(album: AlbumRecord, photosBaseUrl: string): Album {
  return {
    albumId: album.id,
    albumName: album.name,
    coverPhoto: album.cover ? toPhotoDto(album.cover, photosBaseUrl) : null,
    photosCount: album.photosCount,
    created: album.createdAt,
    updated: album.updatedAt,
    userId: album.ownerId,
    isShared: album.isShared,
  };
}

/** The albums calls of the photo service (docs/product/calls.md), plus the month index and pages the grid reads. */
export function registerAlbumRoutes(api: ApiRouter, albums: AlbumsService): void {
  const base = (request: FastifyRequest) => `${request.storefront.origin}${serviceBasePath('photos')}`;

  api.handle(albumsApi.create, async ({ caller, body }) => ({
    albumId: (await albums.create(caller, body.name)).id,
  }));
  api.handle(albumsApi.list, async ({ caller, query, request }) => {
    const page = await albums.list(caller, query);
    return { albums: page.albums.map((album) => toAlbumDto(album, base(request))), cursor: page.cursor };
  });
  api.handle(albumsApi.get, async ({ caller, params, request }) =>
    toAlbumDto(await albums.get(caller, params.albumId), base(request)),
  );
  api.handle(albumsApi.update, async ({ caller, params, body, request }) =>
    toAlbumDto(await albums.update(caller, params.albumId, body), base(request)),
  );
  api.handle(albumsApi.remove, async ({ caller, params }) => albums.remove(caller, params.albumId));
  api.handle(albumsApi.addPhotos, ({ caller, params, body }) =>
    albums.addPhotos(caller, params.albumId, body.photoIds),
  );
  api.handle(albumsApi.removePhotos, ({ caller, params, body }) =>
    albums.removePhotos(caller, params.albumId, body.photoIds),
  );
  api.handle(albumsApi.photos, async ({ caller, params, query, request }) =>
    toPhotoPageDto(await albums.listAll(caller, params.albumId, query), base(request)),
  );
  api.handle(albumsApi.timeline, ({ caller, params, query }) =>
    albums.timeline(caller, params.albumId, query.sortKey, query.sortOrder),
  );
  api.handle(albumsApi.timelineMonth, async ({ caller, params, query, request }) => {
    const { albumId, ...month } = params;
    return toPhotoPageDto(await albums.listMonth(caller, albumId, { ...month, ...query }), base(request));
  });
  api.handle(albumsApi.photo, async ({ caller, params, request }) =>
    toPhotoDto(await albums.photo(caller, params.albumId, params.photoId), base(request)),
  );
}
