import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { albumsApi, type Album } from '@photo/contracts/albums';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { AlbumNameDialog } from '../../shared/photo-library/album-name-dialog';
import { removePhotosFromAlbum } from '../../shared/photo-library/album-photos';
import { albumQueries } from '../../shared/photo-library/albums.queries';
import { deletePhotos } from '../../shared/photo-library/delete-photos';
import { CopyToAlbumDialog } from '../../shared/photo-library/copy-to-album-dialog';
import { subscribePhotoEvents } from '../../shared/photo-library/photo-events';
import { canOrderPrints } from '../../shared/photo-library/prints/prints-ordering';
import { OrderPrintsDialog } from '../../shared/photo-library/prints/order-prints-dialog';
import type { SelectionToolbarItem } from '../../shared/photo-library/selection-toolbar';
import { UploadDialog } from '../../shared/photo-library/upload/upload-dialog';
import { useUploadManager } from '../../shared/photo-library/upload/use-upload-manager';
import { CarryNavigate } from '../../shared/routing/app-link';
import { refreshStoresOf, type TimelineStore } from '../../shared/timeline/timeline-store';
import { ModalDialog } from '../../shared/ui/modal-dialog';
import { isMobileScreen } from '../../shared/ui/screen';
import { failureReport } from '../../shared/api/error-reporter';
import { DeleteAlbumDialog, RemoveOrDeleteDialog } from './album-dialogs';
import { AlbumFrame, AlbumLoader } from './album-frame';
import { ALBUMS_PATH, sharedAlbumPath } from './album-paths';
import { OWN_ALBUM } from './album-sources';
import { LibraryPicker } from './library-picker';
import { useAlbumView } from './use-album-grid';
import '../../shared/photo-library/photo-grid-page.css';
import { photoQueries } from '../../shared/photo-library/photos.queries';
import './albums.css';

/** docs/product/limits.md: back from the app after 2 seconds. */
export const APP_RETURN_MS = 2_000;

type OpenDialog = 'add' | 'pick' | 'upload' | 'rename' | 'delete' | 'remove' | 'copy' | 'prints' | null;

/** Select all (docs/product/states.md, while ordering prints): every photo of the album, month by month. */
async function selectAll(store: TimelineStore): Promise<void> {
  for (const entry of store.months) {
    store.setSelected(await store.loadMonthIds(entry.year, entry.month), true);
  }
}

/** `/my-photos/albums/:id` (docs/product/albums.md). A shared album opens as one when shared albums are shown. */
export function AlbumPage() {
  const { id: albumId = '' } = useParams();
  const { request, flags } = useAppEnvironment();
  const album = useQuery(albumQueries.album(request, albumId));
  return (
    <AlbumLoader album={album}>
      {(data) =>
        flags.PhotoManagementSharedAlbumsViewEnabled && data.isShared ? (
          <CarryNavigate to={sharedAlbumPath(albumId)} />
        ) : (
          <OwnAlbum album={data} />
        )
      }
    </AlbumLoader>
  );
}

function OwnAlbum({ album }: { album: Album }) {
  const { t } = useI18n();
  const { request, flags, config, leaveTo, reportError, push } = useAppEnvironment();
  const queryClient = useQueryClient();
  const { albumId, albumName } = album;
  const view = useAlbumView(OWN_ALBUM, albumId);
  const { store, endSelecting } = view;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const uploads = useUploadManager();

  const refreshAlbum = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: photoQueries.all() });
  }, [queryClient]);

  // Photos uploaded into the album show as they are processed.
  useEffect(
    () =>
      subscribePhotoEvents(push, (event) => {
        uploads.onPhotoEvent(event);
        if (event.type === 'photo-processed' || event.type === 'photo-failed') {
          // An upload into the album is an upload into the library too.
          void store.refresh();
          refreshStoresOf('library');
          refreshAlbum();
        }
      }),
    [push, uploads, store, refreshAlbum],
  );

  /** docs/product/albums.md, limits.md: on a phone with the shop's app, photos are added there, and the page comes back. */
  const addPhotos = () => {
    if (config.nativeAppUrl && isMobileScreen()) {
      const app = new URL(config.nativeAppUrl);
      app.searchParams.set('albumId', albumId);
      const here = window.location.href;
      leaveTo(app.href);
      setTimeout(() => leaveTo(here), APP_RETURN_MS);
      return;
    }
    setDialog('add');
  };

  const rename = (name: string) =>
    request(albumsApi.update, { params: { albumId }, body: { name } }).catch((error: unknown) => {
      reportError(failureReport('RENAME_ALBUM_FAILED', error));
      throw error;
    });

  const deleteAlbum = async () => {
    await request(albumsApi.remove, { params: { albumId } }).catch((error: unknown) => {
      reportError(failureReport('DELETE_ALBUM_FAILED', error));
      throw error;
    });
    await view.leave(t('album.deleted', { albumName }), ALBUMS_PATH);
  };

  const selectedIds = [...store.selection];
  const removeSelected = async () => {
    try {
      await removePhotosFromAlbum(request, albumId, selectedIds, (removed) => store.removePhotos(removed));
    } catch (error) {
      reportError(failureReport('REMOVE_FROM_ALBUM_FAILED', error));
      throw error;
    } finally {
      refreshAlbum();
    }
    setDialog(null);
    endSelecting();
  };
  const deleteSelected = async () => {
    try {
      await deletePhotos(request, selectedIds, (deleted) => store.removePhotos(deleted));
    } catch (error) {
      reportError(failureReport('DELETE_PHOTOS_FAILED', error));
      throw error;
    } finally {
      refreshAlbum();
      refreshStoresOf('library');
    }
    setDialog(null);
    endSelecting();
  };

  const allSelected = store.selection.size > 0 && store.selection.size === store.totalCount();
  const toolbarItems: SelectionToolbarItem[] = [
    ...(canOrderPrints(config)
      ? [{ id: 'prints', label: t('album.orderPrints'), onSelect: () => setDialog('prints') }]
      : []),
    'download',
    { id: 'copy', label: t('photos.copyToAlbum'), onSelect: () => setDialog('copy') },
    {
      id: 'remove',
      label: t('album.removeFromAlbum'),
      danger: true,
      onSelect: () => setDialog('remove'),
    },
  ];

  return (
    <AlbumFrame
      view={view}
      role={OWN_ALBUM}
      album={album}
      onEditName={() => setDialog('rename')}
      leadingActions={
        <button type="button" className="button" onClick={addPhotos}>
          {t('photos.addPhotos')}
        </button>
      }
      selectingActions={
        <button
          type="button"
          className="button button--secondary"
          onClick={() => (allSelected ? store.clearSelection() : void selectAll(store))}
        >
          {allSelected ? t('album.deselectAll') : t('album.selectAll')}
        </button>
      }
      deleteLabel={t('album.delete.open')}
      onDelete={() => setDialog('delete')}
      toolbarItems={toolbarItems}
    >
      {dialog === 'add' && (
        <ModalDialog title={t('album.add.title', { albumName })} onClose={() => setDialog(null)}>
          <div className="modal-dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => setDialog('pick')}>
              {t('album.add.fromLibrary')}
            </button>
            {flags.PhotoManagementUploadViewEnabled && (
              <button type="button" className="button" onClick={() => setDialog('upload')}>
                {t('album.add.upload')}
              </button>
            )}
          </div>
        </ModalDialog>
      )}
      {dialog === 'pick' && <LibraryPicker album={album} onClose={() => setDialog(null)} />}
      {dialog === 'upload' && <UploadDialog albumId={albumId} onClose={() => setDialog(null)} />}
      {dialog === 'rename' && (
        <AlbumNameDialog
          title={t('album.editName')}
          submitLabel={t('album.save')}
          initialName={albumName}
          onSubmit={rename}
          onSaved={() => {
            refreshAlbum();
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'delete' && (
        <DeleteAlbumDialog albumName={albumName} onConfirm={deleteAlbum} onClose={() => setDialog(null)} />
      )}
      {dialog === 'copy' && (
        <CopyToAlbumDialog
          photoIds={selectedIds}
          fromAlbumId={albumId}
          onCopied={() => {
            setDialog(null);
            endSelecting();
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'prints' && <OrderPrintsDialog photoIds={selectedIds} onClose={() => setDialog(null)} />}
      {dialog === 'remove' && (
        <RemoveOrDeleteDialog
          count={selectedIds.length}
          albumName={albumName}
          remove={removeSelected}
          deleteEverywhere={deleteSelected}
          onClose={() => setDialog(null)}
        />
      )}
    </AlbumFrame>
  );
}
