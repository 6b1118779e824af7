import { describe, expect, it, vi } from 'vitest';
import type { Photo, TimelineEntry } from '@photo/contracts/photos';
import { refreshStoresOf, timelineStoreFor, TimelineStore, type TimelineSource } from './timeline-store';

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
    expect(store.month('2024-5').photos.map((p) => p.imageId)).toEqual(
      Array.from({ length: 60 }, (_, i) => `2024-5-${i}`),
    );
    expect(store.month('2024-5').complete).toBe(true);
  });

  it('walks into the rest of a month before the next month when the preview reaches the last loaded photo', async () => {
    const store = new TimelineStore(
      fakeSource([
        { year: 2024, month: 5, count: 30 },
        { year: 2024, month: 4, count: 5 },
      ]).source,
      sort,
    );
    await store.loadIndex();
    await store.ensureLoaded(2024, 5, 24);
    await store.loadMoreAfter('2024-5-23');
    expect(store.month('2024-5').photos).toHaveLength(30);
    await store.loadMoreAfter('2024-5-29');
    expect(
      store
        .loadedPhotos()
        .map((p) => p.imageId)
        .slice(29),
    ).toEqual(['2024-5-29', '2024-4-0', '2024-4-1', '2024-4-2', '2024-4-3', '2024-4-4']);
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
    expect(
      store
        .month('2024-5')
        .photos.map((p) => p.imageId)
        .slice(20),
    ).toEqual(['20', '21', '22', '23', '24', '25'].map((n) => `2024-5-${n}`));
    store.removePhotos(['2024-5-25']);
    await store.ensureLoaded(2024, 5, 60);
    const ids = store.month('2024-5').photos.map((p) => p.imageId);
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
    const ids = store.month('2024-5').photos.map((p) => p.imageId);
    expect(ids).toHaveLength(47);
    expect(ids).not.toContain('2024-5-3');
    expect(ids.at(-1)).toBe('2024-5-47');
  });

  it('loads a whole month for select-all, page after page until its end', async () => {
    const { source, page } = fakeSource([{ year: 2024, month: 5, count: 1200 }]);
    const store = new TimelineStore(source, sort);
    await store.loadIndex();
    await store.ensureLoaded(2024, 5, 24);
    const photos = await store.loadWholeMonth(2024, 5);
    expect(new Set(photos.map((p) => p.imageId)).size).toBe(1200);
    expect(page).toHaveBeenCalledTimes(4);
  });

  it('selects a whole month even when the timeline refreshes while its photos are on their way', async () => {
    const { source } = fakeSource([{ year: 2024, month: 5, count: 100 }]);
    const store = new TimelineStore(source, sort);
    await store.loadIndex();
    const whole = store.loadWholeMonth(2024, 5);
    // A push event (another photo processed) reloads the timeline while the month's page is in flight.
    void store.refresh();
    expect((await whole).map((p) => p.imageId)).toEqual(Array.from({ length: 100 }, (_, i) => `2024-5-${i}`));
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
    await vi.waitFor(() => expect(album.index).toHaveBeenCalledTimes(4));
    expect(other.index).toHaveBeenCalledTimes(1);
    expect(stores[0]!.month('2024-5').photos).toEqual([]);
  });
});
