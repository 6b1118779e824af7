import type { FastifyInstance } from 'fastify';
import { serviceBasePath } from '@photo/contracts/endpoint';
import { derivativeSizes, photosApi, type PhotoFileVariant } from '@photo/contracts/photos';
import type { ApiRouter } from '../platform/api-router';
import type { BlobStore } from '../platform/blob-store';
import type { Authenticate } from '../platform/caller';
import { notFound } from '../platform/errors';
import { parseRange } from '../platform/http-range';
import { toPhotoDto } from './photo-dto';
import { originalKey, type PhotosService } from './photos.service';

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
    return {
      cursor: page.cursor,
      images: page.photos.map((photo) => toPhotoDto(photo, baseUrl(request.storefront.origin))),
    };
  });
  api.handle(photosApi.list, async ({ caller, query, request }) => {
    const page = await photos.listAll(caller, query);
    return {
      cursor: page.cursor,
      images: page.photos.map((photo) => toPhotoDto(photo, baseUrl(request.storefront.origin))),
    };
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

  // Image files go to their owner only (session or token checked on every request) and, being
  // immutable under their id, may sit in the browser's private cache for a year.
  app.get<{ Params: { photoId: string; variant: string } }>(
    `${serviceBasePath('photos')}/files/:photoId/:variant`,
    async (request, reply) => {
      const caller = await deps.authenticate(request);
      const variant = parseVariant(request.params.variant);
      const photo = await photos.getOwned(caller, request.params.photoId);
      const isOriginal = variant === 'original';
      const derivative = isOriginal
        ? undefined
        : photo.derivatives.find((candidate) => candidate.size === variant);
      if (!isOriginal && !derivative) throw notFound('This size is not ready yet');
      const key = derivative?.key ?? originalKey(photo);
      const info = await deps.blobs.stat(key);
      if (!info) throw notFound('File not found');
      const range = parseRange(request.headers.range, info.size);
      void reply
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('etag', `"${photo.contentHash}-${String(variant)}"`)
        .header('accept-ranges', 'bytes')
        .type(derivative?.mimeType ?? photo.mimeType);
      if (isOriginal) {
        void reply.header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(photo.localFileName)}`,
        );
      }
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${info.size}`).send();
      }
      if (range) {
        void reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
          .header('content-length', range.end - range.start + 1);
        return reply.send(await deps.blobs.read(key, range));
      }
      void reply.header('content-length', info.size);
      return reply.send(await deps.blobs.read(key));
    },
  );
}

function parseVariant(value: string): PhotoFileVariant {
  if (value === 'original') return value;
  const size = Number(value);
  const match = derivativeSizes.find((candidate) => candidate === size);
  if (!match) throw notFound('Unknown image size');
  return match;
}
