import { MAX_UPLOAD_MEGABYTES } from '@photo/contracts/upload';
import { createHash } from 'node:crypto';
import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import { enqueueJob, releaseJob } from '../platform/job-queue';
import { uuidv7 } from '../platform/uuid';
import { DEFAULT_MAX_PIXELS } from './processing/derivatives';
import { readPhotoMetadata } from './processing/photo-metadata';
import { ImageTooLargeError } from './processing/processing-errors';
import { createPhotosRepository, type PhotoRecord } from './photos.repository';
import { originalKey, photoJobs } from './photos.service';

/** Spec-level size limit of one upload: larger files are refused with a clear message. */
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MEGABYTES * 1024 * 1024;
const ORIGINAL_WAIT_MS = 60_000;

export interface IngestInput {
  ownerId: string;
  uploadId: string;
  fileName: string;
  bytes: Buffer;
}

export interface IngestResult {
  photo: PhotoRecord;
  /** True when the same bytes were already in the library: a success that stored nothing new. */
  duplicate: boolean;
}

/**
 * Takes a file into a customer's library, from an upload or from what the shop already holds.
 * The header is read at once (type, size, date: the photo lands in the right month immediately);
 * decoding and derivatives run as a durable job.
 */
export function createPhotoIngestService(db: Database, blobs: BlobStore) {
  return {
    async ingest(input: IngestInput): Promise<IngestResult> {
      const metadata = await readPhotoMetadata(input.bytes);
      const pixels = metadata.width * metadata.height;
      if (pixels > DEFAULT_MAX_PIXELS) throw new ImageTooLargeError(pixels, DEFAULT_MAX_PIXELS);
      const contentHash = createHash('sha256').update(input.bytes).digest('hex');

      const { record, created, jobId } = await db.transaction(async (tx) => {
        const inserted = await createPhotosRepository(tx).insert({
          id: uuidv7(),
          ownerId: input.ownerId,
          uploadId: input.uploadId,
          localFileName: input.fileName.slice(0, 255),
          contentHash,
          mimeType: metadata.mimeType,
          byteSize: input.bytes.length,
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
          await blobs.put(originalKey(record), input.bytes, metadata.mimeType);
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
