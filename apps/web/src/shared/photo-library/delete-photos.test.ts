import { describe, expect, it, vi } from 'vitest';
import type { Request } from '../api/request';
import { deletePhotos, PhotoDeleteError } from './delete-photos';

const ids = (count: number) => Array.from({ length: count }, (_, i) => `p${i}`);

describe('deleting photos in chunks', () => {
  it('sends chunks of 100 and reports progress', async () => {
    const request = vi.fn().mockResolvedValue({ failed: [] });
    const progress: number[] = [];
    const deleted = await deletePhotos(request, ids(250), (done) => progress.push(done.length), 0);
    expect(request).toHaveBeenCalledTimes(3);
    expect((request.mock.calls[2]![1] as { body: { photoIds: string[] } }).body.photoIds).toHaveLength(50);
    expect(progress).toEqual([100, 200, 250]);
    expect(deleted).toHaveLength(250);
  });

  it('retries a chunk whose call failed, then goes on', async () => {
    const request = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ failed: [] });
    expect(await deletePhotos(request as unknown as Request, ids(3), undefined, 0)).toHaveLength(3);
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('gives up after the retries with the spec message', async () => {
    const request = vi.fn().mockRejectedValue(new Error('offline'));
    await expect(deletePhotos(request as unknown as Request, ids(3), undefined, 0)).rejects.toThrow(
      'Exceeded maximum amount of retries!',
    );
    expect(request).toHaveBeenCalledTimes(4);
  });

  it('fails when the server reports an id as failed, keeping what was deleted', async () => {
    const request = vi.fn().mockResolvedValue({ failed: ['p1'] });
    const progress: string[][] = [];
    const error = await deletePhotos(
      request as unknown as Request,
      ids(3),
      (done) => progress.push([...done]),
      0,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PhotoDeleteError);
    expect((error as Error).message).toBe('Failed to delete photo!');
    expect(progress.at(-1)).toEqual(['p0', 'p2']);
  });
});
