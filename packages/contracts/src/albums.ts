import { z } from 'zod/mini';
import { count, id, isoDateTime } from './common';
import { defineEndpoint } from './endpoint';
import {
  BulkDeleteResultSchema,
  CursorQuerySchema,
  DeletePhotosBodySchema,
  PHOTOS_PAGE_SIZE,
  PhotoIdSchema,
  PhotoPageSchema,
  PhotoSchema,
  queryInteger,
  SortKeySchema,
  SortOrderSchema,
  TIMELINE_SECTION_SIZE,
  TimelineEntrySchema,
} from './photos';

/** docs/product/limits.md: albums come 50 a page; the first page of the album list holds one fewer (the 'New album' tile). */
export const ALBUMS_PAGE_SIZE = 50;
export const ALBUM_NAME_MAX_LENGTH = 100;

export type AlbumNameProblem = 'required' | 'invalid';

/**
 * docs/product/validation.md: a name is required (at least one character) and must not contain `<`, `>` or `;`, nor
 * start with whitespace (which also rules out a name of whitespace only). The web form and the
 * server apply this one rule.
 */
export function albumNameProblem(name: string): AlbumNameProblem | undefined {
  if (name.length === 0) return 'required';
  if (/[<>;]/.test(name) || /^\s/.test(name) || name.length > ALBUM_NAME_MAX_LENGTH) return 'invalid';
  return undefined;
}

export const AlbumNameSchema = z.string().check(
  z.minLength(1, 'Please give your album a name'),
  z.refine((name) => albumNameProblem(name) === undefined, 'Name not valid'),
);

/** docs/product/entities.md: an own album. The cover is the photo the customer picked, else the newest photo in it. */
export const AlbumSchema = z.object({
  albumId: z.string(),
  albumName: z.string(),
  coverPhoto: z.nullable(PhotoSchema),
  photosCount: count,
  created: isoDateTime,
  updated: isoDateTime,
  userId: z.string(),
  isShared: z.boolean(),
});
export type Album = z.infer<typeof AlbumSchema>;

export const AlbumListSchema = z.object({
  albums: z.array(AlbumSchema),
  cursor: z.nullable(z.string()),
});
export type AlbumList = z.infer<typeof AlbumListSchema>;

/** A boolean in a query string: `true` or `false` (a client may pass the boolean itself). */
const queryBoolean = z.pipe(
  z.union([z.boolean(), z.enum(['true', 'false'])]),
  z.transform((value) => value === true || value === 'true'),
);

/** docs/product/entities.md: albums and shared-album photos sort by upload date, newest first, unless the customer chose. */
export const albumSortQuery = {
  sortKey: z._default(SortKeySchema, 'created'),
  sortOrder: z._default(SortOrderSchema, 'desc'),
};

export const AlbumIdParamsSchema = z.object({ albumId: id });
export const AlbumPhotoParamsSchema = z.object({
  albumId: id,
  photoId: PhotoIdSchema,
});
export const AlbumMonthParamsSchema = z.object({
  albumId: id,
  year: queryInteger(0, 9999),
  month: queryInteger(0, 12),
});

/** The flat list of an album's photos (docs/product/calls.md) and the month pages the grid engine reads. */
export const AlbumPhotosQuerySchema = z.object({
  cursor: CursorQuerySchema,
  limit: z._default(queryInteger(1, PHOTOS_PAGE_SIZE), PHOTOS_PAGE_SIZE),
  ...albumSortQuery,
});
export const AlbumMonthQuerySchema = z.object({
  cursor: CursorQuerySchema,
  limit: z._default(queryInteger(1, PHOTOS_PAGE_SIZE), TIMELINE_SECTION_SIZE),
  ...albumSortQuery,
});
/** Months in the album's order; 'Unknown Date' (0/0) comes last either way, as in the library. */
export const AlbumTimelineQuerySchema = z.object({ ...albumSortQuery });

/** docs/product/limits.md: adds and removes are chunked by the client; one call takes at most this many ids. */
export const ALBUM_PHOTOS_CHUNK_SIZE = PHOTOS_PAGE_SIZE;
export const AlbumPhotosBodySchema = DeletePhotosBodySchema;

export const CreateAlbumBodySchema = z.object({ name: AlbumNameSchema });
export const UpdateAlbumBodySchema = z.object({
  name: z.optional(AlbumNameSchema),
  /** A photo of the album to show as its cover; `null` goes back to the newest photo. */
  coverPhotoId: z.optional(z.nullable(PhotoIdSchema)),
});

export const albumsApi = {
  create: defineEndpoint({
    service: 'photos',
    method: 'POST',
    path: '/albums',
    body: CreateAlbumBodySchema,
    response: z.object({ albumId: z.string() }),
    successStatus: 201,
  }),
  update: defineEndpoint({
    service: 'photos',
    method: 'PATCH',
    path: '/albums/:albumId',
    params: AlbumIdParamsSchema,
    body: UpdateAlbumBodySchema,
    response: AlbumSchema,
  }),
  /** Deletes the album only: its photos stay in the library. */
  remove: defineEndpoint({
    service: 'photos',
    method: 'DELETE',
    path: '/albums/:albumId',
    params: AlbumIdParamsSchema,
    response: z.void(),
    successStatus: 204,
  }),
  list: defineEndpoint({
    service: 'photos',
    method: 'GET',
    path: '/albums',
    query: z.object({
      cursor: CursorQuerySchema,
      limit: z._default(queryInteger(1, ALBUMS_PAGE_SIZE), ALBUMS_PAGE_SIZE),
      /** Whether albums shared with others say so (`isShared`); off, every album lists as a plain one. */
      displaySharedData: z._default(queryBoolean, false),
    }),
    response: AlbumListSchema,
  }),
  get: defineEndpoint({
    service: 'photos',
    method: 'GET',
    path: '/albums/:albumId',
    params: AlbumIdParamsSchema,
    response: AlbumSchema,
  }),
  photos: defineEndpoint({
    service: 'photos',
    method: 'GET',
    path: '/albums/:albumId/photos',
    params: AlbumIdParamsSchema,
    query: AlbumPhotosQuerySchema,
    response: PhotoPageSchema,
  }),
  /** Adds the caller's photos; a photo already in the album stays once. Ids not in the library fail. */
  addPhotos: defineEndpoint({
    service: 'photos',
    method: 'POST',
    path: '/albums/:albumId/photos',
    params: AlbumIdParamsSchema,
    body: AlbumPhotosBodySchema,
    response: BulkDeleteResultSchema,
  }),
  /** Takes photos out of the album (they stay in the library); a photo not in it counts as removed. */
  removePhotos: defineEndpoint({
    service: 'photos',
    method: 'DELETE',
    path: '/albums/:albumId/photos',
    params: AlbumIdParamsSchema,
    body: AlbumPhotosBodySchema,
    response: BulkDeleteResultSchema,
  }),
  /** The album's month index, for the grid engine (decision 005). */
  timeline: defineEndpoint({
    service: 'photos',
    method: 'GET',
    path: '/albums/:albumId/timeline',
    params: AlbumIdParamsSchema,
    query: AlbumTimelineQuerySchema,
    response: z.array(TimelineEntrySchema),
  }),
  timelineMonth: defineEndpoint({
    service: 'photos',
    method: 'GET',
    path: '/albums/:albumId/photos/timeline/:year/:month',
    params: AlbumMonthParamsSchema,
    query: AlbumMonthQuerySchema,
    response: PhotoPageSchema,
  }),
  /** One photo of the album (a preview opened by its address). */
  photo: defineEndpoint({
    service: 'photos',
    method: 'GET',
    path: '/albums/:albumId/photos/:photoId',
    params: AlbumPhotoParamsSchema,
    response: PhotoSchema,
  }),
};
