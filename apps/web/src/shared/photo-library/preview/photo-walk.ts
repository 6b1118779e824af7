import type { Photo, TimelineEntry } from '@photo/contracts/photos';
import { monthKey } from '../../timeline/timeline-layout';
import type { MonthPhotos, TimelineStore } from '../../timeline/timeline-store';

export type Direction = 'previous' | 'next';

/** Where a photo sits in a store: its month (index in `store.months`) and its place in that month. */
export interface PhotoPlace {
  photo: Photo;
  monthIndex: number;
  index: number;
}

/**
 * One step of the preview from a photo:
 * - `photo`: the neighbour is loaded;
 * - `load`: a neighbour exists but is not loaded yet (`year`/`month`: the month that holds it);
 * - `failed`: that month failed to load (a new attempt is up to the customer);
 * - `none`: the first or last photo of the whole timeline.
 */
export type Step =
  | { kind: 'photo'; photo: Photo }
  | { kind: 'load'; year: number; month: number }
  | { kind: 'failed'; year: number; month: number }
  | { kind: 'none' };

const monthData = (store: TimelineStore, entry: TimelineEntry): MonthPhotos =>
  store.month(monthKey(entry.year, entry.month));

export function findPhoto(store: TimelineStore, imageId: string): PhotoPlace | undefined {
  for (const [monthIndex, entry] of store.months.entries()) {
    const photos = monthData(store, entry).photos;
    const index = photos.findIndex((photo) => photo.imageId === imageId);
    if (index !== -1) return { photo: photos[index]!, monthIndex, index };
  }
  return undefined;
}

/**
 * The neighbour of a photo in timeline order. The walk never jumps a gap: the grid loads months
 * as they scroll into view (24 photos of a collapsed month), so the loaded photos are not one
 * contiguous list, and `store.loadedPhotos()` would skip from the 24th photo of a month to the next
 * month. Only a month that is complete lets the walk cross into its neighbour.
 */
export function stepFrom(store: TimelineStore, place: PhotoPlace, direction: Direction): Step {
  const { months } = store;
  const entry = months[place.monthIndex]!;
  const here = monthData(store, entry);
  if (direction === 'next') {
    const following = here.photos[place.index + 1];
    if (following) return { kind: 'photo', photo: following };
    if (!here.complete) return pending(entry, here);
    for (const later of months.slice(place.monthIndex + 1)) {
      const data = monthData(store, later);
      if (data.photos[0]) return { kind: 'photo', photo: data.photos[0] };
      if (!data.complete) return pending(later, data);
    }
    return { kind: 'none' };
  }
  const preceding = here.photos[place.index - 1];
  if (preceding) return { kind: 'photo', photo: preceding };
  for (const earlier of months.slice(0, place.monthIndex).reverse()) {
    const data = monthData(store, earlier);
    // The month's last photo is needed, so all of it must be there; its count says when it is (a
    // full last page may still carry a cursor).
    if (data.complete || data.photos.length >= earlier.count) {
      const last = data.photos.at(-1);
      if (last) return { kind: 'photo', photo: last };
      continue;
    }
    return pending(earlier, data);
  }
  return { kind: 'none' };
}

function pending(entry: TimelineEntry, data: MonthPhotos): Step {
  return { kind: data.status === 'rejected' ? 'failed' : 'load', year: entry.year, month: entry.month };
}

/** Enough rounds to cross a few empty or failing months; a guard against a server that never ends. */
const MAX_ROUNDS = 50;

/**
 * Loads until the neighbour of a photo is known: the next page after it (`loadMoreAfter`), or the
 * whole preceding month, whose last photo comes before it. A month that failed is asked for once
 * more. Resolves with the step it ended on (`failed` or `none` when there is no photo to go to).
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
    if (direction === 'next') await store.loadMoreAfter(imageId);
    else await store.loadWholeMonth(step.year, step.month);
    // Nothing was asked for (or it was dropped by a refresh): going round again would not help.
    if (store.getVersion() === before) return step;
  }
  return { kind: 'none' };
}
