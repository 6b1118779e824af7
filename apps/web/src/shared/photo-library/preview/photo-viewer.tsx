import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Photo } from '@photo/contracts/photos';
import { useI18n } from '../../i18n/i18n.context';
import type { Translator } from '../../i18n/translator';
import { AppLink } from '../../routing/app-link';
import { LoadingIndicator } from '../../ui/loading-indicator';
import { PageHeading } from '../../ui/page-heading';
import type { Direction } from './photo-walk';
import { realDateTaken } from './preview-viewer';
import { BackIcon, ImageFailedIcon, NextIcon, PreviousIcon, ZoomInIcon, ZoomOutIcon } from './preview-icons';
import { NO_ZOOM, usePhotoGestures, type Zoom } from './use-photo-gestures';
import './photo-preview.css';

export interface PhotoViewerProps {
  photo: Photo;
  /** Whether a step is possible (a neighbour is loaded, or can be loaded) in each direction. */
  canMove: Record<Direction, boolean>;
  onMove: (direction: Direction) => void;
  /** The grid the preview was opened from: the back button links there. */
  closeTo: string;
  backLabel: string;
  onClose: () => void;
  /** A neighbour is being loaded. */
  busy?: boolean;
  /** Buttons after the zoom button in the top bar (download, delete, ...). */
  actions?: ReactNode;
  /** A message over the photo (a failed load of the neighbours). */
  notice?: ReactNode;
  /** Modals opened from the actions. */
  children?: ReactNode;
}

/**
 * 'Taken on': the camera's local time, shown as recorded. It carries no zone, so it is read as UTC
 * and formatted in UTC, which no time zone of the browser can shift.
 */
export function takenOnText(i18n: Pick<Translator, 'formatDate'>, dateTaken: string): string {
  return i18n.formatDate(new Date(`${dateTaken}Z`), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
}

/**
 * The full-screen preview of one photo (docs/product/photos.md), for any photo list: the 1300 preview centred,
 * back button, previous/next arrows (not on mobile), arrow keys, Escape, pointer gestures, tap to
 * show or hide the controls, double-tap or the zoom button to zoom. What the photo list can do with
 * the photo (download, delete, ...) comes in as `actions`.
 */
export function PhotoViewer(props: PhotoViewerProps) {
  const { photo, canMove, busy = false, actions, notice, children } = props;
  const i18n = useI18n();
  const { t } = i18n;
  const stage = useRef<HTMLDivElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const [controlsHidden, setControlsHidden] = useState(false);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  // Zoom belongs to one photo: the next photo starts unzoomed.
  const [zoomOf, setZoomOf] = useState<{ imageId: string; zoom: Zoom }>({
    imageId: photo.imageId,
    zoom: NO_ZOOM,
  });
  const zoom = zoomOf.imageId === photo.imageId ? zoomOf.zoom : NO_ZOOM;
  const zoomed = zoom.scale > 1;

  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  const move = (direction: Direction) => {
    if (latest.current.canMove[direction]) latest.current.onMove(direction);
  };

  const gestures = usePhotoGestures({
    stage,
    image,
    zoom,
    onZoomChange: (next) => setZoomOf({ imageId: photo.imageId, zoom: next }),
    onSwipe: move,
    onSwipeClose: () => latest.current.onClose(),
    onTap: () => setControlsHidden((hidden) => !hidden),
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Controls hidden by a tap come back for the keyboard.
      setControlsHidden(false);
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      // docs/product/photos.md: Escape closes unless another modal is open; that modal owns the keys meanwhile.
      if (document.querySelector('dialog[open]')) return;
      const { canMove: can, onMove, onClose } = latest.current;
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        const direction = event.key === 'ArrowLeft' ? 'previous' : 'next';
        if (can[direction]) onMove(direction);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const taken = realDateTaken(photo);
  const takenOn = taken ? t('preview.takenOn', { date: takenOnText(i18n, taken) }) : undefined;
  const alt = taken
    ? t('preview.altTaken', { name: photo.localFileName, date: takenOnText(i18n, taken) })
    : t('preview.alt', { name: photo.localFileName });
  const drag = gestures.drag ?? { x: 0, y: 0 };
  const failed = failedUrl === photo.url;

  return (
    <div
      className={`photo-preview${controlsHidden ? ' photo-preview--controls-hidden' : ''}`}
      data-zoomed={zoomed}
    >
      <div className="visually-hidden">
        <PageHeading title={t('preview.title', { name: photo.localFileName })} />
      </div>
      <div ref={stage} className="photo-preview__stage" aria-busy={busy} {...gestures.handlers}>
        {failed ? (
          <div className="photo-preview__failed">
            <ImageFailedIcon />
            <p>{t('preview.imageFailed')}</p>
          </div>
        ) : (
          <img
            key={photo.imageId}
            ref={image}
            className="photo-preview__image"
            src={photo.url}
            alt={alt}
            width={photo.visibleWidth || undefined}
            height={photo.visibleHeight || undefined}
            draggable={false}
            decoding="async"
            onError={() => setFailedUrl(photo.url)}
            style={{
              transform: `translate3d(${zoom.x + drag.x}px, ${zoom.y + drag.y}px, 0px) scale(${zoom.scale})`,
              transition: gestures.drag ? 'none' : undefined,
            }}
          />
        )}
      </div>

      <div className="photo-preview__bar photo-preview__bar--top">
        <AppLink to={props.closeTo} replace className="photo-preview__control">
          <BackIcon />
          <span className="photo-preview__label">{props.backLabel}</span>
        </AppLink>
        <div className="photo-preview__actions">
          <button
            type="button"
            className="photo-preview__control"
            onClick={gestures.toggleZoom}
            disabled={failed}
          >
            {zoomed ? <ZoomOutIcon /> : <ZoomInIcon />}
            <span className="photo-preview__label">{t(zoomed ? 'preview.zoomOut' : 'preview.zoomIn')}</span>
          </button>
          {actions}
        </div>
      </div>

      {(['previous', 'next'] as const).map((direction) => (
        <button
          key={direction}
          type="button"
          className={`photo-preview__arrow photo-preview__arrow--${direction}`}
          // aria-disabled rather than disabled: the button keeps focus when the last photo is reached.
          aria-disabled={!canMove[direction]}
          onClick={() => move(direction)}
        >
          {direction === 'previous' ? <PreviousIcon /> : <NextIcon />}
          <span className="visually-hidden">
            {t(direction === 'previous' ? 'preview.previous' : 'preview.next')}
          </span>
        </button>
      ))}

      <div className="photo-preview__bar photo-preview__bar--bottom">
        <p className="photo-preview__name">{photo.localFileName}</p>
        {takenOn && <p className="photo-preview__taken">{takenOn}</p>}
      </div>

      {notice && <div className="photo-preview__notice">{notice}</div>}
      {busy && (
        <div className="photo-preview__busy">
          <LoadingIndicator label={t('common.loading')} />
        </div>
      )}
      <p className="visually-hidden" aria-live="polite">
        {alt}
      </p>
      {children}
    </div>
  );
}
