import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { ZipFile } from 'yazl';
import { ARCHIVE_LIFETIME_DAYS } from '@photo/contracts/downloads';
import type { PhotoRecord, PhotosRepository } from '../photos/photos.repository';
import { originalKey } from '../photos/photos.service';
import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import { enqueueJob, PermanentJobError, type BackgroundWork, type Job } from '../platform/job-queue';
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

// yazl computes each entry's CRC-32 with buffer-crc32, pure JavaScript at about 190 MB/s here: slower
// than the disk, it held archives to a quarter of a plain copy's speed (bench/README.md). Node's own
// zlib.crc32 gives the same value natively at over 2 GB/s. yazl calls the function through the module
// object it required, so replacing it there makes yazl use the native one.
const yazlRequire = createRequire(createRequire(import.meta.url).resolve('yazl'));
const bufferCrc32 = yazlRequire('buffer-crc32') as { unsigned: (data: Buffer, previous?: number) => number };
bufferCrc32.unsigned = (data, previous = 0) => crc32(data, previous);

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
 * time, so memory does not grow with the archive; yazl writes ZIP64 where sizes need it. Resolves to
 * the archive's size once the store holds all of it.
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

  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const opened = new Set<Readable>();
  // A photo that cannot be read ends the whole archive (the attempt fails and is retried) rather
  // than leaving a gap in a file that would then be offered.
  const fail = (error: Error) => {
    output.destroy(error);
    for (const stream of opened) stream.destroy();
  };
  zip.on('error', fail);
  included.forEach(({ photo, size }, index) => {
    zip.addReadStreamLazy(
      names[index]!,
      { compress: false, size, mtime: entryTime(photo), forceDosTimestamp: true },
      (callback) => {
        blobs.read(originalKey(photo)).then((stream) => {
          opened.add(stream);
          stream.on('error', fail).on('close', () => opened.delete(stream));
          callback(null, stream);
        }, fail);
      },
    );
  });
  if (note) zip.addBuffer(note.body, names[included.length]!, { compress: false, forceDosTimestamp: true });
  const firstFile = included.length + (note ? 1 : 0);
  files.forEach((file, index) =>
    zip.addBuffer(file.body, names[firstFile + index]!, { compress: false, forceDosTimestamp: true }),
  );
  // With every entry stored and its size given, yazl knows the archive's final size before writing it.
  // (@types/yazl leaves out the size its callback receives.)
  const expectedSize = new Promise<number>((resolve) =>
    zip.end({ forceZip64Format: false, comment: '' }, resolve as () => void),
  );
  await blobs.put(key, output, ARCHIVE_CONTENT_TYPE);
  const [expected, written] = await Promise.all([expectedSize, blobs.stat(key)]);
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
