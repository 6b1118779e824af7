import { z } from 'zod/mini';
import { SortKeySchema, SortOrderSchema } from '@photo/contracts/photos';
import type { TimelineSort } from '../../shared/timeline/timeline-store';

/** Spec 3: sort options are stored locally per area; photos default to date taken, newest first. */
const STORAGE_KEY = 'sortOptions.photos';
export const DEFAULT_PHOTOS_SORT: TimelineSort = { sortKey: 'dateTaken', sortOrder: 'desc' };

const StoredSortSchema = z.object({ sortKey: SortKeySchema, sortOrder: SortOrderSchema });

/** The stored choice, or the default when nothing (or something of another shape) is stored. */
export function readPhotosSort(
  storage: Pick<Storage, 'getItem' | 'removeItem'> = localStorage,
): TimelineSort {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) return DEFAULT_PHOTOS_SORT;
    const parsed = StoredSortSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
    storage.removeItem(STORAGE_KEY);
  } catch {
    // Unreadable storage or JSON: the default it is.
  }
  return DEFAULT_PHOTOS_SORT;
}

export function writePhotosSort(sort: TimelineSort, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(sort));
  } catch {
    // Storage full or blocked: the choice lasts for this page only.
  }
}
