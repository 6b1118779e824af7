import { describe, expect, it, vi } from 'vitest';
import { albumsApi } from '@photo/contracts/albums';
import type { Request } from '../api/request';
import { addPhotosToAlbum, AlbumPhotosError, removePhotosFromAlbum } from './album-photos';

const ids = (count: number) => Array.from({ length: count }, (_, i) => `p${i}`);
type Call = [unknown, { params: { albumId: string }; body: { photoIds: string[] } }];

describe('adding photos to an album', () => {
  it('sends chunks of 500 to the album, and skips photos the library no longer has', async () => {
    const request = vi.fn(async (_endpoint: unknown, input: Call[1]) => ({
      failed: input.body.photoIds.filter((id) => id === 'p7'),
    }));
    const progress: number[] = [];
    const added = await addPhotosToAlbum(
      request as unknown as Request,
      'album-1',
      ids(1200),
      (done) => progress.push(done.length),
      0,
    );
    const calls = request.mock.calls as unknown as Call[];
    expect(
      calls.map(([endpoint, input]) => [endpoint, input.params.albumId, input.body.photoIds.length]),
    ).toEqual([
      [albumsApi.addPhotos, 'album-1', 500],
      [albumsApi.addPhotos, 'album-1', 500],
      [albumsApi.addPhotos, 'album-1', 200],
    ]);
    expect(progress).toEqual([499, 999, 1199]);
    expect(added).not.toContain('p7');
  });

  it('retries a chunk whose call failed, then gives up with an error', async () => {
    const flaky = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ failed: [] });
    expect(await addPhotosToAlbum(flaky as unknown as Request, 'a', ids(3), undefined, 0)).toHaveLength(3);
    expect(flaky).toHaveBeenCalledTimes(2);
    const down = vi.fn().mockRejectedValue(new Error('offline'));
    const error = await addPhotosToAlbum(down as unknown as Request, 'a', ids(3), undefined, 0).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AlbumPhotosError);
    expect(down).toHaveBeenCalledTimes(4);
  });
});

describe('removing photos from an album', () => {
  it('sends chunks to the album and fails when the server refuses an id', async () => {
    const request = vi.fn().mockResolvedValue({ failed: [] });
    expect(
      await removePhotosFromAlbum(request as unknown as Request, 'a', ids(501), undefined, 0),
    ).toHaveLength(501);
    expect(request.mock.calls.map(([endpoint]) => endpoint as unknown)).toEqual([
      albumsApi.removePhotos,
      albumsApi.removePhotos,
    ]);
    const refusing = vi.fn().mockResolvedValue({ failed: ['p0'] });
    await expect(
      removePhotosFromAlbum(refusing as unknown as Request, 'a', ids(2), undefined, 0),
    ).rejects.toBeInstanceOf(AlbumPhotosError);
  });
});
