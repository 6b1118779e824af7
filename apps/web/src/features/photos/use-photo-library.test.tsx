import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { photosApi, type PhotoEvent } from '@photo/contracts/photos';
import { createQueryClient } from '../../shared/api/query-client';
import { AppProviders, enTranslator, fakePushChannel, testEnvironment } from '../../test/fixtures';
import { EVENTS_REFRESH_DELAY_MS, usePhotoLibrary } from './use-photo-library';

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
