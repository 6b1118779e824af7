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
 * A preview action that takes the photo out of the grid (delete it, remove it from an album): the
 * operation, then on to a neighbour (docs/product/photos.md). A failure is reported under `action` and thrown on, for
 * the dialog to show; done, the dialog closes and every photo query is refreshed.
 */
export function usePhotoLeaving(leaveAfter: PreviewActionContext['leaveAfter'], closeDialog: () => void) {
  const { reportError } = useAppEnvironment();
  const queryClient = useQueryClient();
  return (operation: () => Promise<unknown>, action: string) =>
    leaveAfter(async () => {
      try {
        await operation();
      } catch (error) {
        reportError(failureReport(action, error));
        throw error;
      }
      closeDialog();
      void queryClient.invalidateQueries({ queryKey: photoQueries.all() });
    });
}

/**
 * Delete in a preview: the photo leaves the library for good (docs/product/photos.md 'delete single photo'). When
 * it fails, the docs/product/errors.md text shows inside the modal, which stays open for another try or a cancel.
 */
export function DeletePhotoAction({ photo, leaveAfter }: PreviewActionContext) {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const [open, setOpen] = useState(false);
  const leave = usePhotoLeaving(leaveAfter, () => setOpen(false));
  const remove = () => leave(() => deletePhotos(request, [photo.imageId]), 'DELETE_PHOTO_FAILED');
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

/** The full-screen preview of the photo library (docs/product/photos.md): download and delete. */
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
