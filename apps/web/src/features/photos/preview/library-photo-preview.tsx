import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { photosApi, type Photo } from '@photo/contracts/photos';
import { useAppEnvironment } from '../../../shared/environment/app-environment.context';
import { useI18n } from '../../../shared/i18n/i18n.context';
import { AppLink, useCarryQuery } from '../../../shared/routing/app-link';
import { monthKey } from '../../../shared/timeline/timeline-layout';
import type { TimelineStore } from '../../../shared/timeline/timeline-store';
import { LoadingIndicator } from '../../../shared/ui/loading-indicator';
import { PageHeading } from '../../../shared/ui/page-heading';
import { deletePhotos } from '../delete-photos';
import { photoQueries } from '../photos.queries';
import { DeletePhotoDialog } from './delete-photo-dialog';
import { resolveStep, stepFrom, type Direction, type Step } from './photo-walk';
import { PhotoViewer } from './photo-viewer';
import type { PreviewViewer } from './preview-viewer';
import { DeleteIcon, DownloadIcon } from './preview-icons';
import { usePreviewPhoto } from './use-preview-photo';

export const LIBRARY_GRID_PATH = '/my-photos/photos';
export const libraryPreviewPath = (imageId: string) =>
  `${LIBRARY_GRID_PATH}/preview/${encodeURIComponent(imageId)}`;

const NO_STEP: Step = { kind: 'none' };

/**
 * The full-screen preview of the photo library (spec 2.3): the photo viewer over the grid's store,
 * with download and delete. Moving between photos replaces the address, so the browser's back
 * button leaves the preview instead of stepping back through every photo seen.
 */
export function LibraryPhotoPreview({
  store,
  viewer,
  photoId,
}: {
  store: TimelineStore;
  viewer: PreviewViewer;
  photoId: string;
}) {
  const { t } = useI18n();
  const { request, reportError } = useAppEnvironment();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const carry = useCarryQuery();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleted, setDeleted] = useState<Photo | null>(null);
  const [moving, setMoving] = useState(false);
  const preview = usePreviewPhoto(store, viewer, photoId, deleted?.imageId === photoId);
  const shownId = useRef(photoId);
  useEffect(() => {
    shownId.current = photoId;
  });

  const { place } = preview;
  const steps: Record<Direction, Step> = {
    previous: place ? stepFrom(store, place, 'previous') : NO_STEP,
    next: place ? stepFrom(store, place, 'next') : NO_STEP,
  };

  // Spec 2.3: reaching the last loaded photo loads the next page (again when a page brought more).
  const { next, previous } = steps;
  const nextToLoad =
    next.kind === 'load'
      ? `${monthKey(next.year, next.month)}:${store.month(monthKey(next.year, next.month)).photos.length}`
      : null;
  useEffect(() => {
    if (nextToLoad) void store.loadMoreAfter(photoId);
  }, [store, photoId, nextToLoad]);

  // The neighbours' previews are fetched ahead, so a step shows its photo at once.
  const previousUrl = previous.kind === 'photo' ? previous.photo.url : undefined;
  const nextUrl = next.kind === 'photo' ? next.photo.url : undefined;
  useEffect(() => {
    for (const url of [nextUrl, previousUrl]) {
      if (url) new Image().src = url;
    }
  }, [previousUrl, nextUrl]);

  const show = (photo: Photo) => navigate(carry(libraryPreviewPath(photo.imageId)), { replace: true });
  const close = () => navigate(carry(LIBRARY_GRID_PATH), { replace: true });

  const move = async (direction: Direction) => {
    const step = steps[direction];
    if (step.kind === 'photo') {
      await show(step.photo);
      return;
    }
    if (step.kind === 'none' || moving) return;
    const from = photoId;
    setMoving(true);
    const resolved = await resolveStep(store, from, direction);
    setMoving(false);
    // The customer may have gone elsewhere while the neighbour loaded.
    if (resolved.kind === 'photo' && shownId.current === from) await show(resolved.photo);
  };

  const deleteShown = async () => {
    const photo = preview.photo;
    if (!photo) return;
    try {
      await deletePhotos(request, [photo.imageId]);
    } catch (error) {
      reportError({
        action: 'DELETE_PHOTO_FAILED',
        message: error instanceof Error ? error.message : 'failed',
      });
      throw error;
    }
    // Spec 2.3: on to the next photo, or the previous one if it was the last; none left, the grid.
    let target = await resolveStep(store, photo.imageId, 'next');
    if (target.kind !== 'photo') target = await resolveStep(store, photo.imageId, 'previous');
    setDeleted(photo);
    setDeleteOpen(false);
    await (target.kind === 'photo' ? show(target.photo) : close());
    store.removePhotos([photo.imageId]);
    void queryClient.invalidateQueries({ queryKey: photoQueries.all() });
  };

  const shown = preview.photo ?? (deleted?.imageId === photoId ? deleted : undefined);
  if (!shown) {
    if (preview.notFound || preview.failed) {
      return (
        <div className="photo-preview photo-preview--message">
          <PageHeading title={t(preview.notFound ? 'preview.notFound.title' : 'preview.loadError.title')} />
          <p>{t(preview.notFound ? 'preview.notFound.message' : 'preview.loadError.message')}</p>
          <div className="actions">
            {preview.failed && (
              <button type="button" className="button" onClick={preview.retry}>
                {t('common.tryAgain')}
              </button>
            )}
            <AppLink to={LIBRARY_GRID_PATH} replace className="button button--secondary">
              {t('preview.back')}
            </AppLink>
          </div>
        </div>
      );
    }
    return (
      <div className="photo-preview photo-preview--message">
        <div className="visually-hidden">
          <PageHeading title={t('preview.loadingTitle')} />
        </div>
        <LoadingIndicator label={t('common.loading')} />
        <AppLink to={LIBRARY_GRID_PATH} replace className="button button--secondary">
          {t('preview.back')}
        </AppLink>
      </div>
    );
  }

  // A photo whose processing failed for a passing reason (spec: visible, and can be retried).
  const retryProcessing = async () => {
    await request(photosApi.retryProcessing, { params: { photoId: shown.imageId } });
    await queryClient.invalidateQueries({ queryKey: photoQueries.all() });
    void store.refresh();
  };

  const failedSteps = [previous, next].filter(
    (step): step is Extract<Step, { kind: 'failed' }> => step.kind === 'failed',
  );
  const neighboursFailed = preview.neighboursFailed || failedSteps.length > 0;
  const retryNeighbours = () => {
    preview.retryNeighbours();
    for (const step of failedSteps) store.retryMonth(step.year, step.month);
  };

  return (
    <PhotoViewer
      photo={shown}
      canMove={{ previous: previous.kind !== 'none', next: next.kind !== 'none' }}
      onMove={(direction) => void move(direction)}
      closeTo={LIBRARY_GRID_PATH}
      onClose={() => void close()}
      busy={moving}
      actions={
        <>
          {/* The original, by the browser's own download: never held in memory (photos can be large). */}
          <a className="photo-preview__control" href={shown.untouchedUrl} download={shown.localFileName}>
            <DownloadIcon />
            <span className="photo-preview__label">{t('preview.download')}</span>
          </a>
          <button type="button" className="photo-preview__control" onClick={() => setDeleteOpen(true)}>
            <DeleteIcon />
            <span className="photo-preview__label">{t('preview.delete.open')}</span>
          </button>
        </>
      }
      notice={
        <>
          {neighboursFailed && (
            <p className="photo-preview__alert" role="alert">
              {t('preview.neighboursError')}{' '}
              <button type="button" className="photo-preview__retry" onClick={retryNeighbours}>
                {t('common.tryAgain')}
              </button>
            </p>
          )}
          {shown.status === 'failed' && (
            <p className="photo-preview__alert" role="alert">
              {t('preview.processingFailed')}{' '}
              <button type="button" className="photo-preview__retry" onClick={() => void retryProcessing()}>
                {t('common.tryAgain')}
              </button>
            </p>
          )}
        </>
      }
    >
      {deleteOpen && <DeletePhotoDialog onConfirm={deleteShown} onClose={() => setDeleteOpen(false)} />}
    </PhotoViewer>
  );
}
