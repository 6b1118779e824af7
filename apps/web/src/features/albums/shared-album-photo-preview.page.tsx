import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { PhotoPreview } from '../../shared/photo-library/preview/photo-preview';
import { CopyIcon, DeleteIcon } from '../../shared/photo-library/preview/preview-icons';
import { usePreviewStore } from '../../shared/photo-library/preview/use-preview-store';
import { UnavailableButton } from '../../shared/ui/unavailable-button';
import { sharedAlbumPath, sharedAlbumPreviewPath } from './album-paths';
import { sharedAlbumPhotoLookup, sharedAlbumSource } from './album-sources';
import { useSharedAlbumActions } from './use-shared-album-actions';

/**
 * `/my-photos/shared-albums/:id/preview/:photoId`: the preview over the shared album's grid store.
 * Download stays; copy and delete from album are there but unavailable (spec 2.4).
 */
export function SharedAlbumPhotoPreviewPage() {
  const { id: albumId = '', photoId = '' } = useParams();
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const unavailable = useSharedAlbumActions();
  const source = useMemo(() => sharedAlbumSource(request, albumId), [request, albumId]);
  const { store, viewer } = usePreviewStore(source, 'sharedAlbumPhotos');
  return (
    <PhotoPreview
      store={store}
      viewer={viewer}
      photoId={photoId}
      grid={{
        gridPath: sharedAlbumPath(albumId),
        previewPath: sharedAlbumPreviewPath(albumId),
        backLabel: t('preview.backToAlbum'),
      }}
      lookup={sharedAlbumPhotoLookup(request, albumId)}
      actions={() => (
        <>
          {unavailable.copy.map((action) => (
            <UnavailableButton
              key={action.id}
              reason={unavailable.reason}
              className="photo-preview__control"
              placement="below"
            >
              <CopyIcon />
              <span className="photo-preview__label">{action.label}</span>
            </UnavailableButton>
          ))}
          <UnavailableButton reason={unavailable.reason} className="photo-preview__control" placement="below">
            <DeleteIcon />
            <span className="photo-preview__label">{t('preview.deleteFromAlbum')}</span>
          </UnavailableButton>
        </>
      )}
    />
  );
}
