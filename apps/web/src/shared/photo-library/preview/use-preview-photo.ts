import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PHOTOS_PAGE_SIZE, type Photo } from '@photo/contracts/photos';
import { monthKey } from '../../timeline/timeline-layout';
import type { TimelineStore } from '../../timeline/timeline-store';
import { useTimelineStore } from '../../timeline/use-timeline-store';
import { findPhoto, type PhotoPlace } from './photo-walk';
import type { PreviewViewer } from './preview-viewer';
import { isPhotoNotFound, type PreviewPhotoLookup } from './preview.queries';

export interface PreviewPhoto {
  /** The photo to show: from the store, else fetched by id while its month loads. */
  photo: Photo | undefined;
  /** Where it sits in the store; until then there are no neighbours. */
  place: PhotoPlace | undefined;
  notFound: boolean;
  failed: boolean;
  retry: () => void;
  /** The index or the photo's month failed to load: the photo shows, its neighbours cannot. */
  neighboursFailed: boolean;
  retryNeighbours: () => void;
}

/**
 * The photo of a preview and its place in the grid's store. Coming from the grid, the store has it
 * and nothing is fetched. Opened by its address (a reload, a link), the store is empty: the photo
 * is fetched to learn its month under the viewer's sort key, and that month loads (in pages of 500)
 * until it holds the photo, so the walk through its neighbours starts where the grid would.
 */
export function usePreviewPhoto(
  store: TimelineStore,
  viewer: PreviewViewer,
  photoId: string,
  lookup: PreviewPhotoLookup,
  /** No fetch for a photo that is being left after its delete. */
  skipFetch = false,
): PreviewPhoto {
  useTimelineStore(store);
  const place = findPhoto(store, photoId);
  const query = useQuery({
    queryKey: lookup.queryKey(photoId),
    queryFn: ({ signal }) => lookup.fetch(photoId, signal),
    // Its page may have been dropped and be on its way again (decision 156): the photo is fetched
    // meanwhile rather than the preview going blank.
    enabled: !place?.photo && !skipFetch,
  });

  useEffect(() => {
    if (store.indexStatus !== 'fulfilled') void store.loadIndex();
  }, [store]);

  const target = !place && query.data ? viewer.monthOf(query.data) : undefined;
  const targetYear = target?.year;
  const targetMonth = target?.month;
  const targetInIndex = store.months.some(
    (entry) => entry.year === targetYear && entry.month === targetMonth,
  );
  const targetData =
    targetYear === undefined || targetMonth === undefined
      ? undefined
      : store.month(monthKey(targetYear, targetMonth));

  useEffect(() => {
    if (targetYear === undefined || targetMonth === undefined || !targetData || !targetInIndex) return;
    if (targetData.complete || targetData.status === 'pending' || targetData.status === 'rejected') return;
    // Each page that arrives replaces the month's data, which runs this again until the photo is in.
    // Pages nobody needs are dropped again as they come; the photo's own is kept (the preview's focus).
    void store.ensureRead(targetYear, targetMonth, targetData.photos.length + PHOTOS_PAGE_SIZE);
  }, [store, targetYear, targetMonth, targetData, targetInIndex]);

  const notFound = query.isError && isPhotoNotFound(query.error);
  return {
    photo: place?.photo ?? query.data,
    place,
    notFound,
    failed: query.isError && !notFound,
    retry: () => void query.refetch(),
    neighboursFailed:
      !place &&
      query.data !== undefined &&
      (store.indexStatus === 'rejected' || targetData?.status === 'rejected'),
    retryNeighbours: () => {
      if (store.indexStatus === 'rejected') void store.loadIndex();
      else if (targetYear !== undefined && targetMonth !== undefined)
        store.retryMonth(targetYear, targetMonth);
    },
  };
}
