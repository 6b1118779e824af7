import { useMemo, useState } from 'react';
import { timelineStoreFor, type TimelineSource } from '../../timeline/timeline-store';
import { readSort, type SortArea } from '../sort-preference';
import { previewViewerFor } from './preview-viewer';

/**
 * The grid's own store for a preview: same source, same stored sort (so a photo opened from the grid
 * needs no request), with the viewer docs/product/routes.md picks by the sort key. `source` must keep its identity.
 */
export function usePreviewStore(source: TimelineSource, area: SortArea) {
  const [sort] = useState(() => readSort(area));
  const viewer = previewViewerFor(sort);
  const store = useMemo(
    () => timelineStoreFor(source, { sortKey: viewer.sortKey, sortOrder: sort.sortOrder }),
    [source, viewer, sort.sortOrder],
  );
  return { store, viewer };
}
