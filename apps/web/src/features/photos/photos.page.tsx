import { useCallback, useState } from 'react';
import { useNavigate, useLocation } from 'react-router';
import { photosApi, type Photo } from '@photo/contracts/photos';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { MyPhotosHeader } from '../../shared/photo-library/my-photos-header';
import { TimelineView } from '../../shared/timeline/timeline-view';
import type { TimelineSort } from '../../shared/timeline/timeline-store';
import { useTimelineStore } from '../../shared/timeline/use-timeline-store';
import { DeleteAllDialog, DeleteSelectedDialog } from './delete-dialogs';
import { SelectionToolbar } from './selection-toolbar';
import { readPhotosSort, writePhotosSort } from './sort-preference';
import { UploadDialog } from './upload/upload-dialog';
import { uploadManager } from './upload/upload-manager';
import { usePhotoLibrary } from './use-photo-library';
import { WelcomeBanner } from './welcome-banner';
import './photos.css';

type OpenDialog = 'upload' | 'delete-selected' | 'delete-all' | null;

const sortChoices: Array<{ value: string; sort: TimelineSort }> = [
  { value: 'dateTaken-desc', sort: { sortKey: 'dateTaken', sortOrder: 'desc' } },
  { value: 'dateTaken-asc', sort: { sortKey: 'dateTaken', sortOrder: 'asc' } },
  { value: 'created-desc', sort: { sortKey: 'created', sortOrder: 'desc' } },
  { value: 'created-asc', sort: { sortKey: 'created', sortOrder: 'asc' } },
];

/** 'My photos' (spec 2.2): the library's timeline with upload, select mode and deletes. */
export function PhotosPage() {
  const { t } = useI18n();
  const { flags, config, request } = useAppEnvironment();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [sort, setSort] = useState(readPhotosSort);
  const { store, info } = usePhotoLibrary(sort);
  useTimelineStore(store);
  const [selecting, setSelecting] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  uploadManager.configure(config.apiBaseUrls.upload, (photoId) =>
    request(photosApi.get, { params: { photoId } }),
  );

  const open = useCallback(
    (photo: Photo) => void navigate({ pathname: `/my-photos/photos/preview/${photo.imageId}`, search }),
    [navigate, search],
  );

  const endSelecting = () => {
    store.clearSelection();
    setSelecting(false);
  };

  const changeSort = (value: string) => {
    const choice = sortChoices.find((candidate) => candidate.value === value);
    if (!choice) return;
    writePhotosSort(choice.sort);
    setSort(choice.sort);
  };

  const status = info.data?.status;
  const importing = status === 'IMPORTING' || status === 'NOT_ACTIVE';
  const photosCount = store.indexStatus === 'fulfilled' ? store.totalCount() : info.data?.photosCount;

  return (
    <div className="photos-page">
      <MyPhotosHeader current="photos" photosCount={photosCount} albumsCount={info.data?.albumsCount} />
      <WelcomeBanner />
      <div className="photos-page__toolbar">
        {selecting ? (
          <>
            <button type="button" className="button button--secondary" onClick={endSelecting}>
              {t('photos.cancel')}
            </button>
            <span className="photos-page__selected" role="status">
              {t('photos.selectedCount', { count: store.selection.size })}
            </span>
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
            <label className="photos-page__sort">
              <span>{t('photos.sortBy')}</span>
              <select
                value={`${sort.sortKey}-${sort.sortOrder}`}
                onChange={(event) => changeSort(event.target.value)}
              >
                {sortChoices.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {t(`photos.sort.${choice.value}` as 'photos.sort.dateTaken-desc')}
                  </option>
                ))}
              </select>
            </label>
            {store.months.length > 0 && (
              <button
                type="button"
                className="photos-page__delete-all"
                onClick={() => setDialog('delete-all')}
              >
                {t('photos.deleteAll.open')}
              </button>
            )}
          </>
        )}
      </div>
      {importing && (
        <p className="photos-page__notice" role="status">
          {t('photos.importing')}
        </p>
      )}
      {status === 'DELETING' && (
        <p className="photos-page__notice" role="status">
          {t('photos.deleting')}
        </p>
      )}
      {store.indexStatus === 'rejected' ? (
        <p className="photos-page__error" role="alert">
          {t('photos.error.load')}
        </p>
      ) : store.indexStatus === 'fulfilled' && store.months.length === 0 ? (
        !importing && <p className="photos-page__empty">{t('photos.empty')}</p>
      ) : (
        <div className="photos-page__timeline">
          <TimelineView store={store} selecting={selecting} onOpen={open} label={t('timeline.label')} />
        </div>
      )}
      {selecting && (
        <SelectionToolbar
          store={store}
          onDelete={() => setDialog('delete-selected')}
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
      {dialog === 'delete-all' && <DeleteAllDialog store={store} onClose={() => setDialog(null)} />}
    </div>
  );
}
