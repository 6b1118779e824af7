import { z } from 'zod/mini';
import { count, email, emailInput, id, isoDateTime } from './common';
import {
  AlbumIdParamsSchema,
  AlbumMonthParamsSchema,
  AlbumMonthQuerySchema,
  AlbumPhotoParamsSchema,
  AlbumPhotosQuerySchema,
  AlbumTimelineQuerySchema,
} from './albums';
import { defineEndpoint } from './endpoint';
import { CursorQuerySchema, PhotoSchema, queryInteger, TimelineEntrySchema } from './photos';

/** docs/product/limits.md: shared albums come 50 a page. */
export const SHARED_ALBUMS_PAGE_SIZE = 50;

/** docs/product/entities.md: a photo of a shared album also names its owner (downloads send it). */
export const SharedAlbumPhotoSchema = z.extend(PhotoSchema, { ownerId: z.string() });
export type SharedAlbumPhoto = z.infer<typeof SharedAlbumPhotoSchema>;

export const SharedAlbumPhotoPageSchema = z.object({
  cursor: z.nullable(z.string()),
  images: z.array(SharedAlbumPhotoSchema),
});

/** docs/product/entities.md: a shared album: the album's details and its owner. */
export const SharedAlbumSchema = z.object({
  albumId: z.string(),
  albumName: z.string(),
  coverPhoto: z.nullable(SharedAlbumPhotoSchema),
  photosCount: count,
  created: isoDateTime,
  updated: isoDateTime,
  ownerId: z.string(),
});
export type SharedAlbum = z.infer<typeof SharedAlbumSchema>;

export const SharedAlbumListSchema = z.object({
  albums: z.array(SharedAlbumSchema),
  cursor: z.nullable(z.string()),
});

/** docs/product/entities.md: shared-album counts: albums shared with the caller, and the caller's albums shared with others. */
export const SharedAlbumCountsSchema = z.object({
  readAlbumsCount: count,
  grantedAlbumsCount: count,
  created: z.optional(isoDateTime),
  updated: z.optional(isoDateTime),
});
export type SharedAlbumCounts = z.infer<typeof SharedAlbumCountsSchema>;

/**
 * docs/product/validation.md: a participant's e-mail must be valid. `id` is the invitation's own id (an address without
 * an account has no other), `joined` whether an account holds that address yet.
 */
export const ParticipantSchema = z.object({ id: z.string(), email, joined: z.boolean() });
export const AlbumOwnerSchema = z.object({ id: z.string(), email });

/** The owner sees every participant; a participant sees the owner and no other participant. */
export const ParticipantsSchema = z.object({
  owner: AlbumOwnerSchema,
  participants: z.array(ParticipantSchema),
});
export type Participants = z.infer<typeof ParticipantsSchema>;

export const MAX_PARTICIPANTS = 50;

export const shareApi = {
  list: defineEndpoint({
    service: 'share',
    method: 'GET',
    path: '/shared-albums',
    query: z.object({
      cursor: CursorQuerySchema,
      limit: z._default(queryInteger(1, SHARED_ALBUMS_PAGE_SIZE), SHARED_ALBUMS_PAGE_SIZE),
    }),
    response: SharedAlbumListSchema,
  }),
  counts: defineEndpoint({
    service: 'share',
    method: 'GET',
    path: '/users',
    response: SharedAlbumCountsSchema,
  }),
  get: defineEndpoint({
    service: 'share',
    method: 'GET',
    path: '/shared-albums/:albumId',
    params: AlbumIdParamsSchema,
    response: SharedAlbumSchema,
  }),
  participants: defineEndpoint({
    service: 'share',
    method: 'GET',
    path: '/shared-albums/:albumId/participants',
    params: AlbumIdParamsSchema,
    response: ParticipantsSchema,
  }),
  /** The owner shares the album with one more address (an address without an account waits for it). */
  invite: defineEndpoint({
    service: 'share',
    method: 'POST',
    path: '/shared-albums/:albumId/participants',
    params: AlbumIdParamsSchema,
    body: z.object({ email: emailInput }),
    response: ParticipantsSchema,
    successStatus: 201,
  }),
  /** The owner takes one participant off; their access ends with this call. */
  removeParticipant: defineEndpoint({
    service: 'share',
    method: 'DELETE',
    path: '/shared-albums/:albumId/participants/:participantId',
    params: z.extend(AlbumIdParamsSchema, {
      participantId: id,
    }),
    response: z.void(),
    successStatus: 204,
  }),
  photos: defineEndpoint({
    service: 'share',
    method: 'GET',
    path: '/shared-albums/:albumId/photos',
    params: AlbumIdParamsSchema,
    query: AlbumPhotosQuerySchema,
    response: SharedAlbumPhotoPageSchema,
  }),
  /** The owner stops sharing (the album stays theirs); a participant leaves it. */
  remove: defineEndpoint({
    service: 'share',
    method: 'DELETE',
    path: '/shared-albums/:albumId',
    params: AlbumIdParamsSchema,
    response: z.void(),
    successStatus: 204,
  }),
  timeline: defineEndpoint({
    service: 'share',
    method: 'GET',
    path: '/shared-albums/:albumId/timeline',
    params: AlbumIdParamsSchema,
    query: AlbumTimelineQuerySchema,
    response: z.array(TimelineEntrySchema),
  }),
  timelineMonth: defineEndpoint({
    service: 'share',
    method: 'GET',
    path: '/shared-albums/:albumId/photos/timeline/:year/:month',
    params: AlbumMonthParamsSchema,
    query: AlbumMonthQuerySchema,
    response: SharedAlbumPhotoPageSchema,
  }),
  photo: defineEndpoint({
    service: 'share',
    method: 'GET',
    path: '/shared-albums/:albumId/photos/:photoId',
    params: AlbumPhotoParamsSchema,
    response: SharedAlbumPhotoSchema,
  }),
};

/**
 * Where a shared album's photo files are served, below the share service's base URL: to the album's
 * owner and its participants, and only for photos in that album.
 */
export function sharedPhotoFilesBase(albumId: string): string {
  return `/shared-albums/${encodeURIComponent(albumId)}`;
}
