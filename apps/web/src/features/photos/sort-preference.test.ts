import { describe, expect, it } from 'vitest';
import { DEFAULT_PHOTOS_SORT, readPhotosSort, writePhotosSort } from './sort-preference';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

describe('photos sort preference', () => {
  it('defaults to date taken, newest first', () => {
    expect(readPhotosSort(memoryStorage())).toEqual({ sortKey: 'dateTaken', sortOrder: 'desc' });
  });

  it('keeps a stored choice', () => {
    const storage = memoryStorage();
    writePhotosSort({ sortKey: 'created', sortOrder: 'asc' }, storage);
    expect(readPhotosSort(storage)).toEqual({ sortKey: 'created', sortOrder: 'asc' });
  });

  it('discards a stored value of the wrong shape', () => {
    const storage = memoryStorage({ 'sortOptions.photos': '{"sortKey":"name","sortOrder":"up"}' });
    expect(readPhotosSort(storage)).toEqual(DEFAULT_PHOTOS_SORT);
    expect(storage.values.has('sortOptions.photos')).toBe(false);
  });
});
