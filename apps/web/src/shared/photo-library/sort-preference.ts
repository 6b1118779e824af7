import { z } from 'zod/mini';
import { SortKeySchema, SortOrderSchema } from '@photo/contracts/photos';
import type { TimelineSort } from '../timeline/timeline-store';

/** docs/product/entities.md: sort options are stored locally per area. */
export type SortArea = 'photos' | 'albumPhotos' | 'sharedAlbumPhotos';

/** docs/product/entities.md: photos default to date taken, albums and shared albums to upload date, newest first. */
export const DEFAULT_SORTS: Record<SortArea, TimelineSort> = {
  photos: { sortKey: 'dateTaken', sortOrder: 'desc' },
  albumPhotos: { sortKey: 'created', sortOrder: 'desc' },
  sharedAlbumPhotos: { sortKey: 'created', sortOrder: 'desc' },
};

const StoredSortSchema = z.object({ sortKey: SortKeySchema, sortOrder: SortOrderSchema });
const storageKey = (area: SortArea) => `sortOptions.${area}`;

/** The stored choice of an area, or its default when nothing (or something of another shape) is stored. */
export function readSort(
  area: SortArea,
  storage: Pick<Storage, 'getItem' | 'removeItem'> = localStorage,
): TimelineSort {
  try {
    const raw = storage.getItem(storageKey(area));
    if (!raw) return DEFAULT_SORTS[area];
    const parsed = StoredSortSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
    storage.removeItem(storageKey(area));
  } catch {
    // Unreadable storage or JSON: the default it is.
  }
  return DEFAULT_SORTS[area];
}

export function writeSort(
  area: SortArea,
  sort: TimelineSort,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  try {
    storage.setItem(storageKey(area), JSON.stringify(sort));
  } catch {
    // Storage full or blocked: the choice lasts for this page only.
  }
}
