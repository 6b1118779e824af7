import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import type { Photo } from '@photo/contracts/photos';
import { isApiError } from '../../shared/api/api-error';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import type { MessageId } from '../../shared/i18n/translator';
import { PhotoPreview, type PhotoPreviewProps } from '../../shared/photo-library/preview/photo-preview';
import { usePreviewStore } from '../../shared/photo-library/preview/use-preview-store';
import type { ArchiveTarget } from '../../shared/photo-library/archive-download';
import { SelectingBar } from '../../shared/photo-library/selecting-bar';
import { SelectionToolbar, type SelectionToolbarItem } from '../../shared/photo-library/selection-toolbar';
import { SortSelect } from '../../shared/photo-library/sort-select';
import { AppLink } from '../../shared/routing/app-link';
import type { TimelineStore } from '../../shared/timeline/timeline-store';
import { TimelineView } from '../../shared/timeline/timeline-view';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { Page } from '../../shared/ui/page';
import { PageHeading } from '../../shared/ui/page-heading';
import { ALBUMS_PATH } from './album-paths';
import type { AlbumRole } from './album-sources';
import { createdText } from './created-text';
import type { AlbumView } from './use-album-grid';

/** The head of an album page (docs/product/albums.md): breadcrumb 'My albums', the name, and the stats. */
function AlbumHead({
  albumName,
  photosCount,
  created,
  onEditName,
}: {
  albumName: string;
  photosCount: number;
  created: string;
  /** Offers 'Edit album name' (own albums only). */
  onEditName?: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <>
      <nav className="album-page__breadcrumb" aria-label={t('album.breadcrumb')}>
        <ol>
          <li>
            <AppLink to={ALBUMS_PATH}>{t('album.myAlbums')}</AppLink>
          </li>
        </ol>
      </nav>
      <div className="album-page__head">
        <PageHeading title={albumName} />
        {onEditName && (
          <button type="button" className="album-page__edit-name" onClick={onEditName}>
            {t('album.editName')}
          </button>
        )}
      </div>
      <p className="album-page__stats">
        {t('timeline.photoCount', { count: photosCount })}
        <span aria-hidden="true"> · </span>
        <span className="visually-hidden">, </span>
        {createdText(i18n, created)}
      </p>
    </>
  );
}

/** An album's photos on the grid engine, or why there are none to show: loading, empty, failed. */
function AlbumGrid({
  store,
  selecting,
  onOpen,
  albumName,
  emptyText,
}: {
  store: TimelineStore;
  selecting: boolean;
  onOpen: (photo: Photo) => void;
  albumName: string;
  /** 'Your album is empty', or 'This album is empty' for a shared album (docs/product/albums.md). */
  emptyText: MessageId;
}) {
  const { t } = useI18n();
  if (store.indexStatus === 'rejected') {
    return (
      <p className="photo-grid-page__error" role="alert">
        {t('album.error.loadPhotos')}
      </p>
    );
  }
  if (store.months.length === 0) {
    return store.indexStatus === 'fulfilled' ? (
      <p className="photo-grid-page__empty">{t(emptyText)}</p>
    ) : (
      <LoadingIndicator label={t('common.loading')} />
    );
  }
  return (
    <div className="photo-grid-page__timeline">
      <TimelineView
        store={store}
        selecting={selecting}
        onOpen={onOpen}
        label={t('album.photosLabel', { albumName })}
      />
    </div>
  );
}

/** 'Select' on an album: a selection left from an earlier visit to the album is not this one's. */
function SelectButton({ store, onSelect }: { store: TimelineStore; onSelect: () => void }) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => {
        store.clearSelection();
        onSelect();
      }}
      disabled={store.months.length === 0}
    >
      {t('photos.select')}
    </button>
  );
}

/** An album's page until its album is there: loading, or not found / failed with a way back to the list. */
export function AlbumLoader<T>({
  album,
  children,
}: {
  album: UseQueryResult<T>;
  children: (album: T) => ReactNode;
}) {
  const { t } = useI18n();
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
  return children(album.data);
}

/**
 * One album page (docs/product/albums.md), own or shared: head, toolbar, the grid, select mode. The role's
 * differences come in as parts: what stands around the head, the toolbar's own buttons, the selection's
 * actions, and the page's dialogs as children.
 */
export function AlbumFrame({
  view,
  role,
  album,
  banner,
  onEditName,
  details,
  leadingActions,
  selectingActions,
  deleteLabel,
  onDelete,
  toolbarItems,
  downloadTarget,
  children,
}: {
  view: AlbumView;
  role: AlbumRole;
  album: { albumName: string; photosCount: number; created: string };
  /** Above the head (a shared album says it is one). */
  banner?: ReactNode;
  onEditName?: () => void;
  /** Below the head's stats (who the album is shared with, or by whom). */
  details?: ReactNode;
  /** Before 'Select' in the toolbar. */
  leadingActions?: ReactNode;
  /** Beside the selected count in select mode. */
  selectingActions?: ReactNode;
  deleteLabel: string;
  onDelete: () => void;
  toolbarItems: SelectionToolbarItem[];
  downloadTarget?: (photoIds: string[]) => ArchiveTarget;
  children?: ReactNode;
}) {
  const { store, selecting, endSelecting } = view;
  return (
    <div className="album-page">
      {banner}
      <AlbumHead
        albumName={album.albumName}
        photosCount={album.photosCount}
        created={album.created}
        onEditName={onEditName}
      />
      {details}
      <div className="photo-grid-page__toolbar">
        {selecting ? (
          <SelectingBar store={store} onCancel={endSelecting}>
            {selectingActions}
          </SelectingBar>
        ) : (
          <>
            {leadingActions}
            <SelectButton store={store} onSelect={view.startSelecting} />
            <SortSelect sort={view.sort} onChange={view.changeSort} />
            <button type="button" className="photo-grid-page__danger" onClick={onDelete}>
              {deleteLabel}
            </button>
          </>
        )}
      </div>
      <AlbumGrid
        store={store}
        selecting={selecting}
        onOpen={view.open}
        albumName={album.albumName}
        emptyText={role.emptyText}
      />
      {selecting && (
        <SelectionToolbar
          store={store}
          items={toolbarItems}
          onDownloaded={endSelecting}
          downloadTarget={downloadTarget}
        />
      )}
      {children}
    </div>
  );
}

/** The preview over an album's own grid store (own or shared), with the role's actions. */
export function AlbumPhotoPreview({
  role,
  albumId,
  photoId,
  actions,
  retryProcessing,
}: {
  role: AlbumRole;
  albumId: string;
  photoId: string;
} & Pick<PhotoPreviewProps, 'actions' | 'retryProcessing'>) {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const source = useMemo(() => role.source(request, albumId), [role, request, albumId]);
  const { store, viewer } = usePreviewStore(source, role.sortArea);
  return (
    <PhotoPreview
      store={store}
      viewer={viewer}
      photoId={photoId}
      grid={{
        gridPath: role.gridPath(albumId),
        previewPath: role.previewPath(albumId),
        backLabel: t('preview.backToAlbum'),
      }}
      lookup={role.lookup(request, albumId)}
      actions={actions}
      retryProcessing={retryProcessing}
    />
  );
}
