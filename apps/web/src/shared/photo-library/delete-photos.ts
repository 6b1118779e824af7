import { photosApi } from '@photo/contracts/photos';
import type { Request } from '../api/request';

/** docs/product/limits.md: deletes go in chunks and are retried; the server deletes idempotently, so a retry is safe. */
export const DELETE_CHUNK_SIZE = 100;
export const CHUNK_MAX_RETRIES = 3;

export type ChunkFailure = 'failed' | 'retries-exhausted';

/** docs/product/errors.md texts of the two ways a bulk delete fails (reported, then shown as the modal's error). */
export class PhotoDeleteError extends Error {
  constructor(readonly reason: ChunkFailure) {
    super(reason === 'failed' ? 'Failed to delete photo!' : 'Exceeded maximum amount of retries!');
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ChunkedCall {
  /** docs/product/validation.md: at least 1. */
  chunkSize: number;
  /** One call for one chunk; the ids it names in `failed` were refused for good. */
  send: (chunk: string[]) => Promise<{ failed: string[] }>;
  /** The error to throw for each way of failing. */
  failure: (reason: ChunkFailure) => Error;
  onProgress?: (done: readonly string[]) => void;
  retryDelayMs?: number;
}

/**
 * Sends ids chunk by chunk (docs/product/limits.md: deletes and album adds and removes are chunked). A chunk whose
 * call fails is sent again (up to the retry count, with a growing pause): every call is idempotent on
 * the server, so a retry is safe. Any id the server refuses fails the whole operation. Resolves with
 * the ids done, so the grid can follow even when a later chunk fails.
 */
export async function sendInChunks(ids: readonly string[], call: ChunkedCall): Promise<string[]> {
  const { chunkSize, send, failure, onProgress, retryDelayMs = 500 } = call;
  if (chunkSize < 1) throw new RangeError('The chunk size must be at least 1');
  const done: string[] = [];
  for (let start = 0; start < ids.length; start += chunkSize) {
    const chunk = ids.slice(start, start + chunkSize);
    let attempt = 0;
    for (;;) {
      let failed: string[];
      try {
        ({ failed } = await send(chunk));
      } catch {
        attempt += 1;
        if (attempt > CHUNK_MAX_RETRIES) throw failure('retries-exhausted');
        await pause(retryDelayMs * attempt);
        continue;
      }
      done.push(...chunk.filter((id) => !failed.includes(id)));
      onProgress?.(done);
      if (failed.length > 0) throw failure('failed');
      break;
    }
  }
  return done;
}

/** Deletes photos from the library in chunks of 100, retried (docs/product/errors.md texts on failure). */
export function deletePhotos(
  request: Request,
  photoIds: readonly string[],
  onProgress?: (deleted: readonly string[]) => void,
  retryDelayMs = 500,
): Promise<string[]> {
  return sendInChunks(photoIds, {
    chunkSize: DELETE_CHUNK_SIZE,
    send: (chunk) => request(photosApi.deleteMany, { body: { photoIds: chunk } }),
    failure: (reason) => new PhotoDeleteError(reason),
    onProgress,
    retryDelayMs,
  });
}
