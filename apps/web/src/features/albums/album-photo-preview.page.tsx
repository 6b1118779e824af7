import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { albumsApi } from '@photo/contracts/albums';
import { photosApi } from '@photo/contracts/photos';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { removePhotosFromAlbum } from '../../shared/photo-library/album-photos';
import { albumQueries } from '../../shared/photo-library/albums.queries';
import { deletePhotos } from '../../shared/photo-library/delete-photos';
import { CopyToAlbumAction } from '../../shared/photo-library/preview/copy-to-album-action';
import { usePhotoLeaving } from '../../shared/photo-library/preview/library-photo-preview';
import type { PreviewActionContext } from '../../shared/photo-library/preview/photo-preview';
import { CoverIcon, DeleteIcon } from '../../shared/photo-library/preview/preview-icons';
import { CarryNavigate } from '../../shared/routing/app-link';
import { refreshStoresOf } from '../../shared/timeline/timeline-store';
import { useToasts } from '../../shared/ui/toasts';
import { photoQueries } from '../../shared/photo-library/photos.queries';
import { RemoveOrDeleteDialog } from './album-dialogs';
import { AlbumPhotoPreview } from './album-frame';
import { sharedAlbumPreviewPath } from './album-paths';
import { OWN_ALBUM } from './album-sources';

/** 'Delete from album' in the preview: remove it from the album, or delete it everywhere (docs/product/photos.md). */
function RemoveFromAlbumAction({
  photo,
  leaveAfter,
  albumId,
  albumName,
}: PreviewActionContext & { albumId: string; albumName: string }) {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const [open, setOpen] = useState(false);
  const leave = usePhotoLeaving(leaveAfter, () => setOpen(false));
  return (
    <>
      <button type="button" className="photo-preview__control" onClick={() => setOpen(true)}>
        <DeleteIcon />
        <span className="photo-preview__label">{t('preview.deleteFromAlbum')}</span>
      </button>
      {open && (
        <RemoveOrDeleteDialog
          count={1}
          albumName={albumName}
          remove={() =>
            leave(() => removePhotosFromAlbum(request, albumId, [photo.imageId]), 'REMOVE_FROM_ALBUM_FAILED')
          }
          deleteEverywhere={() =>
            leave(async () => {
              await deletePhotos(request, [photo.imageId]);
              refreshStoresOf('library');
            }, 'DELETE_PHOTO_FAILED')
          }
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** 'Use as album cover' (the cover is the newest photo unless the customer picks one). */
function UseAsCoverAction({ photo, albumId }: PreviewActionContext & { albumId: string }) {
  const { t } = useI18n();
  const toasts = useToasts();
  const { request } = useAppEnvironment();
  const queryClient = useQueryClient();
  const use = async () => {
    try {
      await request(albumsApi.update, { params: { albumId }, body: { coverPhotoId: photo.imageId } });
      toasts.show({ message: t('album.coverChanged'), tone: 'success' });
      void queryClient.invalidateQueries({ queryKey: photoQueries.all() });
    } catch {
      toasts.show({ message: t('album.error.save'), tone: 'error' });
    }
  };
  return (
    <button type="button" className="photo-preview__control" onClick={() => void use()}>
      <CoverIcon />
      <span className="photo-preview__label">{t('preview.useAsCover')}</span>
    </button>
  );
}

/** `/my-photos/albums/:id/preview/:photoId`: the preview over the album's own grid store. */
export function AlbumPhotoPreviewPage() {
  const { id: albumId = '', photoId = '' } = useParams();
  const { request, flags } = useAppEnvironment();
  const queryClient = useQueryClient();
  const album = useQuery(albumQueries.album(request, albumId));
  if (flags.PhotoManagementSharedAlbumsViewEnabled && album.data?.isShared) {
    return <CarryNavigate to={sharedAlbumPreviewPath(albumId)(photoId)} />;
  }
  const albumName = album.data?.albumName ?? '';
  return (
    <AlbumPhotoPreview
      role={OWN_ALBUM}
      albumId={albumId}
      photoId={photoId}
      actions={(context) => (
        <>
          <CopyToAlbumAction photo={context.photo} fromAlbumId={albumId} />
          <UseAsCoverAction {...context} albumId={albumId} />
          <RemoveFromAlbumAction {...context} albumId={albumId} albumName={albumName} />
        </>
      )}
      retryProcessing={async (photo) => {
        await request(photosApi.retryProcessing, { params: { photoId: photo.imageId } });
        await queryClient.invalidateQueries({ queryKey: photoQueries.all() });
      }}
    />
  );
}
