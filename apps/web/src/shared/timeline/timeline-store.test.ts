import { describe, expect, it, vi } from 'vitest';
import type { Photo, TimelineEntry } from '@photo/contracts/photos';
import { refreshStoresOf, timelineStoreFor, TimelineStore, type TimelineSource } from './timeline-store';
import { ASYNC_TIMEOUT_MS } from '../../test/async-timeout';

function photo(id: string): Photo {
  return {
    imageId: id,
    localFileName: `${id}.jpg`,
    uploadId: 'u',
    url: `http://x/${id}`,
    untouchedUrl: `http://x/${id}/o`,
    thumbnails: [],
    uploadEnd: '2024-01-01T00:00:00Z',
    visibleWidth: 4,
    visibleHeight: 3,
    status: 'ready',
  };
}

/** A source over fixed months whose pages follow keyset cursors like the server's. */
function fakeSource(months: TimelineEntry[]) {
  const photosOf = (year: number, month: number) =>
    Array.from({ length: months.find((m) => m.year === year && m.month === month)?.count ?? 0 }, (_, i) =>
      photo(`${year}-${month}-${i}`),
    );
  const page = vi.fn((year: number, month: number, query: { cursor?: string; limit: number }) => {
    const all = photosOf(year, month);
    const start = query.cursor ? Number(query.cursor) : 0;
    const images = all.slice(start, start + query.limit);
    const next = start + images.length;
    return Promise.resolve({ images, cursor: next < all.length ? String(next) : null });
  });
  const source: TimelineSource = { id: 'fake', index: () => Promise.resolve(months), page };
  return { source, page };
}

const sort = { sortKey: 'dateTaken', sortOrder: 'desc' } as const;

describe('timeline store', () => {
  it('loads a month in sections, following the cursor, never twice at once', async () => {
    const { source, page } = fakeSource([{ year: 2024, month: 5, count: 60 }]);
    const store = new TimelineStore(source, sort);
    await store.loadIndex();
    await Promise.all([store.ensureLoaded(2024, 5, 24), store.ensureLoaded(2024, 5, 24)]);
    expect(page).toHaveBeenCalledTimes(1);
    expect(store.month('2024-5')).toMatchObject({ status: 'fulfilled', complete: false });
    await store.ensureLoaded(2024, 5, 60);
    expect(page).toHaveBeenLastCalledWith(2024, 5, { ...sort, limit: 48, cursor: '24' });
    expect(store.month('2024-5').ids).toEqual(Array.from({ length: 60 }, (_, i) => `2024-5-${i}`));
    expect(store.month('2024-5').complete).toBe(true);
  });

  it('reads the index once for a page that asks while its prefetch is under way; a refresh reads anew', async () => {
    const answers: Array<(months: TimelineEntry[]) => void> = [];
    const index = vi.fn(() => new Promise<TimelineEntry[]>((resolve) => answers.push(resolve)));
    const store = new TimelineStore(
      { id: 'counted', index, page: () => Promise.reject(new Error('unused')) },
      sort,
    );
    const prefetched = store.loadIndex();
    const asked = store.loadIndex();
    expect(index).toHaveBeenCalledTimes(1);
    answers[0]!([{ year: 2024, month: 5, count: 1 }]);
    await Promise.all([prefetched, asked]);
    expect(store.months).toEqual([{ year: 2024, month: 5, count: 1 }]);
    const refreshed = store.refresh();
    expect(index).toHaveBeenCalledTimes(2);
    answers[1]!([{ year: 2024, month: 6, count: 2 }]);
    await refreshed;
    expect(store.months).toEqual([{ year: 2024, month: 6, count: 2 }]);
  });

  it('tells the grid once when the months it showed together have all come, not once per month', async () => {
    const months = [
      { year: 2024, month: 5, count: 2 },
      { year: 2024, month: 4, count: 1 },
    ];
    const answer = new Map<string, (page: { images: Photo[]; cursor: null }) => void>();
    const source: TimelineSource = {
      id: 'answered-by-hand',
      index: () => Promise.resolve(months),
      page: (year, month) => new Promise((resolve) => answer.set(`${year}-${month}`, resolve)),
    };
    const store = new TimelineStore(source, sort);
    await store.loadIndex();
    const told = vi.fn();
    store.subscribe(told);
    const firstScreen = months.map(({ year, month }) => ({ year, month, first: 0, last: 24 }));
    const shown = store.show(firstScreen);
    const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

    answer.get('2024-5')!({ images: [photo('may-1'), photo('may-2')], cursor: null });
    await settled();
    expect(store.month('2024-5').ids).toEqual(['may-1', 'may-2']);
    expect(told).not.toHaveBeenCalled();

    answer.get('2024-4')!({ images: [photo('april-1')], cursor: null });
    await shown;
    await settled();
    expect(told).toHaveBeenCalledTimes(1);

    // The grid shows its months again on every render: what is loaded is neither read nor told again.
    await store.show(firstScreen);
    await settled();
    expect(told).toHaveBeenCalledTimes(1);
    expect(answer.size).toBe(2);
  });

  it('reads a month further, or the next month, for the slot the preview walks to', async () => {
    const store = new TimelineStore(
      fakeSource([
        { year: 2024, month: 5, count: 30 },
        { year: 2024, month: 4, count: 5 },
      ]).source,
      sort,
    );
    await store.loadIndex();
    await store.ensureLoaded(2024, 5, 24);
    await store.loadPhotoAt(2024, 5, 24);
    expect(store.month('2024-5').photos).toHaveLength(30);
    await store.loadPhotoAt(2024, 4, 0);
    expect(store.knownIds().slice(29)).toEqual([
      '2024-5-29',
      '2024-4-0',
      '2024-4-1',
      '2024-4-2',
      '2024-4-3',
      '2024-4-4',
    ]);
  });

  it('removes deleted photos locally, with their months once empty, and drops them from the selection', async () => {
    const store = new TimelineStore(
      fakeSource([
        { year: 2024, month: 5, count: 2 },
        { year: 2024, month: 4, count: 1 },
      ]).source,
      sort,
    );
    await store.loadIndex();
    await store.ensureLoaded(2024, 5, 24);
    await store.ensureLoaded(2024, 4, 24);
    store.setSelected(['2024-5-0', '2024-4-0'], true);
    store.removePhotos(['2024-4-0', '2024-5-1']);
    expect(store.months).toEqual([{ year: 2024, month: 5, count: 1 }]);
    expect([...store.selection]).toEqual(['2024-5-0']);
  });

  it('adds a photo once when pages overlap, also after photos were removed', async () => {
    const { source, page } = fakeSource([{ year: 2024, month: 5, count: 60 }]);
    const store = new TimelineStore(source, sort);
    await store.loadIndex();
    await store.ensureLoaded(2024, 5, 24);
    // A page that starts two photos early (a photo added meanwhile) and repeats one of its own.
    page.mockImplementationOnce(() =>
      Promise.resolve({
        images: ['22', '23', '24', '25', '25'].map((n) => photo(`2024-5-${n}`)),
        cursor: '26',
      }),
    );
    await store.ensureLoaded(2024, 5, 48);
    expect(store.month('2024-5').ids.slice(20)).toEqual(
      ['20', '21', '22', '23', '24', '25'].map((n) => `2024-5-${n}`),
    );
    store.removePhotos(['2024-5-25']);
    await store.ensureLoaded(2024, 5, 60);
    const ids = store.month('2024-5').ids;
    expect(ids).toHaveLength(59);
    expect(new Set(ids).size).toBe(59);
    expect(ids).not.toContain('2024-5-25');
  });

  it('marks a month rejected when its page fails, and tries again only when asked', async () => {
    const { source, page } = fakeSource([{ year: 2024, month: 5, count: 3 }]);
    page.mockRejectedValueOnce(new Error('offline'));
    const store = new TimelineStore(source, sort);
    await store.loadIndex();
    await store.ensureLoaded(2024, 5, 24);
    expect(store.month('2024-5').status).toBe('rejected');
    await store.ensureLoaded(2024, 5, 24);
    expect(page).toHaveBeenCalledTimes(1);
    store.retryMonth(2024, 5);
    await store.ensureLoaded(2024, 5, 24);
    expect(store.month('2024-5')).toMatchObject({ status: 'fulfilled', complete: true });
  });

  it('keeps a photo deleted while the next page was on its way out of the month', async () => {
    const { source } = fakeSource([{ year: 2024, month: 5, count: 60 }]);
    const store = new TimelineStore(source, sort);
    await store.loadIndex();
    await store.ensureLoaded(2024, 5, 24);
    const nextPage = store.ensureLoaded(2024, 5, 48);
    store.removePhotos(['2024-5-3']);
    await nextPage;
    const ids = store.month('2024-5').ids;
    expect(ids).toHaveLength(47);
    expect(ids).not.toContain('2024-5-3');
    expect(ids.at(-1)).toBe('2024-5-47');
  });

  it('loads a whole month for select-all, page after page until its end', async () => {
    const { source, page } = fakeSource([{ year: 2024, month: 5, count: 1200 }]);
    const store = new TimelineStore(source, sort);
    await store.loadIndex();
    await store.ensureLoaded(2024, 5, 24);
    const ids = await store.loadMonthIds(2024, 5);
    expect(new Set(ids).size).toBe(1200);
    expect(page).toHaveBeenCalledTimes(4);
  });

  it('selects a whole month even when the timeline refreshes while its photos are on their way', async () => {
    const { source } = fakeSource([{ year: 2024, month: 5, count: 100 }]);
    const store = new TimelineStore(source, sort);
    await store.loadIndex();
    const whole = store.loadMonthIds(2024, 5);
    // A push event (another photo processed) reloads the timeline while the month's page is in flight.
    void store.refresh();
    expect(await whole).toEqual(Array.from({ length: 100 }, (_, i) => `2024-5-${i}`));
  });

  it('never loads a month twice at once, also when a refresh dropped a page that was on its way', async () => {
    const months = [{ year: 2024, month: 5, count: 60 }];
    const pending: Array<() => void> = [];
    const page = vi.fn(() => {
      const images = Array.from({ length: 24 }, (_, i) => photo(`2024-5-${i}`));
      return new Promise<{ images: Photo[]; cursor: string }>((resolve) =>
        pending.push(() => resolve({ images, cursor: '24' })),
      );
    });
    const store = new TimelineStore({ id: 'slow', index: () => Promise.resolve(months), page }, sort);
    await store.loadIndex();
    const dropped = store.ensureLoaded(2024, 5, 24);
    const refreshed = store.refresh();
    const current = store.ensureLoaded(2024, 5, 24);
    pending[0]!();
    await dropped;
    // The dropped page has settled; the one after the refresh is still on its way and is shared.
    const again = store.ensureLoaded(2024, 5, 24);
    expect(page).toHaveBeenCalledTimes(2);
    pending[1]!();
    await Promise.all([refreshed, current, again]);
    expect(store.month('2024-5').photos).toHaveLength(24);
  });

  it('reloads every store of a source another page changed, in each sort, and no other', async () => {
    const months = [{ year: 2024, month: 5, count: 3 }];
    const { source } = fakeSource(months);
    const album = { ...source, id: 'album:refresh-test', index: vi.fn(() => Promise.resolve(months)) };
    const other = { ...source, id: 'album:other', index: vi.fn(() => Promise.resolve(months)) };
    const stores = [
      timelineStoreFor(album, sort),
      timelineStoreFor(album, { sortKey: 'created', sortOrder: 'asc' }),
      timelineStoreFor(other, sort),
    ];
    for (const store of stores) await store.loadIndex();
    await stores[0]!.ensureLoaded(2024, 5, 3);
    refreshStoresOf('album:refresh-test');
    await vi.waitFor(() => expect(album.index).toHaveBeenCalledTimes(4), { timeout: ASYNC_TIMEOUT_MS });
    expect(other.index).toHaveBeenCalledTimes(1);
    expect(stores[0]!.month('2024-5').photos).toEqual([]);
  });
});

describe('timeline store, pages far from the grid (decision 156)', () => {
  const month = { year: 2024, month: 5, count: 1200 };
  const loadedSlots = (store: TimelineStore, key = '2024-5') =>
    store
      .month(key)
      .photos.map((photo, index) => (photo ? index : -1))
      .filter((index) => index >= 0);

  /** The grid scrolled a section at a time from the top to `to`, two sections in view. */
  async function scrollTo(store: TimelineStore, to: number) {
    for (let first = 0; first <= to; first += 24) {
      await store.show([{ year: 2024, month: 5, first, last: first + 48 }]);
    }
  }

  it('drops the pages far from what the grid shows, keeping every id and the loaded photos bounded', async () => {
    const { source } = fakeSource([month]);
    const store = new TimelineStore(source, sort, { maxLoadedPhotos: 96 });
    await store.loadIndex();
    await scrollTo(store, 1152);
    expect(store.month('2024-5').ids).toEqual(Array.from({ length: 1200 }, (_, i) => `2024-5-${i}`));
    expect(store.loadedPhotoCount()).toBeLessThanOrEqual(96);
    expect(store.loadedPhotoCount()).toBe(loadedSlots(store).length);
    // What the grid shows is loaded; the top of the month is not.
    expect(loadedSlots(store)).toEqual(
      expect.arrayContaining(Array.from({ length: 48 }, (_, i) => 1152 + i)),
    );
    expect(store.month('2024-5').photos[0]).toBeUndefined();
  });

  it('reads a dropped page again, with its own cursor, when the grid comes back to it', async () => {
    const { source, page } = fakeSource([month]);
    const store = new TimelineStore(source, sort, { maxLoadedPhotos: 96 });
    await store.loadIndex();
    await scrollTo(store, 600);
    page.mockClear();
    await store.show([{ year: 2024, month: 5, first: 240, last: 288 }]);
    expect(page.mock.calls).toEqual([
      [2024, 5, { ...sort, limit: 24, cursor: '240' }],
      [2024, 5, { ...sort, limit: 24, cursor: '264' }],
    ]);
    expect(
      store
        .month('2024-5')
        .photos.slice(240, 288)
        .map((photo) => photo?.imageId),
    ).toEqual(Array.from({ length: 48 }, (_, i) => `2024-5-${240 + i}`));
    expect(new Set(store.month('2024-5').ids).size).toBe(store.month('2024-5').ids.length);
  });

  /** One month on a server whose photos can change; cursors are keyset positions (after a photo). */
  function changingSource(count: number) {
    const server = { photos: Array.from({ length: count }, (_, i) => photo(`p-${i}`)) };
    const page = vi.fn((_year: number, _month: number, query: { cursor?: string; limit: number }) => {
      const { photos } = server;
      const start = query.cursor ? photos.findIndex((p) => p.imageId === query.cursor) + 1 : 0;
      const images = photos.slice(start, start + query.limit);
      const more = start + images.length < photos.length;
      return Promise.resolve({ images, cursor: more ? images.at(-1)!.imageId : null });
    });
    const source: TimelineSource = {
      id: 'changing',
      index: () => Promise.resolve([{ year: 2024, month: 5, count }]),
      page,
    };
    const remove = (id: string) => (server.photos = server.photos.filter((p) => p.imageId !== id));
    return { source, page, remove };
  }

  /** A store that has read the month a section at a time to `to`, one section in view. */
  async function readTo(store: TimelineStore, to: number) {
    await store.loadIndex();
    for (let first = 0; first <= to; first += 24) {
      await store.show([{ year: 2024, month: 5, first, last: first + 24 }]);
    }
  }

  it('leaves a photo deleted on a dropped page out when the page is read again', async () => {
    const { source, page, remove } = changingSource(240);
    const store = new TimelineStore(source, sort, { maxLoadedPhotos: 48 });
    await readTo(store, 216);
    expect(store.month('2024-5').photos[30]).toBeUndefined();
    store.setSelected(['p-30', 'p-31'], true);
    remove('p-30');
    store.removePhotos(['p-30']);
    expect(store.months).toEqual([{ year: 2024, month: 5, count: 239 }]);
    expect([...store.selection]).toEqual(['p-31']);
    page.mockClear();
    await store.show([{ year: 2024, month: 5, first: 24, last: 47 }]);
    // The page's own cursor, one photo fewer.
    expect(page.mock.calls).toEqual([[2024, 5, { ...sort, limit: 23, cursor: 'p-23' }]]);
    const { ids, photos } = store.month('2024-5');
    expect(ids).toHaveLength(239);
    expect(ids.slice(29, 31)).toEqual(['p-29', 'p-31']);
    expect(photos.slice(24, 47).map((photo) => photo?.imageId)).toEqual(ids.slice(24, 47));
  });

  it('leaves a deleted photo out of a dropped page whose answer was on its way when it went', async () => {
    const { source, remove } = changingSource(240);
    const store = new TimelineStore(source, sort, { maxLoadedPhotos: 48 });
    await readTo(store, 216);
    const reading = store.show([{ year: 2024, month: 5, first: 24, last: 48 }]);
    // Asked for (the answer holds p-30), then deleted before the answer is read.
    remove('p-30');
    store.removePhotos(['p-30']);
    await reading;
    const { ids, photos } = store.month('2024-5');
    expect(ids).toHaveLength(239);
    expect(ids).not.toContain('p-30');
    expect(photos.slice(24, 47).map((photo) => photo?.imageId)).toEqual(ids.slice(24, 47));
  });

  it('takes what a dropped page brings back when the month changed meanwhile, without repeating a photo', async () => {
    const { source, remove } = changingSource(120);
    const store = new TimelineStore(source, sort, { maxLoadedPhotos: 24 });
    await readTo(store, 96);
    expect(store.month('2024-5').photos[0]).toBeUndefined();
    // Another device deletes p-3: the first page's 24 photos now end with the second page's first.
    remove('p-3');
    await store.show([{ year: 2024, month: 5, first: 0, last: 24 }]);
    const { ids } = store.month('2024-5');
    expect(ids).toHaveLength(119);
    expect(new Set(ids).size).toBe(119);
    expect(ids.slice(0, 24)).toEqual([
      'p-0',
      'p-1',
      'p-2',
      ...Array.from({ length: 21 }, (_, i) => `p-${i + 4}`),
    ]);
    expect(store.month('2024-5').photos.slice(0, 23).every(Boolean)).toBe(true);
  });

  it("keeps the preview's photo with its neighbours, and a lone selected photo, whatever the grid shows", async () => {
    const { source } = fakeSource([month]);
    const store = new TimelineStore(source, sort, { maxLoadedPhotos: 96 });
    await store.loadIndex();
    await store.show([{ year: 2024, month: 5, first: 0, last: 48 }]);
    store.focus('2024-5-24');
    store.toggleSelected('2024-5-47');
    await scrollTo(store, 1100);
    // The focused photo's page and the one before it (its previous photo), and the selected photo's.
    expect(store.month('2024-5').photos[23]?.imageId).toBe('2024-5-23');
    expect(store.month('2024-5').photos[25]?.imageId).toBe('2024-5-25');
    expect(store.photo('2024-5-47')?.imageId).toBe('2024-5-47');
    expect(store.month('2024-5').photos[48]).toBeUndefined();
    store.focus(null);
    store.clearSelection();
    await store.show([{ year: 2024, month: 5, first: 600, last: 1200 }]);
    expect(store.month('2024-5').photos[24]).toBeUndefined();
  });

  it("reads the page of a photo again when it becomes the preview's or the only one selected", async () => {
    const { source } = fakeSource([month]);
    const store = new TimelineStore(source, sort, { maxLoadedPhotos: 96 });
    await store.loadIndex();
    await scrollTo(store, 600);
    store.setSelected(['2024-5-5', '2024-5-100'], true);
    store.setSelected(['2024-5-100'], false);
    await vi.waitFor(() => expect(store.photo('2024-5-5')?.imageId).toBe('2024-5-5'), {
      timeout: ASYNC_TIMEOUT_MS,
    });
    store.focus('2024-5-200');
    await vi.waitFor(() => expect(store.photo('2024-5-200')?.imageId).toBe('2024-5-200'), {
      timeout: ASYNC_TIMEOUT_MS,
    });
  });

  it('answers every id of a month for select-all, keeping the loaded photos bounded', async () => {
    const { source } = fakeSource([month, { year: 2024, month: 4, count: 3 }]);
    const store = new TimelineStore(source, sort, { maxLoadedPhotos: 96 });
    await store.loadIndex();
    await store.show([
      { year: 2024, month: 5, first: 0, last: 24 },
      { year: 2024, month: 4, first: 0, last: 24 },
    ]);
    const ids = await store.loadMonthIds(2024, 5);
    expect(new Set(ids).size).toBe(1200);
    expect(store.loadedPhotoCount()).toBeLessThanOrEqual(96);
    // What the grid shows stayed.
    expect(loadedSlots(store)).toEqual(expect.arrayContaining(Array.from({ length: 24 }, (_, i) => i)));
    expect(loadedSlots(store, '2024-4')).toEqual([0, 1, 2]);
    store.setSelected(ids, true);
    expect(store.knownIds()).toHaveLength(1203);
  });

  it('forgets whole months above the id limit, never one in view or with selected photos', async () => {
    const months = [
      { year: 2024, month: 5, count: 60 },
      { year: 2024, month: 4, count: 60 },
      { year: 2024, month: 3, count: 60 },
    ];
    const { source } = fakeSource(months);
    const store = new TimelineStore(source, sort, { maxLoadedPhotos: 24, maxKnownIds: 100 });
    await store.loadIndex();
    await store.loadMonthIds(2024, 5);
    store.setSelected(['2024-5-59', '2024-5-58'], true);
    await store.loadMonthIds(2024, 4);
    await store.show([{ year: 2024, month: 3, first: 0, last: 60 }]);
    // April went (least recently needed, nothing selected); May has selected photos, March is in view.
    expect(store.month('2024-4').ids).toEqual([]);
    expect(store.month('2024-5').ids).toHaveLength(60);
    expect(store.month('2024-3').ids).toHaveLength(60);
    // Back to April: read again from its start.
    await store.show([{ year: 2024, month: 4, first: 0, last: 24 }]);
    expect(
      store
        .month('2024-4')
        .photos.slice(0, 24)
        .map((photo) => photo?.imageId),
    ).toEqual(Array.from({ length: 24 }, (_, i) => `2024-4-${i}`));
  });
});
