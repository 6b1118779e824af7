import { useParams } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n.context';
import { CopyIcon, DeleteIcon } from '../../shared/photo-library/preview/preview-icons';
import { UnavailableButton } from '../../shared/ui/unavailable-button';
import { AlbumPhotoPreview } from './album-frame';
import { SHARED_ALBUM } from './album-sources';
import { useSharedAlbumActions } from './use-shared-album-actions';

/**
 * `/my-photos/shared-albums/:id/preview/:photoId`: the preview over the shared album's grid store.
 * Download stays; copy and delete from album are there but unavailable (docs/product/albums.md).
 */
export function SharedAlbumPhotoPreviewPage() {
  const { id: albumId = '', photoId = '' } = useParams();
  const { t } = useI18n();
  const unavailable = useSharedAlbumActions();
  return (
    <AlbumPhotoPreview
      role={SHARED_ALBUM}
      albumId={albumId}
      photoId={photoId}
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
