import { describe, expect, it } from 'vitest';
import { DEFAULT_SORTS, readSort, writeSort } from './sort-preference';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

describe('sort preference per area', () => {
  it('defaults photos to date taken and albums to upload date, newest first', () => {
    const storage = memoryStorage();
    expect(readSort('photos', storage)).toEqual({ sortKey: 'dateTaken', sortOrder: 'desc' });
    expect(readSort('albumPhotos', storage)).toEqual({ sortKey: 'created', sortOrder: 'desc' });
    expect(readSort('sharedAlbumPhotos', storage)).toEqual({ sortKey: 'created', sortOrder: 'desc' });
  });

  it('keeps a stored choice for its own area only', () => {
    const storage = memoryStorage();
    writeSort('albumPhotos', { sortKey: 'dateTaken', sortOrder: 'asc' }, storage);
    expect(readSort('albumPhotos', storage)).toEqual({ sortKey: 'dateTaken', sortOrder: 'asc' });
    expect(readSort('photos', storage)).toEqual(DEFAULT_SORTS.photos);
    expect(readSort('sharedAlbumPhotos', storage)).toEqual(DEFAULT_SORTS.sharedAlbumPhotos);
    expect(storage.values.get('sortOptions.albumPhotos')).toBe('{"sortKey":"dateTaken","sortOrder":"asc"}');
  });

  it.each(['{"sortKey":"name","sortOrder":"up"}', '"created"', 'not json'])(
    'discards a stored value of the wrong shape: %s',
    (stored) => {
      const storage = memoryStorage({ 'sortOptions.photos': stored });
      expect(readSort('photos', storage)).toEqual(DEFAULT_SORTS.photos);
    },
  );

  it('removes a stored value of the wrong shape', () => {
    const storage = memoryStorage({ 'sortOptions.sharedAlbumPhotos': '{"sortKey":"created"}' });
    expect(readSort('sharedAlbumPhotos', storage)).toEqual(DEFAULT_SORTS.sharedAlbumPhotos);
    expect(storage.values.has('sortOptions.sharedAlbumPhotos')).toBe(false);
  });
});
