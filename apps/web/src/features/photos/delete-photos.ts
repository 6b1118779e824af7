import { photosApi } from '@photo/contracts/photos';
import type { Request } from '../../shared/api/request';

/** Spec 9: deletes go in chunks and are retried; the server deletes idempotently, so a retry is safe. */
export const DELETE_CHUNK_SIZE = 100;
export const DELETE_MAX_RETRIES = 3;

/** Spec 8 texts of the two ways a bulk delete fails (reported, then shown as the modal's error). */
export class PhotoDeleteError extends Error {
  constructor(readonly reason: 'failed' | 'retries-exhausted') {
    super(reason === 'failed' ? 'Failed to delete photo!' : 'Exceeded maximum amount of retries!');
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Deletes photos chunk by chunk. A chunk whose call fails is sent again (up to the retry count, with
 * a growing pause); any id the server reports as failed fails the whole operation. Resolves with the
 * ids that are gone, so the grid can drop them even when a later chunk fails.
 */
export async function deletePhotos(
  request: Request,
  photoIds: readonly string[],
  onProgress?: (deleted: readonly string[]) => void,
  retryDelayMs = 500,
): Promise<string[]> {
  const deleted: string[] = [];
  for (let start = 0; start < photoIds.length; start += DELETE_CHUNK_SIZE) {
    const chunk = photoIds.slice(start, start + DELETE_CHUNK_SIZE);
    let attempt = 0;
    for (;;) {
      try {
        const { failed } = await request(photosApi.deleteMany, { body: { photoIds: chunk } });
        if (failed.length > 0) {
          deleted.push(...chunk.filter((id) => !failed.includes(id)));
          onProgress?.(deleted);
          throw new PhotoDeleteError('failed');
        }
        deleted.push(...chunk);
        onProgress?.(deleted);
        break;
      } catch (error) {
        if (error instanceof PhotoDeleteError) throw error;
        attempt += 1;
        if (attempt > DELETE_MAX_RETRIES) throw new PhotoDeleteError('retries-exhausted');
        await pause(retryDelayMs * attempt);
      }
    }
  }
  return deleted;
}
