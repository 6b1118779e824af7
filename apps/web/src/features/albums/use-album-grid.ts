import { useEffect, useMemo, useState } from 'react';
import {
  timelineStoreFor,
  type TimelineSort,
  type TimelineSource,
} from '../../shared/timeline/timeline-store';
import { useTimelineStore } from '../../shared/timeline/use-timeline-store';

/**
 * The grid store of an album (decision 005: the album is a source of sections). Coming back from its
 * preview the grid is kept as it was; coming from anywhere else it is reloaded, as photos may have
 * been copied in, taken out or deleted from the library meanwhile.
 */
export function useAlbumGrid(source: TimelineSource, sort: TimelineSort) {
  const store = useMemo(() => timelineStoreFor(source, sort), [source, sort]);
  useTimelineStore(store);
  const [returning] = useState(() => store.hasSavedScroll());
  useEffect(() => {
    if (store.indexStatus !== 'fulfilled') void store.loadIndex();
    else if (!returning) void store.refresh();
    // Only when the store changes (another album, another sort): not on every return to the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);
  return store;
}
