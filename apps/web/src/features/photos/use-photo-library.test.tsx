import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { photosApi, type PhotoEvent } from '@photo/contracts/photos';
import { shareApi } from '@photo/contracts/shared-albums';
import { storageApi } from '@photo/contracts/storage-period';
import { createQueryClient } from '../../shared/api/query-client';
import {
  allFlagsOn,
  AppProviders,
  enTranslator,
  fakePushChannel,
  testEnvironment,
} from '../../test/fixtures';
import { EVENTS_REFRESH_DELAY_MS, prefetchPhotoLibrary, usePhotoLibrary } from './use-photo-library';

const processed = (photoId: string, timestamp: number): PhotoEvent => ({
  id: crypto.randomUUID(),
  type: 'photo-processed',
  data: { payload: { photoId }, timestamp },
});

describe('the photo library behind the photos page', () => {
  it('reads the library again once for a burst of photo events, not once per event', async () => {
    let indexReads = 0;
    const request = vi.fn(async (endpoint: unknown) => {
      if (endpoint === photosApi.timeline) {
        indexReads += 1;
        return [];
      }
      if (endpoint === photosApi.userInfo) return { photosCount: 0, albumsCount: 0, status: 'ACTIVE' };
      throw new Error('unexpected call');
    });
    const push = fakePushChannel();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppProviders
        environment={testEnvironment(request, { push })}
        queryClient={createQueryClient()}
        translator={enTranslator}
      >
        {children}
      </AppProviders>
    );
    const { result, unmount } = renderHook(
      () => usePhotoLibrary({ sortKey: 'dateTaken', sortOrder: 'desc' }),
      {
        wrapper,
      },
    );
    await waitFor(() => expect(result.current.store.indexStatus).toBe('fulfilled'));
    const before = indexReads;

    // Five photos of an upload finish together: one refresh of the index.
    for (let photo = 1; photo <= 5; photo++) push.deliver(processed(`photo-${photo}`, Date.now()));
    await waitFor(() => expect(indexReads).toBe(before + 1));
    await new Promise((resolve) => setTimeout(resolve, EVENTS_REFRESH_DELAY_MS * 2));
    expect(indexReads).toBe(before + 1);

    // A later event is not lost: it refreshes again.
    push.deliver(processed('photo-6', Date.now()));
    await waitFor(() => expect(indexReads).toBe(before + 2));

    // Nor is one that arrives just before the page is left: the store outlives the page.
    push.deliver(processed('photo-7', Date.now()));
    unmount();
    await waitFor(() => expect(indexReads).toBe(before + 3));
  });
});

describe('what the photos page asks for before it is drawn (its prefetch)', () => {
  const months = [
    { year: 2024, month: 6, count: 30 },
    { year: 2024, month: 5, count: 10 },
    { year: 2024, month: 4, count: 20 },
    { year: 2024, month: 3, count: 5 },
  ];
  const server = () =>
    vi.fn(async (endpoint: unknown) => {
      if (endpoint === photosApi.timeline) return months;
      if (endpoint === photosApi.timelineMonth) return { images: [], cursor: null };
      return {};
    });
  const monthsAsked = (request: ReturnType<typeof server>) =>
    request.mock.calls
      .filter(([endpoint]) => endpoint === photosApi.timelineMonth)
      .map((call) => (call as unknown[])[1]);

  it('asks for the counts, the banners, the months and the first section of the months on top', async () => {
    const request = server();
    prefetchPhotoLibrary(testEnvironment(request), createQueryClient(), {
      sort: { sortKey: 'created', sortOrder: 'asc' },
      startsAtTop: true,
    });
    // A first screen's worth (two sections): June's first 24 of 30, May's 10, April's 20; not March.
    await waitFor(() => expect(monthsAsked(request)).toHaveLength(3));
    expect(monthsAsked(request)).toEqual(
      [6, 5, 4].map((month) => ({
        params: { year: 2024, month },
        query: { sortKey: 'created', sortOrder: 'asc', limit: 24 },
      })),
    );
    expect(request.mock.calls.map(([endpoint]) => endpoint)).toEqual(
      expect.arrayContaining([photosApi.userInfo, shareApi.counts, storageApi.accountInformation]),
    );
  });

  it('leaves out the sections where the grid opens elsewhere, and the banners their flags turn off', async () => {
    const request = server();
    const flags = {
      ...allFlagsOn,
      PhotoManagementSharedAlbumsViewEnabled: false,
      PhotoManagementReactivationEnabled: false,
    };
    prefetchPhotoLibrary(testEnvironment(request, { flags }), createQueryClient(), {
      sort: { sortKey: 'created', sortOrder: 'desc' },
      startsAtTop: false,
    });
    await waitFor(() => expect(request).toHaveBeenCalledWith(photosApi.timeline, expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const asked = request.mock.calls.map(([endpoint]) => endpoint);
    expect(asked).toHaveLength(2);
    expect(asked).toEqual(expect.arrayContaining([photosApi.userInfo, photosApi.timeline]));
  });
});
