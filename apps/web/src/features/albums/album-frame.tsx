import type { Photo } from '@photo/contracts/photos';
import { useI18n } from '../../shared/i18n/i18n.context';
import type { MessageId } from '../../shared/i18n/translator';
import { AppLink } from '../../shared/routing/app-link';
import type { TimelineStore } from '../../shared/timeline/timeline-store';
import { TimelineView } from '../../shared/timeline/timeline-view';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { PageHeading } from '../../shared/ui/page-heading';
import { ALBUMS_PATH } from './album-paths';
import { createdText } from './created-text';

/** The head of an album page (spec 2.4): breadcrumb 'My albums', the name, and the stats. */
export function AlbumHead({
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
export function AlbumGrid({
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
  /** 'Your album is empty', or 'This album is empty' for a shared album (spec 2.4). */
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
export function SelectButton({ store, onSelect }: { store: TimelineStore; onSelect: () => void }) {
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
