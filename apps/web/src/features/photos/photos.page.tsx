import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useLocation, useSearchParams } from 'react-router';
import type { Photo } from '@photo/contracts/photos';
import type { PagePrefetch } from '../../shared/routing/page-prefetch';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { MyPhotosHeader } from '../../shared/photo-library/my-photos-header';
import { TimelineView } from '../../shared/timeline/timeline-view';
import type { TimelineSort } from '../../shared/timeline/timeline-store';
import { useTimelineStore } from '../../shared/timeline/use-timeline-store';
import { CopyToAlbumDialog } from '../../shared/photo-library/copy-to-album-dialog';
import { DeleteAllDialog, DeleteSelectedDialog } from '../../shared/photo-library/delete-dialogs';
import { SelectingBar } from '../../shared/photo-library/selecting-bar';
import { SelectionToolbar } from '../../shared/photo-library/selection-toolbar';
import { readSort, writeSort } from '../../shared/photo-library/sort-preference';
import { SortMenu } from '../../shared/photo-library/sort-menu';
import { UploadDialog } from '../../shared/photo-library/upload/upload-dialog';
import { parseMonthParam } from '../../shared/photo-library/upload/upload-placement';
import { useUploadManager } from '../../shared/photo-library/upload/use-upload-manager';
import { prefetchPhotoLibrary, usePhotoLibrary } from './use-photo-library';
import { WelcomeBanner } from './welcome-banner';
import '../../shared/photo-library/photo-grid-page.css';
import './photos.css';

type OpenDialog = 'upload' | 'delete-selected' | 'delete-all' | 'copy' | null;

export const prefetchPage: PagePrefetch = (environment, queryClient, url) =>
  prefetchPhotoLibrary(environment, queryClient, {
    sort: readSort('photos'),
    startsAtTop: !url.searchParams.has('month'),
  });

/** 'My photos' (docs/product/photos.md): the library's timeline with upload, select mode and deletes. */
export function PhotosPage() {
  const { t } = useI18n();
  const { flags } = useAppEnvironment();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [sort, setSort] = useState(() => readSort('photos'));
  const { store, info } = usePhotoLibrary(sort);
  useTimelineStore(store);
  const [selecting, setSelecting] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  useUploadManager();
  const [searchParams, setSearchParams] = useSearchParams();
  const startMonthParam = searchParams.get('month');
  const startMonth = useMemo(() => parseMonthParam(startMonthParam), [startMonthParam]);
  // Shown once: the parameter goes, so coming back from a preview restores the scroll instead; the page
  // keeps its scroll (the router would put a new address at the top, above the month just shown).
  const startMonthShown = useCallback(
    () =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('month');
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearchParams],
  );

  const open = useCallback(
    (photo: Photo) => void navigate({ pathname: `/my-photos/photos/preview/${photo.imageId}`, search }),
    [navigate, search],
  );

  const endSelecting = () => {
    store.clearSelection();
    setSelecting(false);
  };

  const changeSort = (next: TimelineSort) => {
    writeSort('photos', next);
    setSort(next);
  };

  const status = info.data?.status;
  const importing = status === 'IMPORTING' || status === 'NOT_ACTIVE';
  const photosCount = store.indexStatus === 'fulfilled' ? store.totalCount() : info.data?.photosCount;

  return (
    <div className="photo-grid-page">
      <MyPhotosHeader current="photos" photosCount={photosCount} />
      <WelcomeBanner />
      <div className="photo-grid-page__toolbar">
        {selecting ? (
          <>
            <SelectingBar store={store} onCancel={endSelecting} />
          </>
        ) : (
          <>
            {flags.PhotoManagementUploadViewEnabled && (
              <button type="button" className="button" onClick={() => setDialog('upload')}>
                {t('photos.addPhotos')}
              </button>
            )}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setSelecting(true)}
              disabled={store.months.length === 0}
            >
              {t('photos.select')}
            </button>
            <SortMenu sort={sort} onChange={changeSort} />
          </>
        )}
      </div>
      {importing && (
        <p className="photo-grid-page__notice" role="status">
          {t('photos.importing')}
        </p>
      )}
      {status === 'DELETING' && (
        <p className="photo-grid-page__notice" role="status">
          {t('photos.deleting')}
        </p>
      )}
      {store.indexStatus === 'rejected' ? (
        <p className="photo-grid-page__error" role="alert">
          {t('photos.error.load')}
        </p>
      ) : store.indexStatus === 'fulfilled' && store.months.length === 0 ? (
        !importing && <p className="photo-grid-page__empty">{t('photos.empty')}</p>
      ) : (
        <div className="photo-grid-page__timeline">
          <TimelineView
            store={store}
            selecting={selecting}
            onOpen={open}
            label={t('timeline.label')}
            startMonth={startMonth}
            onStartMonthShown={startMonthShown}
          />
        </div>
      )}
      {!selecting && store.months.length > 0 && (
        // Not beside everyday actions (issue 23): at the end of the page, set apart, said what it does.
        <section className="photo-grid-page__danger-zone" aria-labelledby="photos-danger-zone">
          <h2 id="photos-danger-zone">{t('photos.dangerZone.title')}</h2>
          <p>{t('photos.dangerZone.text')}</p>
          <button type="button" className="button button--danger" onClick={() => setDialog('delete-all')}>
            {t('photos.deleteAll.open')}
          </button>
        </section>
      )}
      {selecting && (
        <SelectionToolbar
          store={store}
          items={[
            'download',
            ...(flags.PhotoManagementAlbumViewEnabled
              ? [{ id: 'copy', label: t('photos.copyToAlbum'), onSelect: () => setDialog('copy') }]
              : []),
            {
              id: 'delete',
              label: t('photos.delete'),
              danger: true,
              onSelect: () => setDialog('delete-selected'),
            },
          ]}
          onDownloaded={endSelecting}
        />
      )}
      {dialog === 'upload' && <UploadDialog onClose={() => setDialog(null)} />}
      {dialog === 'delete-selected' && (
        <DeleteSelectedDialog
          store={store}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setDialog(null);
            endSelecting();
          }}
        />
      )}
      {dialog === 'copy' && (
        <CopyToAlbumDialog
          photoIds={[...store.selection]}
          onCopied={() => {
            setDialog(null);
            endSelecting();
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'delete-all' && <DeleteAllDialog store={store} onClose={() => setDialog(null)} />}
    </div>
  );
}
