import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Photo } from '@photo/contracts/photos';
import { useI18n } from '../../i18n/i18n.context';
import { AppLink, useCarryQuery } from '../../routing/app-link';
import { monthKey } from '../../timeline/timeline-layout';
import type { TimelineStore } from '../../timeline/timeline-store';
import { LoadingIndicator } from '../../ui/loading-indicator';
import { PageHeading } from '../../ui/page-heading';
import { resolveStep, stepFrom, type Direction, type Step } from './photo-walk';
import { PhotoViewer } from './photo-viewer';
import type { PreviewViewer } from './preview-viewer';
import { DownloadIcon } from './preview-icons';
import type { PreviewPhotoLookup } from './preview.queries';
import { usePreviewPhoto } from './use-preview-photo';

const NO_STEP: Step = { kind: 'none' };

/** The grid a preview belongs to: where back and close lead, and where each photo's preview lives. */
export interface PreviewGrid {
  gridPath: string;
  previewPath: (imageId: string) => string;
  /** The back button's text ('Back to photos', 'Back to album'). */
  backLabel: string;
}

export interface PreviewActionContext {
  photo: Photo;
  /**
   * Runs `operation` (a delete, a removal from the album), then leaves the photo (docs/product/photos.md): on to
   * the next one, or the previous one if it was the last, or back to the grid when none is left;
   * the photo leaves the grid's store after the view moved. A failed operation rejects and the view
   * stays, so the dialog that asked can show its error.
   */
  leaveAfter: (operation: () => Promise<void>) => Promise<void>;
}

export interface PhotoPreviewProps {
  store: TimelineStore;
  viewer: PreviewViewer;
  photoId: string;
  grid: PreviewGrid;
  /** Fetches a photo by id when the preview is opened by its address (the store does not hold it). */
  lookup: PreviewPhotoLookup;
  /** What this grid can do with the photo, after download: buttons, with the dialogs they open. */
  actions?: (context: PreviewActionContext) => ReactNode;
  /** Puts a photo whose processing failed back in the queue; absent where the viewer is not its owner. */
  retryProcessing?: (photo: Photo) => Promise<void>;
}

/**
 * The full-screen preview of any photo grid (docs/product/photos.md): the photo viewer over the grid's store, with
 * download and the grid's own actions. Moving between photos replaces the address, so the browser's
 * back button leaves the preview instead of stepping back through every photo seen.
 */
export function PhotoPreview({
  store,
  viewer,
  photoId,
  grid,
  lookup,
  actions,
  retryProcessing,
}: PhotoPreviewProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const carry = useCarryQuery();
  const [deleted, setDeleted] = useState<Photo | null>(null);
  const [moving, setMoving] = useState(false);
  const preview = usePreviewPhoto(store, viewer, photoId, lookup, deleted?.imageId === photoId);
  const shownId = useRef(photoId);
  useEffect(() => {
    shownId.current = photoId;
  });

  const { place } = preview;
  const steps: Record<Direction, Step> = {
    previous: place ? stepFrom(store, place, 'previous') : NO_STEP,
    next: place ? stepFrom(store, place, 'next') : NO_STEP,
  };

  // The photo shown keeps its page and its neighbours' loaded while the grid is away (decision 156).
  useEffect(() => {
    store.focus(photoId);
    return () => store.focus(null);
  }, [store, photoId]);

  // docs/product/photos.md: reaching the last loaded photo loads the next page (again when a page brought more).
  const { next, previous } = steps;
  const nextLoad = next.kind === 'load' ? next : undefined;
  const [loadYear, loadMonth, loadIndex] = [nextLoad?.year, nextLoad?.month, nextLoad?.index];
  const readSoFar = nextLoad ? store.month(monthKey(nextLoad.year, nextLoad.month)).photos.length : 0;
  useEffect(() => {
    if (loadYear === undefined || loadMonth === undefined || loadIndex === undefined) return;
    void store.loadPhotoAt(loadYear, loadMonth, loadIndex);
  }, [store, loadYear, loadMonth, loadIndex, readSoFar]);

  // The neighbours' previews are fetched ahead, so a step shows its photo at once.
  const previousUrl = previous.kind === 'photo' ? previous.photo.url : undefined;
  const nextUrl = next.kind === 'photo' ? next.photo.url : undefined;
  useEffect(() => {
    for (const url of [nextUrl, previousUrl]) {
      if (url) new Image().src = url;
    }
  }, [previousUrl, nextUrl]);

  const show = (photo: Photo) => navigate(carry(grid.previewPath(photo.imageId)), { replace: true });
  const close = () => navigate(carry(grid.gridPath), { replace: true });

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

  const leaveAfter = async (operation: () => Promise<void>) => {
    const photo = preview.photo;
    if (!photo) return;
    await operation();
    // docs/product/photos.md: on to the next photo, or the previous one if it was the last; none left, the grid.
    let target = await resolveStep(store, photo.imageId, 'next');
    if (target.kind !== 'photo') target = await resolveStep(store, photo.imageId, 'previous');
    setDeleted(photo);
    await (target.kind === 'photo' ? show(target.photo) : close());
    store.removePhotos([photo.imageId]);
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
            <AppLink to={grid.gridPath} replace className="button button--secondary">
              {grid.backLabel}
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
        <AppLink to={grid.gridPath} replace className="button button--secondary">
          {grid.backLabel}
        </AppLink>
      </div>
    );
  }

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
      closeTo={grid.gridPath}
      backLabel={grid.backLabel}
      onClose={() => void close()}
      busy={moving}
      actions={
        <>
          {/* The original, by the browser's own download: never held in memory (photos can be large). */}
          <a className="photo-preview__control" href={shown.untouchedUrl} download={shown.localFileName}>
            <DownloadIcon />
            <span className="photo-preview__label">{t('preview.download')}</span>
          </a>
          {actions?.({ photo: shown, leaveAfter })}
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
              {retryProcessing && (
                // A photo whose processing failed for a passing reason (visible, and can be retried).
                <button
                  type="button"
                  className="photo-preview__retry"
                  onClick={() => void retryProcessing(shown).then(() => store.refresh())}
                >
                  {t('common.tryAgain')}
                </button>
              )}
            </p>
          )}
        </>
      }
    />
  );
}
