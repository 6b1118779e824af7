import { albumNameProblem } from '@photo/contracts/albums';
import type { BulkDeleteResult, SortKey, SortOrder, TimelineEntry } from '@photo/contracts/photos';
import { cleanLine } from '@photo/contracts/text';
import type { Caller } from '../platform/caller';
import { invalid, notFound } from '../platform/errors';
import { isUuid, uuidv7 } from '../platform/uuid';
import { decodeCursor, encodeCursor } from './photo-cursor';
import type { AlbumRecord, AlbumsRepository } from './albums.repository';
import type { PhotoRecord } from './photos.repository';
import {
  pageQuery,
  recordPage,
  type FlatPageInput,
  type MonthPageInput,
  type RecordPage,
} from './photos.service';

export interface AlbumPage {
  albums: AlbumRecord[];
  cursor: string | null;
}

/**
 * The photos of one album, whoever reads them (its owner here, a participant through the share
 * service): the grid's month index and sections, the flat list, one photo.
 */
export function albumPhotoReader(albums: AlbumsRepository) {
  return {
    timeline: (albumId: string, sortKey: SortKey, sortOrder: SortOrder): Promise<TimelineEntry[]> =>
      albums.timeline(albumId, sortKey, sortOrder),

    async listMonth(albumId: string, input: MonthPageInput): Promise<RecordPage> {
      const records = await albums.listMonth({
        scopeId: albumId,
        year: input.year,
        month: input.month,
        ...pageQuery(input),
      });
      return recordPage(records, input.limit, input.sortKey);
    },

    async listAll(albumId: string, input: FlatPageInput): Promise<RecordPage> {
      const records = await albums.listAll({
        scopeId: albumId,
        ...pageQuery(input),
      });
      return recordPage(records, input.limit, input.sortKey);
    },

    async photo(albumId: string, photoId: string): Promise<PhotoRecord> {
      const photo = isUuid(photoId) ? await albums.findPhoto(albumId, photoId) : undefined;
      if (!photo) throw notFound('Photo not found');
      return photo;
    },
  };
}

/**
 * An album's photos for a caller: every call first asks `mayRead` (the owner's check for an own
 * album, the owner-or-participant check for a shared one), which throws where the caller may not.
 */
export function guardedAlbumPhotos(
  reader: AlbumPhotoReader,
  mayRead: (caller: Caller, albumId: string) => Promise<unknown>,
) {
  return {
    async timeline(
      caller: Caller,
      albumId: string,
      sortKey: SortKey,
      sortOrder: SortOrder,
    ): Promise<TimelineEntry[]> {
      await mayRead(caller, albumId);
      return reader.timeline(albumId, sortKey, sortOrder);
    },

    async listMonth(caller: Caller, albumId: string, input: MonthPageInput): Promise<RecordPage> {
      await mayRead(caller, albumId);
      return reader.listMonth(albumId, input);
    },

    async listAll(caller: Caller, albumId: string, input: FlatPageInput): Promise<RecordPage> {
      await mayRead(caller, albumId);
      return reader.listAll(albumId, input);
    },

    /** A photo of the album (and its files): only while the caller may read the album. */
    async photo(caller: Caller, albumId: string, photoId: string): Promise<PhotoRecord> {
      await mayRead(caller, albumId);
      return reader.photo(albumId, photoId);
    },
  };
}

/**
 * Own albums (docs/product/albums.md, calls.md). Every call is scoped to the caller: another customer's album answers like
 * one that does not exist, and only the caller's own photos go in. Deleting an album never deletes a
 * photo; a photo deleted from the library leaves its albums by the foreign key.
 */
export function createAlbumsService(albums: AlbumsRepository) {
  const reader = albumPhotoReader(albums);

  /**
   * The name as stored: cleaned by the one text rule (decision 118), then docs/product/validation.md's album-name rule on
   * what is left, so a name of invisible characters only is refused like an empty one.
   */
  const albumName = (name: string): string => {
    const cleaned = cleanLine(name);
    const problem = albumNameProblem(cleaned);
    if (problem === 'required') throw invalid('body.name', 'body.name: Please give your album a name');
    if (problem) throw invalid('body.name', 'body.name: Name not valid');
    return cleaned;
  };

  const owned = async (caller: Caller, albumId: string): Promise<AlbumRecord> => {
    const album = isUuid(albumId) ? await albums.findOwned(caller.customerId, albumId) : undefined;
    if (!album) throw notFound('Album not found');
    return album;
  };
  /** The cheap check before reading or changing an album's photos. */
  const ensureOwned = async (caller: Caller, albumId: string): Promise<void> => {
    if (!isUuid(albumId) || !(await albums.isOwned(caller.customerId, albumId))) {
      throw notFound('Album not found');
    }
  };

  return {
    get: owned,

    async create(caller: Caller, name: string): Promise<AlbumRecord> {
      return albums.insert({ id: uuidv7(), ownerId: caller.customerId, name: albumName(name) });
    },

    async list(
      caller: Caller,
      input: { cursor?: string; limit: number; displaySharedData: boolean },
    ): Promise<AlbumPage> {
      const records = await albums.list({
        ownerId: caller.customerId,
        // Albums are listed by creation time, an upload-time-like timestamp.
        after: decodeCursor(input.cursor, 'created'),
        limit: input.limit + 1,
        withShared: input.displaySharedData,
      });
      const page = records.slice(0, input.limit);
      const last = page[page.length - 1];
      return {
        albums: page,
        cursor:
          records.length > input.limit && last ? encodeCursor({ value: last.createdAt, id: last.id }) : null,
      };
    },

    async update(
      caller: Caller,
      albumId: string,
      changes: { name?: string; coverPhotoId?: string | null },
    ): Promise<AlbumRecord> {
      await ensureOwned(caller, albumId);
      if (changes.name !== undefined)
        await albums.rename(caller.customerId, albumId, albumName(changes.name));
      if (changes.coverPhotoId !== undefined) {
        const cover = changes.coverPhotoId;
        if (cover !== null && !isUuid(cover))
          throw invalid('body.coverPhotoId', 'The photo is not in this album');
        if (!(await albums.setCover(caller.customerId, albumId, cover))) {
          throw invalid('body.coverPhotoId', 'The photo is not in this album');
        }
      }
      return owned(caller, albumId);
    },

    async remove(caller: Caller, albumId: string): Promise<void> {
      if (!isUuid(albumId) || !(await albums.delete(caller.customerId, albumId))) {
        throw notFound('Album not found');
      }
    },

    /**
     * Idempotent: a photo already in the album stays once. An id that is not a photo of the caller's
     * library (another customer's, a deleted one, a malformed one) is reported failed; the rest go in.
     */
    async addPhotos(caller: Caller, albumId: string, photoIds: string[]): Promise<BulkDeleteResult> {
      await ensureOwned(caller, albumId);
      const ids = [...new Set(photoIds)];
      const mine = new Set(await albums.addPhotos(caller.customerId, albumId, ids.filter(isUuid)));
      return { failed: ids.filter((id) => !mine.has(id)) };
    },

    /** Idempotent: afterwards none of the photos is in the album; a photo that was not counts as removed. */
    async removePhotos(caller: Caller, albumId: string, photoIds: string[]): Promise<BulkDeleteResult> {
      await ensureOwned(caller, albumId);
      const ids = [...new Set(photoIds)];
      await albums.removePhotos(albumId, ids.filter(isUuid));
      return { failed: ids.filter((id) => !isUuid(id)) };
    },

    ...guardedAlbumPhotos(reader, ensureOwned),
  };
}

export type AlbumsService = ReturnType<typeof createAlbumsService>;
export type AlbumPhotoReader = ReturnType<typeof albumPhotoReader>;
