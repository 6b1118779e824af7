import type { Photo, TimelineEntry } from '@photo/contracts/photos';
import { monthKey } from '../../timeline/timeline-layout';
import type { MonthPhotos, TimelineStore } from '../../timeline/timeline-store';

export type Direction = 'previous' | 'next';

/** Where a photo sits in a store: its month (index in `store.months`) and its place in that month. */
export interface PhotoPlace {
  /** Undefined for a moment when its page was dropped (decision 156) and is being read again. */
  photo: Photo | undefined;
  monthIndex: number;
  index: number;
}

/**
 * One step of the preview from a photo:
 * - `photo`: the neighbour is loaded;
 * - `load`: a neighbour exists but is not loaded (not read yet, or its page was dropped): it is slot
 *   `index` of `year`/`month`;
 * - `failed`: that month failed to load (a new attempt is up to the customer);
 * - `none`: the first or last photo of the whole timeline.
 */
export type Step =
  | { kind: 'photo'; photo: Photo }
  | { kind: 'load'; year: number; month: number; index: number }
  | { kind: 'failed'; year: number; month: number; index: number }
  | { kind: 'none' };

const monthData = (store: TimelineStore, entry: TimelineEntry): MonthPhotos =>
  store.month(monthKey(entry.year, entry.month));

export function findPhoto(store: TimelineStore, imageId: string): PhotoPlace | undefined {
  return store.slotOf(imageId);
}

/**
 * The neighbour of a photo in timeline order. The walk never jumps a gap: the grid loads months
 * as they scroll into view (24 photos of a collapsed month) and drops pages far from the viewport,
 * so the loaded photos are not one contiguous list. Only a month read to its end lets the walk cross
 * into its neighbour; a slot whose page was dropped is loaded again.
 */
export function stepFrom(store: TimelineStore, place: PhotoPlace, direction: Direction): Step {
  const { months } = store;
  const entry = months[place.monthIndex]!;
  const here = monthData(store, entry);
  if (direction === 'next') {
    const following = place.index + 1;
    if (following < here.photos.length) return slot(entry, here, following);
    if (!here.complete) return pending(entry, here, following);
    for (const later of months.slice(place.monthIndex + 1)) {
      const data = monthData(store, later);
      if (data.photos.length > 0) return slot(later, data, 0);
      if (!data.complete) return pending(later, data, 0);
    }
    return { kind: 'none' };
  }
  if (place.index > 0) return slot(entry, here, place.index - 1);
  for (const earlier of months.slice(0, place.monthIndex).reverse()) {
    const data = monthData(store, earlier);
    // The month's last photo is needed, so all of it must have been read; its count says when it
    // has (a full last page may still carry a cursor).
    if (data.complete || data.photos.length >= earlier.count) {
      if (data.photos.length > 0) return slot(earlier, data, data.photos.length - 1);
      continue;
    }
    return pending(earlier, data, earlier.count - 1);
  }
  return { kind: 'none' };
}

function slot(entry: TimelineEntry, data: MonthPhotos, index: number): Step {
  const photo = data.photos[index];
  return photo ? { kind: 'photo', photo } : pending(entry, data, index);
}

function pending(entry: TimelineEntry, data: MonthPhotos, index: number): Step {
  return {
    kind: data.status === 'rejected' ? 'failed' : 'load',
    year: entry.year,
    month: entry.month,
    index,
  };
}

/** Enough rounds to cross a few empty or failing months; a guard against a server that never ends. */
const MAX_ROUNDS = 50;

/**
 * Loads until the neighbour of a photo is known: the next section after it, a dropped page again, or
 * the whole preceding month, whose last photo comes before it (`store.loadPhotoAt`). A month that
 * failed is asked for once more. Resolves with the step it ended on (`failed` or `none` when there is
 * no photo to go to).
 */
export async function resolveStep(
  store: TimelineStore,
  imageId: string,
  direction: Direction,
): Promise<Step> {
  let retried = false;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const place = findPhoto(store, imageId);
    if (!place) return { kind: 'none' };
    const step = stepFrom(store, place, direction);
    if (step.kind === 'photo' || step.kind === 'none') return step;
    if (step.kind === 'failed') {
      if (retried) return step;
      retried = true;
      store.retryMonth(step.year, step.month);
    }
    const before = store.getVersion();
    await store.loadPhotoAt(step.year, step.month, step.index);
    // Nothing was asked for (or it was dropped by a refresh): going round again would not help.
    if (store.getVersion() === before) return step;
  }
  return { kind: 'none' };
}
