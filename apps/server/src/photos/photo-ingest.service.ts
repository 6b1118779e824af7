import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { cleanDisplayName } from '@photo/contracts/text';
import { MAX_UPLOAD_MEGABYTES } from '@photo/contracts/upload';
import type { UsageLimits } from '../config';
import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import { storageQuotaExceeded } from '../platform/errors';
import { enqueueJob, releaseJob } from '../platform/job-queue';
import { rateLimitExceeded, rateLimits } from '../platform/rate-limits';
import type { RateWindows } from '../platform/rate-windows';
import { uuidv7 } from '../platform/uuid';
import { DEFAULT_MAX_PIXELS } from './processing/derivatives';
import { readPhotoMetadata } from './processing/photo-metadata';
import { ImageTooLargeError } from './processing/processing-errors';
import { createPhotosRepository, type PhotoRecord } from './photos.repository';
import { originalKey, photoJobs } from './photos.service';

/** Spec-level size limit of one upload: larger files are refused with a clear message. */
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MEGABYTES * 1024 * 1024;
/** As long as file systems allow a name to be. */
export const MAX_FILE_NAME_LENGTH = 255;
const ORIGINAL_WAIT_MS = 60_000;

export interface IngestInput {
  ownerId: string;
  uploadId: string;
  fileName: string;
  /** The file to take in. It is read in part and streamed, never whole into memory. */
  filePath: string;
  /** An upload counts against the customer's storage quota; an import brings in what the shop already holds. */
  source: 'upload' | 'import';
}

export interface IngestResult {
  photo: PhotoRecord;
  /** True when the same bytes were already in the library: a success that stored nothing new. */
  duplicate: boolean;
}

const GIB = 1024 ** 3;
const formatGigabytes = (bytes: number) => String(Math.round((bytes / GIB) * 10) / 10);

async function sha256OfFile(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(filePath), hash);
  return hash.digest('hex');
}

/**
 * Takes a file into a customer's library, from an upload or from what the shop already holds.
 * The header is read at once (type, size, date: the photo lands in the right month immediately);
 * decoding and derivatives run as a durable job. The file is hashed and stored as a stream, so memory
 * does not grow with its size.
 */
export function createPhotoIngestService(
  db: Database,
  blobs: BlobStore,
  usage: { rateWindows: RateWindows; limits: UsageLimits },
) {
  const quotaMessage = () =>
    `Your photo storage is full: at most ${formatGigabytes(usage.limits.photoStorageQuotaBytes)} GB of photos can be kept. Delete photos to make room.`;

  return {
    /**
     * Lets a new upload start, or refuses it before a byte is sent: a storage quota the upload would
     * overrun, or too many files started this hour (each costs a hash, a decode and storage).
     */
    async admitUpload(ownerId: string, declaredBytes: number | undefined): Promise<void> {
      const used = await createPhotosRepository(db).storageUsed(ownerId);
      if (used + (declaredBytes ?? 0) > usage.limits.photoStorageQuotaBytes) {
        throw storageQuotaExceeded(quotaMessage());
      }
      const limit = rateLimits.photoUploads;
      const { count } = await usage.rateWindows.hit(`uploads:${ownerId}`, limit.windowSeconds);
      if (count > usage.limits.uploadFilesPerHour) {
        throw rateLimitExceeded(
          limit,
          `At most ${usage.limits.uploadFilesPerHour} files can be uploaded per hour. Please try again later.`,
        );
      }
    },

    async ingest(input: IngestInput): Promise<IngestResult> {
      const metadata = await readPhotoMetadata(input.filePath);
      const pixels = metadata.width * metadata.height;
      if (pixels > DEFAULT_MAX_PIXELS) throw new ImageTooLargeError(pixels, DEFAULT_MAX_PIXELS);
      const { size } = await stat(input.filePath);
      const contentHash = await sha256OfFile(input.filePath);

      const { record, created, jobId } = await db.transaction(async (tx) => {
        const photos = createPhotosRepository(tx);
        if (input.source === 'upload') {
          // Locked, so parallel uploads of one customer cannot each slip under the quota.
          const used = await photos.lockStorageUsed(input.ownerId);
          // A duplicate stores nothing new, so it succeeds even on a full library.
          if (
            used + size > usage.limits.photoStorageQuotaBytes &&
            !(await photos.findByContent(input.ownerId, contentHash))
          ) {
            throw storageQuotaExceeded(quotaMessage());
          }
        }
        const inserted = await photos.insert({
          id: uuidv7(),
          ownerId: input.ownerId,
          uploadId: input.uploadId,
          localFileName: cleanDisplayName(input.fileName, MAX_FILE_NAME_LENGTH) || 'photo',
          contentHash,
          mimeType: metadata.mimeType,
          byteSize: size,
          width: metadata.width,
          height: metadata.height,
          visibleWidth: metadata.visibleWidth,
          visibleHeight: metadata.visibleHeight,
          orientation: metadata.orientation,
          takenLocal: metadata.dateTaken,
          takenOffset: metadata.dateTakenOffset,
        });
        // The job is held back until the original is stored; should this process die first, the job
        // still runs after the safety delay, finds no original and removes the row: nothing orphaned.
        const job = inserted.created
          ? await enqueueJob(
              tx,
              photoJobs.process,
              { photoId: inserted.record.id },
              { delayMs: ORIGINAL_WAIT_MS },
            )
          : undefined;
        return { ...inserted, jobId: job };
      });
      if (created && jobId) {
        try {
          await blobs.put(originalKey(record), createReadStream(input.filePath), metadata.mimeType);
        } catch (error) {
          await createPhotosRepository(db).deleteOwned(record.ownerId, [record.id]);
          throw error;
        }
        await releaseJob(db, jobId);
      }
      return { photo: record, duplicate: !created };
    },
  };
}

export type PhotoIngestService = ReturnType<typeof createPhotoIngestService>;
