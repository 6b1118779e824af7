import { useId, useState } from 'react';
import { MAX_DOWNLOAD_PHOTOS } from '@photo/contracts/downloads';
import { useT } from '../i18n/i18n.context';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useToasts } from '../ui/toasts';
import { ARCHIVE_TOAST_MS, useArchiveDownloads, type ArchiveTarget } from './archive-download';
import './download-action.css';

export interface DownloadActionProps {
  /** How many photos are selected. */
  count: number;
  /** The one selected photo's original, when exactly one is selected and known: it downloads directly. */
  single?: { url: string; fileName: string } | undefined;
  /** The archive to ask for when several are selected. */
  target: () => ArchiveTarget;
  /** Called once the download has started (docs/product/photos.md: the selection ends). */
  onDownloaded: () => void;
}

/**
 * Download in a select-mode toolbar (library, album, shared album): one photo directly, 2 to 100 as
 * an archive after the download modal (docs/product/photos.md), above 100 disabled with the spec's tooltip (docs/product/validation.md).
 */
export function DownloadAction({ count, single, target, onDownloaded }: DownloadActionProps) {
  const t = useT();
  const toasts = useToasts();
  const archives = useArchiveDownloads();
  const [confirming, setConfirming] = useState(false);
  const hintId = useId();

  if (count === 1 && single) {
    return (
      <a
        className="button button--secondary"
        href={single.url}
        download={single.fileName}
        onClick={onDownloaded}
      >
        {t('photos.download.action')}
      </a>
    );
  }
  const tooMany = count > MAX_DOWNLOAD_PHOTOS;
  return (
    <>
      <span className="download-action" title={tooMany ? t('photos.download.tooMany') : undefined}>
        <button
          type="button"
          className="button button--secondary"
          disabled={count === 0 || tooMany}
          aria-describedby={tooMany ? hintId : undefined}
          onClick={() => setConfirming(true)}
        >
          {t('photos.download.action')}
        </button>
        {tooMany && (
          <span id={hintId} className="download-action__text">
            {t('photos.download.tooMany')}
          </span>
        )}
      </span>
      {confirming && (
        <ConfirmDialog
          title={t('downloads.dialog.title', { count })}
          message={t('downloads.dialog.message')}
          confirmLabel={t('downloads.dialog.confirm')}
          cancelLabel={t('photos.cancel')}
          errorMessage={t('downloads.error', { count })}
          confirmTone="primary"
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            try {
              await archives.start(target());
            } catch (error) {
              toasts.show({
                message: t('downloads.toast.failed'),
                durationMs: ARCHIVE_TOAST_MS.startFailed,
                tone: 'error',
              });
              throw error;
            }
            setConfirming(false);
            onDownloaded();
          }}
        />
      )}
    </>
  );
}
