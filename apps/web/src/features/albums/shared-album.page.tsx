import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { Photo } from '@photo/contracts/photos';
import { shareApi, type SharedAlbum } from '@photo/contracts/shares';
import { isApiError } from '../../shared/api/api-error';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { SelectingBar } from '../../shared/photo-library/selecting-bar';
import { SelectionToolbar, type SelectionToolbarItem } from '../../shared/photo-library/selection-toolbar';
import { readSort, writeSort } from '../../shared/photo-library/sort-preference';
import { SortSelect } from '../../shared/photo-library/sort-select';
import { AppLink, useCarryQuery } from '../../shared/routing/app-link';
import type { TimelineSort } from '../../shared/timeline/timeline-store';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { Page } from '../../shared/ui/page';
import { useToasts } from '../../shared/ui/toasts';
import { ALBUMS_PATH, albumPath, sharedAlbumPreviewPath } from './album-paths';
import { sharedAlbumSource } from './album-sources';
import { AlbumGrid, AlbumHead, SelectButton } from './album-frame';
import { ParticipantsDialog } from './share-dialogs';
import { sharedAlbumQueries } from './shared-albums.queries';
import { useAlbumGrid } from './use-album-grid';
import { useSharedAlbumActions } from './use-shared-album-actions';
import '../../shared/photo-library/photo-grid-page.css';
import { photoQueries } from '../../shared/photo-library/photos.queries';
import './albums.css';

/** `/my-photos/shared-albums/:id` (spec 2.4): a shared album, read-only for owner and participant. */
export function SharedAlbumPage() {
  const { id: albumId = '' } = useParams();
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const album = useQuery(sharedAlbumQueries.album(request, albumId));
  if (album.isPending) {
    return (
      <Page title={t('title.albums')}>
        <LoadingIndicator label={t('common.loading')} />
      </Page>
    );
  }
  if (album.isError) {
    const notFound = isApiError(album.error, 404) || isApiError(album.error, 400);
    return (
      <Page title={t('title.albums')}>
        <p className="albums-page__error" role="alert">
          {t(notFound ? 'album.notFound' : 'album.error.load')}
        </p>
        <p>
          <AppLink to={ALBUMS_PATH}>{t('album.myAlbums')}</AppLink>
        </p>
      </Page>
    );
  }
  return <SharedAlbumView album={album.data} />;
}

type OpenDialog = 'participants' | 'delete' | null;

function SharedAlbumView({ album }: { album: SharedAlbum }) {
  const { t } = useI18n();
  const toasts = useToasts();
  const { request, reportError } = useAppEnvironment();
  const customer = useCustomer();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const carry = useCarryQuery();
  const { search } = useLocation();
  const { albumId, albumName } = album;
  // Spec 6: the owner is the customer whose id the album names.
  const isOwner = album.ownerId === customer.id;
  const participants = useQuery(sharedAlbumQueries.participants(request, albumId));
  const [sort, setSort] = useState(() => readSort('sharedAlbumPhotos'));
  const source = useMemo(() => sharedAlbumSource(request, albumId), [request, albumId]);
  const store = useAlbumGrid(source, sort);
  const [selecting, setSelecting] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const unavailable = useSharedAlbumActions();

  const open = useCallback(
    (photo: Photo) => void navigate({ pathname: sharedAlbumPreviewPath(albumId)(photo.imageId), search }),
    [navigate, search, albumId],
  );
  const endSelecting = () => {
    store.clearSelection();
    setSelecting(false);
  };
  const changeSort = (next: TimelineSort) => {
    writeSort('sharedAlbumPhotos', next);
    setSort(next);
  };

  /** The owner is back to an own album; the album is no longer shared. */
  const unshared = async () => {
    toasts.show({ message: t('sharedAlbum.unshared', { albumName }), tone: 'success' });
    await queryClient.invalidateQueries({ queryKey: photoQueries.all() });
    void navigate(carry(albumPath(albumId)), { replace: true });
  };

  /** Spec 2.4: the owner stops sharing; a participant removes the album from what is shared with them. */
  const deleteShared = async () => {
    await request(shareApi.remove, { params: { albumId } }).catch((error: unknown) => {
      reportError({
        action: 'DELETE_SHARED_ALBUM_FAILED',
        message: error instanceof Error ? error.message : 'failed',
      });
      throw error;
    });
    if (isOwner) {
      await unshared();
      return;
    }
    toasts.show({ message: t('album.deleted', { albumName }), tone: 'success' });
    await queryClient.invalidateQueries({ queryKey: photoQueries.all() });
    void navigate(carry(ALBUMS_PATH), { replace: true });
  };

  const toolbarItems: SelectionToolbarItem[] = [
    ...unavailable.orderPrints,
    'download',
    ...unavailable.copy,
    unavailable.deleteFromAlbum,
  ];
  const sharedCount = participants.data?.participants.length;

  return (
    <div className="album-page">
      <p className="album-page__banner">{t('sharedAlbum.banner')}</p>
      <AlbumHead albumName={albumName} photosCount={album.photosCount} created={album.created} />
      {isOwner ? (
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
      )}
      <div className="photo-grid-page__toolbar">
        {selecting ? (
          <>
            <SelectingBar store={store} onCancel={endSelecting} />
          </>
        ) : (
          <>
            <SelectButton store={store} onSelect={() => setSelecting(true)} />
            <SortSelect sort={sort} onChange={changeSort} />
            <button type="button" className="album-page__danger" onClick={() => setDialog('delete')}>
              {t('sharedAlbum.delete.open')}
            </button>
          </>
        )}
      </div>
      <AlbumGrid
        store={store}
        selecting={selecting}
        onOpen={open}
        albumName={albumName}
        emptyText="sharedAlbum.empty"
      />
      {selecting && (
        <SelectionToolbar
          store={store}
          items={toolbarItems}
          onDownloaded={endSelecting}
          // Spec 6: a shared album's download names each photo's owner, all of them the album's.
          downloadTarget={(photoIds) => ({
            kind: 'shared-album',
            albumId,
            photos: photoIds.map((photoId) => ({ photoId, ownerId: album.ownerId })),
          })}
        />
      )}
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
    </div>
  );
}
