import { useI18n } from '../../shared/i18n/i18n.context';
import type { TimelineStore } from '../../shared/timeline/timeline-store';

/** Spec 5: at most 100 photos per download request. */
export const MAX_DOWNLOAD_PHOTOS = 100;

/**
 * The bottom toolbar of select mode. Download takes one photo's original here (many photos arrive
 * as archives with the downloads capability); above 100 it is disabled with the spec's tooltip.
 */
export function SelectionToolbar({
  store,
  onDelete,
  onDownloaded,
}: {
  store: TimelineStore;
  onDelete: () => void;
  onDownloaded: () => void;
}) {
  const { t } = useI18n();
  const selected = [...store.selection];
  const single =
    selected.length === 1 ? store.loadedPhotos().find((photo) => photo.imageId === selected[0]) : undefined;
  const downloadHint =
    selected.length > MAX_DOWNLOAD_PHOTOS
      ? t('photos.download.tooMany')
      : selected.length > 1
        ? t('photos.download.oneAtATime')
        : undefined;

  return (
    <div className="selection-toolbar" role="toolbar" aria-label={t('photos.selectionActions')}>
      {single ? (
        <a
          className="button button--secondary"
          href={single.untouchedUrl}
          download={single.localFileName}
          onClick={onDownloaded}
        >
          {t('photos.download.action')}
        </a>
      ) : (
        <span className="selection-toolbar__hint" title={downloadHint}>
          <button
            type="button"
            className="button button--secondary"
            disabled
            aria-describedby={downloadHint ? 'download-hint' : undefined}
          >
            {t('photos.download.action')}
          </button>
          {downloadHint && (
            <span id="download-hint" className="selection-toolbar__hint-text">
              {downloadHint}
            </span>
          )}
        </span>
      )}
      <button
        type="button"
        className="button button--danger"
        disabled={selected.length === 0}
        onClick={onDelete}
      >
        {t('photos.delete')}
      </button>
    </div>
  );
}
