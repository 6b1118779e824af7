import { ALBUM_PHOTOS_CHUNK_SIZE, albumsApi } from '@photo/contracts/albums';
import type { Request } from '../api/request';
import { sendInChunks, type ChunkFailure } from './delete-photos';

/** The grid engine's source ids of an album and of a shared album (their stores are refreshed by id). */
export const albumSourceId = (albumId: string) => `album:${albumId}`;
export const sharedAlbumSourceId = (albumId: string) => `shared-album:${albumId}`;

/** Adding to or removing from an album failed: a chunk was refused, or its retries ran out. */
export class AlbumPhotosError extends Error {
  constructor(readonly reason: ChunkFailure) {
    super(reason === 'failed' ? 'Failed to change the album!' : 'Exceeded maximum amount of retries!');
  }
}

/**
 * Adds photos to an album in chunks of 500, each retried (docs/product/limits.md). A photo the library no longer has
 * (deleted meanwhile) is skipped, not fatal: resolves with the ids that are in the album now.
 */
export async function addPhotosToAlbum(
  request: Request,
  albumId: string,
  photoIds: readonly string[],
  onProgress?: (added: readonly string[]) => void,
  retryDelayMs = 500,
): Promise<string[]> {
  const added: string[] = [];
  await sendInChunks(photoIds, {
    chunkSize: ALBUM_PHOTOS_CHUNK_SIZE,
    send: async (chunk) => {
      const { failed } = await request(albumsApi.addPhotos, {
        params: { albumId },
        body: { photoIds: chunk },
      });
      added.push(...chunk.filter((id) => !failed.includes(id)));
      onProgress?.(added);
      return { failed: [] };
    },
    failure: (reason) => new AlbumPhotosError(reason),
    retryDelayMs,
  });
  return added;
}

/** Takes photos out of an album (they stay in the library) in chunks of 500, each retried. */
export function removePhotosFromAlbum(
  request: Request,
  albumId: string,
  photoIds: readonly string[],
  onProgress?: (removed: readonly string[]) => void,
  retryDelayMs = 500,
): Promise<string[]> {
  return sendInChunks(photoIds, {
    chunkSize: ALBUM_PHOTOS_CHUNK_SIZE,
    send: (chunk) => request(albumsApi.removePhotos, { params: { albumId }, body: { photoIds: chunk } }),
    failure: (reason) => new AlbumPhotosError(reason),
    onProgress,
    retryDelayMs,
  });
}
