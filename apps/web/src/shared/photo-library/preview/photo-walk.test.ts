import { describe, expect, it } from 'vitest';
import { TimelineStore } from '../../timeline/timeline-store';
import { findPhoto, resolveStep, stepFrom, type Direction, type Step } from './photo-walk';
import { fakeSource, gridStore, photoId, sortByDateTaken } from './preview.fixtures';

function step(store: TimelineStore, imageId: string, direction: Direction): Step {
  const place = findPhoto(store, imageId);
  if (!place) throw new Error(`${imageId} is not loaded`);
  return stepFrom(store, place, direction);
}

const idOf = (result: Step) => (result.kind === 'photo' ? result.photo.imageId : result.kind);

describe('the walk of the preview through a timeline store', () => {
  it('steps inside a month and across complete months, both ways', async () => {
    const { store } = await gridStore(
      [
        { year: 2024, month: 5, count: 2 },
        { year: 2024, month: 4, count: 2 },
      ],
      { '2024-5': 24, '2024-4': 24 },
    );
    expect(idOf(step(store, '2024-5-0', 'next'))).toBe('2024-5-1');
    expect(idOf(step(store, '2024-5-1', 'next'))).toBe('2024-4-0');
    expect(idOf(step(store, '2024-4-0', 'previous'))).toBe('2024-5-1');
    expect(idOf(step(store, '2024-5-0', 'previous'))).toBe('none');
    expect(idOf(step(store, '2024-4-1', 'next'))).toBe('none');
  });

  it('never jumps from the last loaded photo of a collapsed month to the next month', async () => {
    const { store } = await gridStore(
      [
        { year: 2024, month: 5, count: 60_000 },
        { year: 2024, month: 4, count: 3 },
      ],
      { '2024-5': 24, '2024-4': 24 },
    );
    expect(store.knownIds()[24]).toBe('2024-4-0');
    expect(step(store, '2024-5-23', 'next')).toEqual({ kind: 'load', year: 2024, month: 5, index: 24 });
    // Back from the next month needs the collapsed month's last photo, which is not loaded.
    expect(step(store, '2024-4-0', 'previous')).toEqual({
      kind: 'load',
      year: 2024,
      month: 5,
      index: 59_999,
    });
  });

  it('loads the next page at the last loaded photo and walks through a whole month without stopping', async () => {
    const { store, source } = await gridStore(
      [
        { year: 2024, month: 5, count: 1_000 },
        { year: 2024, month: 4, count: 1 },
      ],
      { '2024-5': 24 },
    );
    let current = photoId(2024, 5, 0);
    let steps = 0;
    for (;;) {
      const next = await resolveStep(store, current, 'next');
      if (next.kind !== 'photo') break;
      expect(next.photo.imageId).not.toBe(current);
      current = next.photo.imageId;
      steps += 1;
    }
    expect(current).toBe('2024-4-0');
    expect(steps).toBe(1_000);
    // Sections of 24, one request each time the walk reaches the end of what is loaded.
    expect(source.page).toHaveBeenCalledTimes(Math.ceil((1_000 - 24) / 24) + 1);
  });

  it('loads the whole preceding month to step back into it', async () => {
    const { store } = await gridStore(
      [
        { year: 2024, month: 5, count: 30 },
        { year: 2024, month: 4, count: 2 },
      ],
      { '2024-5': 24, '2024-4': 24 },
    );
    expect(idOf(await resolveStep(store, '2024-4-0', 'previous'))).toBe('2024-5-29');
  });

  it('marks a failed month and asks for it once more when the customer steps again', async () => {
    const { store, source } = await gridStore([{ year: 2024, month: 5, count: 30 }], { '2024-5': 24 });
    source.page.mockRejectedValueOnce(new Error('offline'));
    await store.loadPhotoAt(2024, 5, 24);
    expect(step(store, '2024-5-23', 'next')).toEqual({ kind: 'failed', year: 2024, month: 5, index: 24 });
    expect(idOf(await resolveStep(store, '2024-5-23', 'next'))).toBe('2024-5-24');
  });

  it('gives up on a month that keeps failing instead of asking forever', async () => {
    const { store, source } = await gridStore([{ year: 2024, month: 5, count: 30 }], { '2024-5': 24 });
    source.page.mockRejectedValue(new Error('offline'));
    expect((await resolveStep(store, '2024-5-23', 'next')).kind).toBe('failed');
    expect(source.page).toHaveBeenCalledTimes(2);
  });

  it('walks both ways through pages the store dropped behind it, reading them again', async () => {
    const months = [
      { year: 2024, month: 5, count: 300 },
      { year: 2024, month: 4, count: 30 },
    ];
    const store = new TimelineStore(fakeSource(months), sortByDateTaken, { maxLoadedPhotos: 48 });
    await store.loadIndex();
    await store.ensureLoaded(2024, 5, 24);
    const walk = async (from: string, direction: Direction) => {
      const visited = [from];
      for (let current = from; ;) {
        // The preview's focus, as the preview sets it for the photo it shows.
        store.focus(current);
        const step = await resolveStep(store, current, direction);
        if (step.kind !== 'photo') return visited;
        current = step.photo.imageId;
        visited.push(current);
        expect(store.loadedPhotoCount()).toBeLessThanOrEqual(48);
      }
    };
    const forward = await walk('2024-5-0', 'next');
    const everyPhoto = months.flatMap(({ year, month, count }) =>
      Array.from({ length: count }, (_, i) => photoId(year, month, i)),
    );
    expect(forward).toEqual(everyPhoto);
    expect(store.month('2024-5').photos[0]).toBeUndefined();
    expect(await walk('2024-4-29', 'previous')).toEqual(everyPhoto.reverse());
  });
});
