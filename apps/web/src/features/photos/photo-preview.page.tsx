import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { timelineStoreFor } from '../../shared/timeline/timeline-store';
import { librarySource } from './library-source';
import { LibraryPhotoPreview } from './preview/library-photo-preview';
import { previewViewerFor } from './preview/preview-viewer';
import { readPhotosSort } from './sort-preference';

/**
 * `/my-photos/photos/preview/:id`: the full-screen preview over the same store as the grid (same
 * source, same stored sort), so a photo opened from the grid needs no request. Spec 2.1: the
 * created-sort viewer when the stored sort key is 'created', otherwise the date-taken viewer.
 */
export function PhotoPreviewPage() {
  const { id = '' } = useParams();
  const { request } = useAppEnvironment();
  const [sort] = useState(readPhotosSort);
  const viewer = previewViewerFor(sort);
  const store = useMemo(
    () => timelineStoreFor(librarySource(request), { sortKey: viewer.sortKey, sortOrder: sort.sortOrder }),
    [request, viewer, sort.sortOrder],
  );
  return <LibraryPhotoPreview store={store} viewer={viewer} photoId={id} />;
}
