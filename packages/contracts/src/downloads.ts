import { z } from 'zod/mini';
import { count, id, isoDateTime } from './common';
import { defineEndpoint } from './endpoint';

/** docs/product/validation.md, limits.md: at most 100 photos per download request. */
export const MAX_DOWNLOAD_PHOTOS = 100;

/** Archives can be fetched again from the downloads page for this long after they are ready. */
export const ARCHIVE_LIFETIME_DAYS = 7;

const photoIds = z.array(id).check(z.minLength(1), z.maxLength(MAX_DOWNLOAD_PHOTOS));

/**
 * docs/product/calls.md POST /downloads. `id` is made by the client: a retried request with the same id answers the
 * same archive instead of making a second one.
 */
export const CreateDownloadBodySchema = z.object({ id: z.uuid(), photos: photoIds });

/** docs/product/calls.md POST /shared-album-downloads: the photos of a shared album, each with its owner (docs/product/roles.md). */
export const CreateSharedAlbumDownloadBodySchema = z.object({
  id: z.uuid(),
  albumId: id,
  photos: z
    .array(z.object({ photoId: id, ownerId: id }))
    .check(z.minLength(1), z.maxLength(MAX_DOWNLOAD_PHOTOS)),
});

/** docs/product/entities.md: the download request's answer. */
export const DownloadRequestSchema = z.object({
  id: z.uuid(),
  name: z.optional(z.string()),
  photos: z.array(z.string()),
});
export type DownloadRequest = z.infer<typeof DownloadRequestSchema>;

/** 'expired' archives are past their lifetime and about to be removed; they can no longer be fetched. */
export const archiveStates = ['preparing', 'ready', 'failed', 'expired'] as const;
export type ArchiveState = (typeof archiveStates)[number];

export const DownloadSchema = z.object({
  id: z.uuid(),
  /** An album's name for an album's photos; absent for a selection from the library. */
  name: z.optional(z.string()),
  photoCount: count,
  /** Bytes of the ZIP file, once it is ready. */
  size: z.nullable(count),
  state: z.enum(archiveStates),
  created: isoDateTime,
  expires: isoDateTime,
});
export type Download = z.infer<typeof DownloadSchema>;

export const DownloadListSchema = z.object({ items: z.array(DownloadSchema) });

export const DownloadUrlSchema = z.object({ url: z.url({ protocol: /^https?$/ }) });

export const downloadsApi = {
  create: defineEndpoint({
    service: 'downloads',
    method: 'POST',
    path: '/downloads',
    body: CreateDownloadBodySchema,
    response: DownloadRequestSchema,
    successStatus: 202,
  }),
  createForSharedAlbum: defineEndpoint({
    service: 'downloads',
    method: 'POST',
    path: '/shared-album-downloads',
    body: CreateSharedAlbumDownloadBodySchema,
    response: DownloadRequestSchema,
    successStatus: 202,
  }),
  /** The customer's archives, newest first. */
  list: defineEndpoint({
    service: 'downloads',
    method: 'GET',
    path: '/downloads',
    response: DownloadListSchema,
  }),
  /** A short-lived address of a ready archive; 404 before it is ready and for anyone else's id. */
  url: defineEndpoint({
    service: 'downloads',
    method: 'GET',
    path: '/downloads/:downloadId/url',
    params: z.object({ downloadId: id }),
    response: DownloadUrlSchema,
  }),
};

/** docs/product/states.md, calls.md: the keys of archive push messages. */
export const archiveEventKeys = [
  'archive-generation-started',
  'archive-generation-finished',
  'archive-generation-error',
] as const;
export type ArchiveEventKey = (typeof archiveEventKeys)[number];

/** docs/product/entities.md: the push message of an archive, on the customer's push channel. */
export const ArchiveEventSchema = z.object({
  id: z.uuid(),
  timestamp: z.int(),
  key: z.enum(archiveEventKeys),
  message: z.object({ userId: z.string(), downloadId: z.string() }),
});
export type ArchiveEvent = z.infer<typeof ArchiveEventSchema>;
