import {
  UNKNOWN_DATE,
  type ActivationStatus,
  type BulkDeleteResult,
  type SortKey,
  type SortOrder,
  type TimelineEntry,
  type UserPhotoInfo,
} from '@photo/contracts/photos';
import type { Caller } from '../platform/caller';
import type { Database } from '../platform/database';
import { conflict, invalid, notFound } from '../platform/errors';
import { enqueueJob } from '../platform/job-queue';
import { isUuid } from '../platform/uuid';
import { decodeCursor, encodeCursor } from './photo-cursor';
import {
  createPhotosRepository,
  keysetOf,
  type PhotoRecord,
  type PhotosRepository,
} from './photos.repository';

export const photoJobs = {
  process: 'photo.process',
  deleteFiles: 'photo.delete-files',
  importLibrary: 'library.import',
  deleteAll: 'library.delete-all',
} as const;

export interface RecordPage {
  cursor: string | null;
  photos: PhotoRecord[];
}

/** Blob keys of a photo: the original and its derivatives. */
export function photoBlobKeys(photo: Pick<PhotoRecord, 'ownerId' | 'id' | 'derivatives'>): string[] {
  return [originalKey(photo), ...photo.derivatives.map((derivative) => derivative.key)];
}

export function originalKey(photo: Pick<PhotoRecord, 'ownerId' | 'id'>): string {
  return `photos/${photo.ownerId}/${photo.id}/original`;
}

/** A page of a flat list of photos, from its cursor on. */
export interface FlatPageInput {
  cursor?: string;
  limit: number;
  sortKey: SortKey;
  sortOrder: SortOrder;
}

/** A page of one month's photos (the grid's section), from its cursor on. */
export interface MonthPageInput extends FlatPageInput {
  year: number;
  month: number;
}

/** A page's keyset read from its cursor, one row longer than the page (see `recordPage`). */
export function pageQuery(input: FlatPageInput) {
  return {
    sortKey: input.sortKey,
    sortOrder: input.sortOrder,
    after: decodeCursor(input.cursor, input.sortKey),
    limit: input.limit + 1,
  };
}

/** Pages are read one row long: the extra row only says whether a next page exists. */
export function recordPage(records: PhotoRecord[], limit: number, sortKey: SortKey): RecordPage {
  const photos = records.slice(0, limit);
  return {
    photos,
    cursor: records.length > limit ? encodeCursor(keysetOf(photos[photos.length - 1]!, sortKey)) : null,
  };
}

export function createPhotosService(db: Database, photos: PhotosRepository) {
  return {
    async timeline(caller: Caller, sortKey: SortKey): Promise<TimelineEntry[]> {
      return photos.timeline(caller.customerId, sortKey);
    },

    async listMonth(caller: Caller, input: MonthPageInput): Promise<RecordPage> {
      // Every photo has an upload date: sorted by it, there is no Unknown Date month to list.
      if (input.sortKey === 'created' && input.year === UNKNOWN_DATE.year) {
        throw invalid('params.year', 'params.year: photos sorted by upload date have no Unknown Date (0/0)');
      }
      const records = await photos.listMonth({
        ownerId: caller.customerId,
        year: input.year,
        month: input.month,
        ...pageQuery(input),
      });
      return recordPage(records, input.limit, input.sortKey);
    },

    async listAll(caller: Caller, input: FlatPageInput): Promise<RecordPage> {
      const records = await photos.listAll({
        ownerId: caller.customerId,
        ...pageQuery(input),
      });
      return recordPage(records, input.limit, input.sortKey);
    },

    /** Another customer's photo answers exactly like a photo that does not exist. */
    async getOwned(caller: Caller, photoId: string): Promise<PhotoRecord> {
      const photo = isUuid(photoId) ? await photos.findOwned(caller.customerId, photoId) : undefined;
      if (!photo) throw notFound('Photo not found');
      return photo;
    },

    /**
     * Issue 23: the count is the library the customer has, not how far its import got. Until the library
     * is active the photos the shop holds are theirs too (the storage period deletes them with the rest),
     * so the overview and the 'My photos' tab say 11 from the first visit, not 0 or 8 mid-import.
     */
    async userInfo(caller: Caller): Promise<UserPhotoInfo> {
      const [imported, albumsCount, status] = await Promise.all([
        photos.countPhotos(caller.customerId),
        photos.countAlbums(caller.customerId),
        photos.libraryStatus(caller.customerId),
      ]);
      const waiting =
        status === 'NOT_ACTIVE' || status === 'IMPORTING'
          ? await photos.countHeldNotImported(caller.customerId)
          : 0;
      return { photosCount: imported + waiting, albumsCount, status };
    },

    activationStatus: (caller: Caller): Promise<ActivationStatus> => photos.libraryStatus(caller.customerId),

    /** Starts importing what the shop already holds; calling again while importing or active changes nothing. */
    async activate(caller: Caller): Promise<ActivationStatus> {
      // Read in the transaction: after the commit a worker may already have finished the import.
      return db.transaction(async (tx) => {
        const library = createPhotosRepository(tx);
        const moved = await library.transitionLibrary(caller.customerId, ['NOT_ACTIVE'], 'IMPORTING');
        if (moved) await enqueueJob(tx, photoJobs.importLibrary, { ownerId: caller.customerId });
        return library.libraryStatus(caller.customerId);
      });
    },

    /**
     * Deletes the caller's photos. Idempotent: an id this customer already deleted counts as deleted;
     * an id that never was theirs is reported failed and nothing else is touched. Rows go first, in one
     * transaction with the job that removes their files, so no row ever points at a missing file and no
     * file outlives its row for longer than the job takes.
     */
    async deleteMany(caller: Caller, photoIds: string[]): Promise<BulkDeleteResult> {
      const ids = [...new Set(photoIds)];
      const wellFormed = ids.filter(isUuid);
      const deleted = await db.transaction(async (tx) => {
        const gone = await createPhotosRepository(tx).deleteOwned(caller.customerId, wellFormed);
        const keys = gone.flatMap(photoBlobKeys);
        if (keys.length > 0) await enqueueJob(tx, photoJobs.deleteFiles, { keys });
        return gone;
      });
      const deletedIds = new Set(deleted.map((photo) => photo.id));
      const remaining = wellFormed.filter((id) => !deletedIds.has(id));
      const alreadyDeleted = new Set(await photos.findTombstones(caller.customerId, remaining));
      return { failed: ids.filter((id) => !deletedIds.has(id) && !alreadyDeleted.has(id)) };
    },

    /** Empties the whole library in the background (status DELETING meanwhile). */
    async deleteAll(caller: Caller): Promise<ActivationStatus> {
      const started = await db.transaction(async (tx) => {
        const moved = await createPhotosRepository(tx).transitionLibrary(
          caller.customerId,
          ['ACTIVE', 'NOT_ACTIVE'],
          'DELETING',
        );
        if (moved) await enqueueJob(tx, photoJobs.deleteAll, { ownerId: caller.customerId });
        return moved;
      });
      const status = await photos.libraryStatus(caller.customerId);
      if (!started && status !== 'DELETING')
        throw conflict('The library is being imported; try again when it is done');
      return status;
    },

    /** Puts a photo whose processing failed back in the queue. */
    async retryProcessing(caller: Caller, photoId: string): Promise<PhotoRecord> {
      const photo = await this.getOwned(caller, photoId);
      if (photo.status !== 'failed') return photo;
      await db.transaction(async (tx) => {
        await createPhotosRepository(tx).setStatus(photo.id, 'processing', null);
        await enqueueJob(tx, photoJobs.process, { photoId: photo.id });
      });
      return { ...photo, status: 'processing', failureReason: null };
    },
  };
}

export type PhotosService = ReturnType<typeof createPhotosService>;
