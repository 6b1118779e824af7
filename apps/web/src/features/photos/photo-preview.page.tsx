import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { librarySource } from '../../shared/photo-library/library-source';
import { LibraryPhotoPreview } from '../../shared/photo-library/preview/library-photo-preview';
import { usePreviewStore } from '../../shared/photo-library/preview/use-preview-store';

/**
 * `/my-photos/photos/preview/:id`: the full-screen preview over the same store as the grid (same
 * source, same stored sort), so a photo opened from the grid needs no request. docs/product/routes.md: the
 * created-sort viewer when the stored sort key is 'created', otherwise the date-taken viewer.
 */
export function PhotoPreviewPage() {
  const { id = '' } = useParams();
  const { request } = useAppEnvironment();
  const source = useMemo(() => librarySource(request), [request]);
  const { store, viewer } = usePreviewStore(source, 'photos');
  return <LibraryPhotoPreview store={store} viewer={viewer} photoId={id} />;
}
