import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { shareApi, type SharedAlbum } from '@photo/contracts/shared-albums';
import { failureReport } from '../../shared/api/error-reporter';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import type { SelectionToolbarItem } from '../../shared/photo-library/selection-toolbar';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { AlbumFrame, AlbumLoader } from './album-frame';
import { ALBUMS_PATH, albumPath } from './album-paths';
import { SHARED_ALBUM } from './album-sources';
import { ParticipantsDialog } from './participants-dialog';
import { sharedAlbumQueries } from './shared-albums.queries';
import { useAlbumView } from './use-album-grid';
import { useSharedAlbumActions } from './use-shared-album-actions';
import '../../shared/photo-library/photo-grid-page.css';
import './albums.css';

/** `/my-photos/shared-albums/:id` (docs/product/albums.md): a shared album, read-only for owner and participant. */
export function SharedAlbumPage() {
  const { id: albumId = '' } = useParams();
  const { request } = useAppEnvironment();
  const album = useQuery(sharedAlbumQueries.album(request, albumId));
  return <AlbumLoader album={album}>{(data) => <SharedAlbumView album={data} />}</AlbumLoader>;
}

type OpenDialog = 'participants' | 'delete' | null;

function SharedAlbumView({ album }: { album: SharedAlbum }) {
  const { t } = useI18n();
  const { request, reportError } = useAppEnvironment();
  const customer = useCustomer();
  const { albumId, albumName } = album;
  // docs/product/roles.md: the owner is the customer whose id the album names.
  const isOwner = album.ownerId === customer.id;
  const participants = useQuery(sharedAlbumQueries.participants(request, albumId));
  const view = useAlbumView(SHARED_ALBUM, albumId);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const unavailable = useSharedAlbumActions();

  /** The owner is back to an own album; the album is no longer shared. */
  const unshared = () => view.leave(t('sharedAlbum.unshared', { albumName }), albumPath(albumId));

  /** docs/product/albums.md: the owner stops sharing; a participant removes the album from what is shared with them. */
  const deleteShared = async () => {
    await request(shareApi.remove, { params: { albumId } }).catch((error: unknown) => {
      reportError(failureReport('DELETE_SHARED_ALBUM_FAILED', error));
      throw error;
    });
    if (isOwner) {
      await unshared();
      return;
    }
    await view.leave(t('album.deleted', { albumName }), ALBUMS_PATH);
  };

  const toolbarItems: SelectionToolbarItem[] = [
    ...unavailable.orderPrints,
    'download',
    ...unavailable.copy,
    unavailable.deleteFromAlbum,
  ];
  const sharedCount = participants.data?.participants.length;

  return (
    <AlbumFrame
      view={view}
      role={SHARED_ALBUM}
      album={album}
      banner={<p className="album-page__banner">{t('sharedAlbum.banner')}</p>}
      details={
        isOwner ? (
          <p className="album-page__stats">
            {sharedCount === undefined ? null : t('sharedAlbum.sharedWith', { count: sharedCount })}{' '}
            <button type="button" className="album-page__edit-name" onClick={() => setDialog('participants')}>
              {t('sharedAlbum.participants.open')}
            </button>
          </p>
        ) : (
          participants.data && (
            <p className="album-page__stats">
              {t('sharedAlbum.owner', { email: participants.data.owner.email })}
            </p>
          )
        )
      }
      deleteLabel={t('sharedAlbum.delete.open')}
      onDelete={() => setDialog('delete')}
      toolbarItems={toolbarItems}
      // docs/product/roles.md: a shared album's download names each photo's owner, all of them the album's.
      downloadTarget={(photoIds) => ({
        kind: 'shared-album',
        albumId,
        photos: photoIds.map((photoId) => ({ photoId, ownerId: album.ownerId })),
      })}
    >
      {dialog === 'participants' && (
        <ParticipantsDialog
          albumId={albumId}
          onNoneLeft={() => void unshared()}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={t(isOwner ? 'sharedAlbum.delete.ownerTitle' : 'sharedAlbum.delete.participantTitle')}
          message={t(isOwner ? 'sharedAlbum.delete.ownerMessage' : 'sharedAlbum.delete.participantMessage', {
            albumName,
          })}
          confirmLabel={t(
            isOwner ? 'sharedAlbum.delete.ownerConfirm' : 'sharedAlbum.delete.participantConfirm',
          )}
          cancelLabel={t('photos.cancel')}
          errorMessage={t('album.error.delete')}
          onConfirm={deleteShared}
          onClose={() => setDialog(null)}
        />
      )}
    </AlbumFrame>
  );
}
