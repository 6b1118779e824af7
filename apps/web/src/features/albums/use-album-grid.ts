import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Photo } from '@photo/contracts/photos';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { photoQueries } from '../../shared/photo-library/photos.queries';
import { readSort, writeSort } from '../../shared/photo-library/sort-preference';
import { useCarryQuery } from '../../shared/routing/app-link';
import {
  timelineStoreFor,
  type TimelineSort,
  type TimelineSource,
} from '../../shared/timeline/timeline-store';
import { useTimelineStore } from '../../shared/timeline/use-timeline-store';
import { useToasts } from '../../shared/ui/toasts';
import type { AlbumRole } from './album-sources';

/**
 * The grid store of an album (decision 005: the album is a source of sections). Coming back from its
 * preview the grid is kept as it was; coming from anywhere else it is reloaded, as photos may have
 * been copied in, taken out or deleted from the library meanwhile.
 */
function useAlbumGrid(source: TimelineSource, sort: TimelineSort) {
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

/** An album page's grid and what every album page does with it: sort, select, open, leave. */
export function useAlbumView(role: AlbumRole, albumId: string) {
  const { request } = useAppEnvironment();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const carry = useCarryQuery();
  const { search } = useLocation();
  const [sort, setSort] = useState(() => readSort(role.sortArea));
  const source = useMemo(() => role.source(request, albumId), [role, request, albumId]);
  const store = useAlbumGrid(source, sort);
  const [selecting, setSelecting] = useState(false);

  const open = useCallback(
    (photo: Photo) => void navigate({ pathname: role.previewPath(albumId)(photo.imageId), search }),
    [navigate, search, role, albumId],
  );

  return {
    store,
    sort,
    selecting,
    open,
    startSelecting: () => setSelecting(true),
    endSelecting: () => {
      store.clearSelection();
      setSelecting(false);
    },
    changeSort: (next: TimelineSort) => {
      writeSort(role.sortArea, next);
      setSort(next);
    },
    /** Away from an album that is gone for the customer (deleted, unshared, left), telling them. */
    leave: async (message: string, to: string) => {
      toasts.show({ message, tone: 'success' });
      await queryClient.invalidateQueries({ queryKey: photoQueries.all() });
      void navigate(carry(to), { replace: true });
    },
  };
}

export type AlbumView = ReturnType<typeof useAlbumView>;
