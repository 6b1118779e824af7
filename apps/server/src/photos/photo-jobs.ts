import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import { enqueueJob, PermanentJobError, type Job, type JobHandler } from '../platform/job-queue';
import type { PhotoEventBus } from './photo-events';
import type { PhotoIngestService } from './photo-ingest.service';
import type { CaptureDateReader } from './processing/exiftool-dates';
import { processPhoto } from './processing/process-photo';
import { PhotoProcessingError } from './processing/processing-errors';
import { createPhotosRepository, type DerivativeRecord } from './photos.repository';
import { originalKey, photoBlobKeys, photoJobs } from './photos.service';

const DELETE_BATCH = 500;

interface PhotoJobDependencies {
  db: Database;
  blobs: BlobStore;
  events: PhotoEventBus;
  ingest: PhotoIngestService;
  logger: FastifyBaseLogger;
  /** The thorough date reader, for photos whose header gave no date. */
  dates: CaptureDateReader;
}

/** The background work of the photo library; each handler may run again after a crash. */
export function createPhotoJobHandlers(deps: PhotoJobDependencies): Record<string, JobHandler> {
  const { db, blobs, events } = deps;
  const photos = createPhotosRepository(db);

  const removeWithFiles = async (ownerId: string, ids: string[]) => {
    await db.transaction(async (tx) => {
      const gone = await createPhotosRepository(tx).deleteOwned(ownerId, ids);
      const keys = gone.flatMap(photoBlobKeys);
      if (keys.length > 0) await enqueueJob(tx, photoJobs.deleteFiles, { keys });
    });
  };

  const processOne = async (job: Job) => {
    const { photoId } = job.payload as { photoId: string };
    const photo = await photos.findById(photoId);
    if (!photo) return;
    const stored = await blobs.stat(originalKey(photo));
    if (!stored) {
      // Its upload never completed (the process stopped between the row and the file).
      await removeWithFiles(photo.ownerId, [photo.id]);
      await events.publish(photo.ownerId, 'photo-failed', {
        photoId: photo.id,
        uploadId: photo.uploadId,
        fileName: photo.localFileName,
        code: 'upload_incomplete',
      });
      throw new PermanentJobError('The original was never stored');
    }
    try {
      // From a file, the decoder reads what it needs (a JPEG shrinks on load) instead of the whole original.
      const { processed, found } = await blobs.withLocalFile(originalKey(photo), async (filePath) => ({
        processed: await processPhoto(filePath),
        // Older cameras keep the date only in maker notes or IPTC, which the header reader skips.
        found: photo.takenLocal ? null : await deps.dates.read(filePath),
      }));
      const derivatives: DerivativeRecord[] = [];
      for (const derivative of processed.derivatives) {
        const extension = derivative.mimeType === 'image/webp' ? 'webp' : 'jpg';
        const key = `photos/${photo.ownerId}/${photo.id}/${derivative.size}.${extension}`;
        await blobs.put(key, derivative.data, derivative.mimeType);
        derivatives.push({
          size: derivative.size,
          width: derivative.width,
          height: derivative.height,
          key,
          mimeType: derivative.mimeType,
        });
      }
      derivatives.sort((a, b) => a.size - b.size);
      if (found) await photos.setTakenDate(photo.id, found.local, found.offset);
      await photos.markReady(photo.id, processed.placeholder, derivatives);
      await events.publish(photo.ownerId, 'photo-processed', { photoId: photo.id, uploadId: photo.uploadId });
    } catch (error) {
      if (error instanceof PhotoProcessingError) {
        // Bad input (a damaged stream shows only when decoding): the photo is refused, not kept broken.
        await removeWithFiles(photo.ownerId, [photo.id]);
        await events.publish(photo.ownerId, 'photo-failed', {
          photoId: photo.id,
          uploadId: photo.uploadId,
          fileName: photo.localFileName,
          code: error.code,
        });
        throw new PermanentJobError(error.message);
      }
      if (job.attempts >= job.maxAttempts) {
        await photos.setStatus(
          photo.id,
          'failed',
          error instanceof Error ? error.message : 'processing failed',
        );
        await events.publish(photo.ownerId, 'photo-failed', {
          photoId: photo.id,
          uploadId: photo.uploadId,
          code: 'processing_failed',
        });
      }
      throw error;
    }
  };

  return {
    [photoJobs.process]: processOne,

    [photoJobs.deleteFiles]: async (job) => {
      const { keys } = job.payload as { keys: string[] };
      for (const key of keys) await blobs.delete(key);
    },

    [photoJobs.importLibrary]: async (job) => {
      const { ownerId } = job.payload as { ownerId: string };
      await events.publish(ownerId, 'import-started', {});
      try {
        for (const held of await photos.shopHeldPhotos(ownerId)) {
          await blobs
            .withLocalFile(held.blobKey, (filePath) =>
              deps.ingest.ingest({
                ownerId,
                uploadId: `import-${held.id}`,
                fileName: held.fileName,
                filePath,
                source: 'import',
              }),
            )
            .catch((error: unknown) => {
              // One unreadable file must not keep the rest of the library out.
              if (!(error instanceof PhotoProcessingError)) throw error;
              deps.logger.warn({ ownerId, heldPhotoId: held.id, err: error }, 'skipped a shop-held photo');
            });
        }
      } catch (error) {
        if (job.attempts >= job.maxAttempts) {
          await photos.transitionLibrary(ownerId, ['IMPORTING'], 'NOT_ACTIVE');
          await events.publish(ownerId, 'import-error', {});
        }
        throw error;
      }
      await photos.transitionLibrary(ownerId, ['IMPORTING'], 'ACTIVE');
      await events.publish(ownerId, 'import-finished', {});
    },

    [photoJobs.deleteAll]: async (job) => {
      const { ownerId } = job.payload as { ownerId: string };
      for (;;) {
        const ids = await photos.oldestIds(ownerId, DELETE_BATCH);
        if (ids.length === 0) break;
        await removeWithFiles(ownerId, ids);
      }
      await photos.transitionLibrary(ownerId, ['DELETING'], 'ACTIVE');
      await events.publish(ownerId, 'photos-deleted', { all: true });
    },
  };
}
