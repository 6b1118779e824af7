import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { photosApi, TIMELINE_SECTION_SIZE, type PhotoEvent } from '@photo/contracts/photos';
import { useAppEnvironment, type AppEnvironment } from '../../shared/environment/app-environment.context';
import { timelineStoreFor, type TimelineSort } from '../../shared/timeline/timeline-store';
import { librarySource } from '../../shared/photo-library/library-source';
import { subscribePhotoEvents } from '../../shared/photo-library/photo-events';
import { photoQueries } from '../../shared/photo-library/photos.queries';
import { uploadManager } from '../../shared/photo-library/upload/upload-manager';
import { storageQueries } from '../../shared/storage-period/storage-period.queries';

/** docs/product/states.md: after import-finished, wait 10 s, then refresh status and caches. */
export const IMPORT_FINISH_DELAY_MS = 10_000;

/**
 * Photo events that come together (an import, an upload of many, processing that finishes) refresh the
 * library once: a refresh per event read the index and every loaded section again each time, four
 * times in one second of a page load (issue 23: long tasks and a moving grid).
 */
export const EVENTS_REFRESH_DELAY_MS = 250;

/**
 * Photos a first screen of the grid shows at most, with what it loads ahead: a wide screen's four rows
 * of seven and as many below. Each month shows its first section until it is opened in full.
 */
const FIRST_SCREEN_PHOTOS = 2 * TIMELINE_SECTION_SIZE;

/**
 * Starts what the photos page reads first (`prefetchPage`): the library's counts and status, the
 * header's and the storage banner's, the month index and, once it is in, the first section of the
 * months at the top of the grid, unless the grid opens elsewhere (a month's link, back from a preview).
 */
export function prefetchPhotoLibrary(
  { request, flags }: AppEnvironment,
  queryClient: QueryClient,
  { sort, startsAtTop }: { sort: TimelineSort; startsAtTop: boolean },
): void {
  void queryClient.prefetchQuery(photoQueries.userInfo(request));
  if (flags.PhotoManagementSharedAlbumsViewEnabled) {
    void queryClient.prefetchQuery(photoQueries.sharedCounts(request));
  }
  if (flags.PhotoManagementReactivationEnabled) {
    void queryClient.prefetchQuery(storageQueries.accountInformation(request));
  }
  const store = timelineStoreFor(librarySource(request), sort);
  if (store.indexStatus === 'fulfilled') return;
  void store.loadIndex().then(() => {
    if (!startsAtTop || store.hasSavedScroll()) return;
    let wanted = FIRST_SCREEN_PHOTOS;
    for (const { year, month, count } of store.months) {
      if (wanted <= 0) break;
      void store.ensureRead(year, month, Math.min(count, TIMELINE_SECTION_SIZE));
      wanted -= Math.min(count, TIMELINE_SECTION_SIZE);
    }
  });
}

/**
 * The library behind the photos page: its timeline store for the chosen sort, its counts and status,
 * activation on first visit, and the push channel that keeps all of them current.
 */
export function usePhotoLibrary(sort: TimelineSort) {
  const { request, push } = useAppEnvironment();
  const queryClient = useQueryClient();
  const store = useMemo(() => timelineStoreFor(librarySource(request), sort), [request, sort]);
  const info = useQuery(photoQueries.userInfo(request));
  const activationRequested = useRef(false);
  const status = info.data?.status;

  useEffect(() => {
    if (store.indexStatus !== 'fulfilled') void store.loadIndex();
  }, [store]);

  useEffect(() => {
    if (status !== 'NOT_ACTIVE' || activationRequested.current) return;
    activationRequested.current = true;
    void request(photosApi.activate, {}).then(() =>
      queryClient.invalidateQueries({ queryKey: photoQueries.all() }),
    );
  }, [status, request, queryClient]);

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const refreshAll = () => {
      void queryClient.invalidateQueries({ queryKey: photoQueries.all() });
      void store.refresh();
    };
    let refreshPending = false;
    const refreshSoon = () => {
      if (refreshPending) return;
      refreshPending = true;
      const timer = setTimeout(() => {
        timers.delete(timer);
        refreshPending = false;
        refreshAll();
      }, EVENTS_REFRESH_DELAY_MS);
      timers.add(timer);
    };
    const onEvent = (event: PhotoEvent) => {
      uploadManager.onPhotoEvent(event);
      if (event.type === 'import-finished') {
        const timer = setTimeout(() => {
          timers.delete(timer);
          refreshAll();
        }, IMPORT_FINISH_DELAY_MS);
        timers.add(timer);
      } else if (event.type === 'import-started' || event.type === 'import-error') {
        void queryClient.invalidateQueries({ queryKey: photoQueries.all() });
      } else {
        refreshSoon();
      }
    };
    const disconnect = subscribePhotoEvents(push, onEvent);
    return () => {
      disconnect();
      for (const timer of timers) clearTimeout(timer);
      // The page is left before the gathered events were read: the store outlives the page (the album
      // picker shows it next), so it is refreshed now rather than never.
      if (refreshPending) refreshAll();
    };
  }, [push, queryClient, store]);

  return { store, info };
}
