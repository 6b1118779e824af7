import { z } from 'zod/mini';
import { count, id, isoDateTime } from './common';
import { defineEndpoint } from './endpoint';

export const sortKeys = ['created', 'dateTaken'] as const;
export const SortKeySchema = z.enum(sortKeys);
export type SortKey = z.infer<typeof SortKeySchema>;
export const SortOrderSchema = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrderSchema>;

/** Sizes of docs/product/limits.md: thumbnails 300 (small/medium screens) and 800 (large), preview 1300. */
export const derivativeSizes = [300, 800, 1300] as const;
export type DerivativeSize = (typeof derivativeSizes)[number];

/** The month key of photos with no real taken date ('Unknown Date', docs/product/photos.md). */
export const UNKNOWN_DATE = { year: 0, month: 0 } as const;

/** A whole number in a path or query string, within [min, max]. */
export const queryInteger = (min: number, max: number) =>
  z.pipe(z.coerce.number(), z.int().check(z.minimum(min), z.maximum(max)));

export const ThumbnailSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: count,
  height: count,
});

export const photoStatuses = ['processing', 'ready', 'failed'] as const;

export const PhotoSchema = z.object({
  imageId: z.string(),
  localFileName: z.string(),
  uploadId: z.string(),
  /** The 1300 preview. */
  url: z.string(),
  /** The original, byte-identical to what was uploaded. */
  untouchedUrl: z.string(),
  thumbnails: z.array(ThumbnailSchema),
  /** Local capture time as the camera recorded it (no zone); absent when there is no real date. */
  dateTaken: z.optional(z.iso.datetime({ local: true })),
  uploadEnd: isoDateTime,
  visibleHeight: count,
  visibleWidth: count,
  /** The photo's average colour (`#rrggbb`), painted until the thumbnail arrives. */
  placeholder: z.optional(z.string().check(z.regex(/^#[0-9a-f]{6}$/))),
  status: z.enum(photoStatuses),
});
export type Photo = z.infer<typeof PhotoSchema>;

export const PhotoPageSchema = z.object({
  cursor: z.nullable(z.string()),
  images: z.array(PhotoSchema),
});
export type PhotoPage = z.infer<typeof PhotoPageSchema>;

export const TIMELINE_SECTION_SIZE = 24;
export const PHOTOS_PAGE_SIZE = 500;

const sortQuery = {
  sortKey: z._default(SortKeySchema, 'dateTaken'),
  sortOrder: z._default(SortOrderSchema, 'desc'),
};

/** An opaque keyset position handed back by the previous page. */
export const CursorQuerySchema = z.optional(z.string().check(z.maxLength(200)));

/** A photo id in a path or a list: the server answers 404 for any id that is not the caller's. */
export const PhotoIdSchema = id;

export const TimelineMonthQuerySchema = z.object({
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z._default(queryInteger(1, PHOTOS_PAGE_SIZE), TIMELINE_SECTION_SIZE),
  ...sortQuery,
});

export const TimelineEntrySchema = z.object({
  year: z.int().check(z.nonnegative()),
  month: z.int().check(z.minimum(0), z.maximum(12)),
  count,
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

export const activationStatuses = ['NOT_ACTIVE', 'IMPORTING', 'ACTIVE', 'DELETING'] as const;
export const ActivationStatusSchema = z.enum(activationStatuses);
export type ActivationStatus = z.infer<typeof ActivationStatusSchema>;

export const UserPhotoInfoSchema = z.object({
  photosCount: count,
  albumsCount: count,
  status: ActivationStatusSchema,
});
export type UserPhotoInfo = z.infer<typeof UserPhotoInfoSchema>;

export const ActivationSchema = z.object({ status: ActivationStatusSchema });

export const DeletePhotosBodySchema = z.object({
  photoIds: z.array(PhotoIdSchema).check(z.minLength(1), z.maxLength(PHOTOS_PAGE_SIZE)),
});
export const BulkDeleteResultSchema = z.object({ failed: z.array(z.string()) });
export type BulkDeleteResult = z.infer<typeof BulkDeleteResultSchema>;

export const photosApi = {
  timelineMonth: defineEndpoint({
    service: 'photos',
    method: 'GET',
    path: '/photos/timeline/:year/:month',
    params: z
      .object({
        year: queryInteger(0, 9999),
        month: queryInteger(0, 12),
      })
      .check(
        z.refine((params) => (params.year === UNKNOWN_DATE.year) === (params.month === UNKNOWN_DATE.month), {
          error: 'Month 0 goes with year 0 only: together they are the Unknown Date',
          path: ['month'],
        }),
      ),
    query: TimelineMonthQuerySchema,
    response: PhotoPageSchema,
  }),
  /** Counts per year and month for the chosen sort key; year 0 month 0 is 'Unknown Date'. */
  timeline: defineEndpoint({
    service: 'photos',
    method: 'GET',
    path: '/users/timeline',
    query: z.object({ sortKey: z._default(SortKeySchema, 'dateTaken') }),
    response: z.array(TimelineEntrySchema),
  }),
  userInfo: defineEndpoint({
    service: 'photos',
    method: 'GET',
    path: '/users',
    response: UserPhotoInfoSchema,
  }),
  activation: defineEndpoint({
    service: 'photos',
    method: 'GET',
    path: '/users/activate',
    response: ActivationSchema,
  }),
  activate: defineEndpoint({
    service: 'photos',
    method: 'POST',
    path: '/users/activate',
    response: ActivationSchema,
    successStatus: 202,
  }),
  list: defineEndpoint({
    service: 'photos',
    method: 'GET',
    path: '/photos',
    query: z.object({
      cursor: z.optional(z.string().check(z.maxLength(200))),
      limit: z._default(queryInteger(1, PHOTOS_PAGE_SIZE), PHOTOS_PAGE_SIZE),
      ...sortQuery,
    }),
    response: PhotoPageSchema,
  }),
  get: defineEndpoint({
    service: 'photos',
    method: 'GET',
    path: '/photos/:photoId',
    params: z.object({ photoId: PhotoIdSchema }),
    response: PhotoSchema,
  }),
  deleteMany: defineEndpoint({
    service: 'photos',
    method: 'DELETE',
    path: '/photos',
    body: DeletePhotosBodySchema,
    response: BulkDeleteResultSchema,
  }),
  deleteAll: defineEndpoint({
    service: 'photos',
    method: 'DELETE',
    path: '/photos/all',
    response: ActivationSchema,
    successStatus: 202,
  }),
  retryProcessing: defineEndpoint({
    service: 'photos',
    method: 'POST',
    path: '/photos/:photoId/retry',
    params: z.object({ photoId: PhotoIdSchema }),
    response: PhotoSchema,
  }),
};

/** Push messages on the photo channel (docs/product/states.md, calls.md). The latest message wins by timestamp. */
export const photoEventTypes = [
  'import-started',
  'import-error',
  'import-finished',
  'photo-processed',
  'photo-failed',
  'photos-deleted',
] as const;
export const PhotoEventSchema = z.object({
  id: z.uuid(),
  type: z.enum(photoEventTypes),
  data: z.object({
    payload: z.record(z.string(), z.unknown()),
    timestamp: z.int(),
  }),
});
export type PhotoEvent = z.infer<typeof PhotoEventSchema>;

export type PhotoFileVariant = DerivativeSize | 'original';

/** Where a photo's files are served (to their owner only), below the photo service's base URL. */
export function photoFilePath(photoId: string, variant: PhotoFileVariant): string {
  return `/files/${photoId}/${variant}`;
}

/**
 * The customer's push channel (a WebSocket) below the photo service's base URL: photo events and
 * archive events (docs/product/states.md, calls.md) travel over the same socket.
 */
export const PHOTO_EVENTS_PATH = '/events';

/** The server closes a push connection with this code when its 30 minutes are up (docs/product/states.md). */
export const PUSH_LIFETIME_CLOSE_CODE = 4000;

/**
 * A replica that stops (a deployment, a scale-down) closes its push connections with this code
 * (WebSocket "service restart"): the client opens another at once, which another replica answers.
 */
export const PUSH_RESTART_CLOSE_CODE = 1012;
