import { useEffect, useMemo, useState } from 'react';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { librarySource } from '../../shared/photo-library/library-source';
import { readSort } from '../../shared/photo-library/sort-preference';
import { useAddToAlbum, type AlbumTarget } from '../../shared/photo-library/use-add-to-album';
import { timelineStoreFor } from '../../shared/timeline/timeline-store';
import { TimelineView } from '../../shared/timeline/timeline-view';
import { useTimelineStore } from '../../shared/timeline/use-timeline-store';
import { ModalDialog } from '../../shared/ui/modal-dialog';

const ignoreOpen = () => undefined;

/**
 * 'Add photos' from the library (docs/product/albums.md): the library's own grid, in select mode, inside a dialog.
 * Cancel leaves the album as it was; the last button says what it does ('Add 3 photos', decision 145) and
 * needs at least one photo (docs/product/albums.md, validation.md); the photos then go into the album in chunks.
 */
export function LibraryPicker({ album, onClose }: { album: AlbumTarget; onClose: () => void }) {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const store = useMemo(() => timelineStoreFor(librarySource(request), readSort('photos')), [request]);
  useTimelineStore(store);
  const { add, progress } = useAddToAlbum();
  const [failed, setFailed] = useState(false);
  const selected = store.selection.size;

  useEffect(() => {
    // The library page's selection is its own: the picker starts empty and leaves nothing behind.
    store.clearSelection();
    if (store.indexStatus !== 'fulfilled') void store.loadIndex();
    return () => store.clearSelection();
  }, [store]);

  const next = async () => {
    setFailed(false);
    try {
      await add(album, [...store.selection]);
      onClose();
    } catch {
      setFailed(true);
    }
  };

  return (
    <ModalDialog
      title={t('album.pick.title', { albumName: album.albumName })}
      onClose={onClose}
      closable={!progress}
      size="large"
      footer={
        <>
          <span className="library-picker__count" role="status">
            {progress
              ? t('album.adding', { done: progress.done, total: progress.total })
              : t('photos.selectedCount', { count: selected })}
          </span>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={!!progress}>
            {t('photos.cancel')}
          </button>
          <button
            type="button"
            className="button"
            disabled={selected === 0 || !!progress}
            onClick={() => void next()}
          >
            {t('album.pick.add', { count: selected })}
          </button>
        </>
      }
    >
      {failed && (
        <p className="alert" role="alert">
          {t('album.error.add')}
        </p>
      )}
      {store.indexStatus === 'rejected' ? (
        <p className="alert" role="alert">
          {t('photos.error.load')}
        </p>
      ) : store.indexStatus === 'fulfilled' && store.months.length === 0 ? (
        <p>{t('photos.empty')}</p>
      ) : (
        <div className="library-picker__grid">
          <TimelineView store={store} selecting onOpen={ignoreOpen} label={t('timeline.label')} />
        </div>
      )}
    </ModalDialog>
  );
}
