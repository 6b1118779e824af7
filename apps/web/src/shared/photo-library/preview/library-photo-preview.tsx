import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { photosApi } from '@photo/contracts/photos';
import { useAppEnvironment } from '../../environment/app-environment.context';
import { useI18n } from '../../i18n/i18n.context';
import type { TimelineStore } from '../../timeline/timeline-store';
import { deletePhotos } from '../delete-photos';
import { photoQueries } from '../photos.queries';
import { CopyToAlbumAction } from './copy-to-album-action';
import { DeletePhotoDialog } from './delete-photo-dialog';
import { PhotoPreview, type PreviewActionContext } from './photo-preview';
import type { PreviewViewer } from './preview-viewer';
import { DeleteIcon } from './preview-icons';
import { libraryPhotoLookup } from './preview.queries';
import { failureReport } from '../../api/error-reporter';

export const LIBRARY_GRID_PATH = '/my-photos/photos';
export const libraryPreviewPath = (imageId: string) =>
  `${LIBRARY_GRID_PATH}/preview/${encodeURIComponent(imageId)}`;

/**
 * Delete in a preview: the photo leaves the library for good (spec 2.5 'delete single photo'). When
 * it fails, the spec 8 text shows inside the modal, which stays open for another try or a cancel.
 */
export function DeletePhotoAction({ photo, leaveAfter }: PreviewActionContext) {
  const { t } = useI18n();
  const { request, reportError } = useAppEnvironment();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const remove = () =>
    leaveAfter(async () => {
      try {
        await deletePhotos(request, [photo.imageId]);
      } catch (error) {
        reportError(failureReport('DELETE_PHOTO_FAILED', error));
        throw error;
      }
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: photoQueries.all() });
    });
  return (
    <>
      <button type="button" className="photo-preview__control" onClick={() => setOpen(true)}>
        <DeleteIcon />
        <span className="photo-preview__label">{t('preview.delete.open')}</span>
      </button>
      {open && <DeletePhotoDialog onConfirm={remove} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The full-screen preview of the photo library (spec 2.3): download and delete. */
export function LibraryPhotoPreview({
  store,
  viewer,
  photoId,
}: {
  store: TimelineStore;
  viewer: PreviewViewer;
  photoId: string;
}) {
  const { t } = useI18n();
  const { request, flags } = useAppEnvironment();
  const queryClient = useQueryClient();
  return (
    <PhotoPreview
      store={store}
      viewer={viewer}
      photoId={photoId}
      grid={{ gridPath: LIBRARY_GRID_PATH, previewPath: libraryPreviewPath, backLabel: t('preview.back') }}
      lookup={libraryPhotoLookup(request)}
      actions={(context) => (
        <>
          {flags.PhotoManagementAlbumViewEnabled && <CopyToAlbumAction photo={context.photo} />}
          <DeletePhotoAction {...context} />
        </>
      )}
      retryProcessing={async (photo) => {
        await request(photosApi.retryProcessing, { params: { photoId: photo.imageId } });
        await queryClient.invalidateQueries({ queryKey: photoQueries.all() });
      }}
    />
  );
}
