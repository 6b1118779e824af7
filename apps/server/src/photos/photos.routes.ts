import type { FastifyInstance } from 'fastify';
import { serviceBasePath } from '@photo/contracts/endpoint';
import { photosApi } from '@photo/contracts/photos';
import type { ApiRouter } from '../platform/api-router';
import type { BlobStore } from '../platform/blob-store';
import type { Authenticate } from '../platform/caller';
import { toPhotoDto, toPhotoPageDto } from './photo-dto';
import { parsePhotoFileVariant, sendPhotoFile } from './photo-files';
import type { PhotosService } from './photos.service';

export function registerPhotoRoutes(
  app: FastifyInstance,
  api: ApiRouter,
  deps: { photos: PhotosService; blobs: BlobStore; authenticate: Authenticate },
): void {
  const { photos } = deps;
  const baseUrl = (origin: string) => `${origin}${serviceBasePath('photos')}`;

  api.handle(photosApi.timeline, ({ caller, query }) => photos.timeline(caller, query.sortKey));
  api.handle(photosApi.timelineMonth, async ({ caller, params, query, request }) => {
    const page = await photos.listMonth(caller, { ...params, ...query });
    return toPhotoPageDto(page, baseUrl(request.storefront.origin));
  });
  api.handle(photosApi.list, async ({ caller, query, request }) => {
    const page = await photos.listAll(caller, query);
    return toPhotoPageDto(page, baseUrl(request.storefront.origin));
  });
  api.handle(photosApi.get, async ({ caller, params, request }) =>
    toPhotoDto(await photos.getOwned(caller, params.photoId), baseUrl(request.storefront.origin)),
  );
  api.handle(photosApi.userInfo, ({ caller }) => photos.userInfo(caller));
  api.handle(photosApi.activation, async ({ caller }) => ({ status: await photos.activationStatus(caller) }));
  api.handle(photosApi.activate, async ({ caller }) => ({ status: await photos.activate(caller) }));
  api.handle(photosApi.deleteMany, ({ caller, body }) => photos.deleteMany(caller, body.photoIds));
  api.handle(photosApi.deleteAll, async ({ caller }) => ({ status: await photos.deleteAll(caller) }));
  api.handle(photosApi.retryProcessing, async ({ caller, params, request }) =>
    toPhotoDto(await photos.retryProcessing(caller, params.photoId), baseUrl(request.storefront.origin)),
  );

  // Image files go to their owner only (session or token checked on every request).
  app.get<{ Params: { photoId: string; variant: string } }>(
    `${serviceBasePath('photos')}/files/:photoId/:variant`,
    async (request, reply) => {
      const caller = await deps.authenticate(request);
      const variant = parsePhotoFileVariant(request.params.variant);
      const photo = await photos.getOwned(caller, request.params.photoId);
      return sendPhotoFile(deps.blobs, photo, variant, request, reply);
    },
  );
}
