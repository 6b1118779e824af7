import { ARCHIVE_LIFETIME_DAYS } from '@photo/contracts/downloads';
import type { PhotoRecord, PhotosRepository } from '../photos/photos.repository';
import { originalKey } from '../photos/photos.service';
import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import { enqueueJob, PermanentJobError, type BackgroundWork, type Job } from '../platform/job-queue';
import { writeZip } from '../platform/zip-writer';
import type { ArchiveEvents } from './archive-events';
import { baseEntryName, uniqueEntryNames } from './archive-names';
import { skippedNote } from './archive-notes';
import {
  createDownloadsRepository,
  type ArchiveSourceKind,
  type DownloadRecord,
  type DownloadsRepository,
} from './downloads.repository';
import {
  ARCHIVE_CONTENT_TYPE,
  archiveKey,
  archivePrefix,
  downloadJobs,
  type SharedAlbumReader,
} from './downloads.service';

/** Where an archive's photos come from: the library, or a shared album (which checks membership). */
export interface ArchiveSource {
  /** The download's photos as they are now, in the order asked for; undefined for one that is gone. */
  resolve(download: DownloadRecord): Promise<Array<PhotoRecord | undefined>>;
  /** Further files the archive holds besides the photos (the account's data of 'Download my data'). */
  files?(download: DownloadRecord): Promise<Array<{ name: string; body: Buffer }>>;
}

export function libraryArchiveSource(photos: PhotosRepository): ArchiveSource {
  return {
    async resolve(download) {
      const found = await photos.findOwnedMany(
        download.ownerId,
        download.photos.map((photo) => photo.photoId),
      );
      const byId = new Map(found.map((photo) => [photo.id, photo]));
      return download.photos.map((photo) => byId.get(photo.photoId));
    },
  };
}

/**
 * The photos of a shared album, read at build time: one taken out of the album meanwhile, or every
 * one if the customer no longer shares in it, is left out and named in the archive's note.
 */
export function sharedAlbumArchiveSource(reader: SharedAlbumReader): ArchiveSource {
  return {
    async resolve(download) {
      const albumId = download.albumId;
      if (!albumId || !(await reader.mayRead(download.ownerId, albumId))) {
        return download.photos.map(() => undefined);
      }
      const found = await reader.photosIn(
        albumId,
        download.photos.map((photo) => photo.photoId),
      );
      const byId = new Map(found.map((photo) => [photo.id, photo]));
      return download.photos.map((photo) => byId.get(photo.photoId));
    },
  };
}

export interface ArchiveWorkDependencies {
  db: Database;
  blobs: BlobStore;
  events: ArchiveEvents;
  sources: Partial<Record<ArchiveSourceKind, ArchiveSource>>;
}

/** Expired archives are looked for this often; the downloads page shows them 'expired' meanwhile. */
const EXPIRY_EVERY_SECONDS = 15 * 60;
const EXPIRY_BATCH = 500;

/**
 * ZIP times are the wall-clock time of the place they are opened: a photo's entry carries the local
 * time it was taken (a date-time without zone is read as local time), an undated one its upload.
 */
const entryTime = (photo: PhotoRecord) => new Date(photo.takenLocal ?? photo.uploadedAt);

/**
 * Streams the originals into a stored (not deflated: photos do not compress) ZIP, one entry at a
 * time. Resolves to the archive's size once the store holds all of it.
 */
async function writeArchive(blobs: BlobStore, source: ArchiveSource, download: DownloadRecord, key: string) {
  const resolved = await source.resolve(download);
  const included: Array<{ photo: PhotoRecord; size: number }> = [];
  const skipped: string[] = [];
  for (const [index, requested] of download.photos.entries()) {
    const photo = resolved[index];
    const stored = photo && (await blobs.stat(originalKey(photo)));
    if (photo && stored) included.push({ photo, size: stored.size });
    else skipped.push(requested.fileName);
  }
  const note = skipped.length > 0 ? skippedNote(download.locale, skipped) : undefined;
  const files = (await source.files?.(download)) ?? [];
  const names = uniqueEntryNames([
    ...included.map(({ photo }) => baseEntryName(photo)),
    ...(note ? [note.fileName] : []),
    ...files.map((file) => file.name),
  ]);

  const firstFile = included.length + (note ? 1 : 0);
  // A photo that cannot be read ends the whole archive (the attempt fails and is retried) rather
  // than leaving a gap in a file that would then be offered.
  const zip = writeZip([
    ...included.map(({ photo, size }, index) => ({
      name: names[index]!,
      size,
      mtime: entryTime(photo),
      open: () => blobs.read(originalKey(photo)),
    })),
    ...(note ? [{ name: names[included.length]!, body: note.body, compress: false }] : []),
    ...files.map((file, index) => ({ name: names[firstFile + index]!, body: file.body, compress: false })),
  ]);
  await blobs.put(key, zip.stream, ARCHIVE_CONTENT_TYPE);
  const [expected, written] = await Promise.all([zip.size, blobs.stat(key)]);
  if (!written || written.size !== expected) {
    throw new Error(`The archive has ${written?.size ?? 0} bytes instead of ${expected}`);
  }
  return expected;
}

/**
 * The archive jobs: building one, and the schedule that removes expired ones with their files. A
 * build may run again after a crash (the lease returns it): it starts from an empty folder, writes
 * the file whole or not at all (the folder store renames a finished file into place, S3 completes
 * the multipart upload at once), and only then marks the row ready, so half a file is never offered.
 */
export function createArchiveWork(deps: ArchiveWorkDependencies): BackgroundWork {
  const { db, blobs, events } = deps;
  const downloads: DownloadsRepository = createDownloadsRepository(db);

  const build = async (job: Job) => {
    const { ownerId, downloadId } = job.payload as { ownerId: string; downloadId: string };
    const download = await downloads.find(ownerId, downloadId);
    if (!download || download.state !== 'preparing') return;
    const prefix = archivePrefix(ownerId, downloadId);
    const key = archiveKey(ownerId, downloadId);
    await events.publish(ownerId, downloadId, 'archive-generation-started');
    try {
      const source = deps.sources[download.source];
      if (!source) throw new PermanentJobError(`No archive source for ${download.source}`);
      // What an attempt that a crash cut short left behind.
      await blobs.deletePrefix(prefix);
      const byteSize = await writeArchive(blobs, source, download, key);
      const ready = await downloads.markReady(
        ownerId,
        downloadId,
        { blobKey: key, byteSize },
        ARCHIVE_LIFETIME_DAYS,
      );
      if (!ready) {
        // Removed meanwhile (expired, account closed): its file must not outlive it. A row another
        // attempt already marked ready keeps the file, which holds the same bytes.
        if ((await downloads.find(ownerId, downloadId))?.state !== 'ready') await blobs.deletePrefix(prefix);
        return;
      }
      await events.publish(ownerId, downloadId, 'archive-generation-finished');
    } catch (error) {
      await blobs.deletePrefix(prefix).catch(() => undefined);
      if (error instanceof PermanentJobError || job.attempts >= job.maxAttempts) {
        await downloads.markFailed(ownerId, downloadId);
        await events.publish(ownerId, downloadId, 'archive-generation-error');
      }
      throw error;
    }
  };

  return {
    handlers: {
      [downloadJobs.build]: build,

      // Rows go first, with the job that removes their files in the same transaction: no row ever
      // points at a missing file, and no file outlives its row for longer than the job takes.
      [downloadJobs.expire]: async () => {
        for (;;) {
          const removed = await db.transaction(async (tx) => {
            const gone = await createDownloadsRepository(tx).deleteExpired(EXPIRY_BATCH);
            if (gone.length > 0) {
              await enqueueJob(tx, downloadJobs.deleteFiles, {
                prefixes: gone.map((download) => archivePrefix(download.ownerId, download.id)),
              });
            }
            return gone.length;
          });
          if (removed < EXPIRY_BATCH) break;
        }
      },

      [downloadJobs.deleteFiles]: async (job) => {
        const { prefixes } = job.payload as { prefixes: string[] };
        for (const prefix of prefixes) await blobs.deletePrefix(prefix);
      },
    },
    schedules: [{ name: downloadJobs.expire, kind: downloadJobs.expire, everySeconds: EXPIRY_EVERY_SECONDS }],
  };
}
