import { useRef, useState, useSyncExternalStore, type DragEvent } from 'react';
import { acceptedUploadTypes } from '@photo/contracts/upload';
import { useI18n } from '../../i18n/i18n.context';
import type { MessageId } from '../../i18n/translator';
import { ModalDialog } from '../../ui/modal-dialog';
import { uploadManager, type UploadItem } from './upload-manager';
import './upload-dialog.css';

const failureMessage: Record<NonNullable<UploadItem['failure']>, MessageId> = {
  type: 'upload.error.type',
  tooLarge: 'upload.error.tooLarge',
  quota: 'upload.error.quota',
  rate: 'upload.error.rate',
  broken: 'upload.error.broken',
  network: 'upload.error.network',
  other: 'upload.error.other',
};

const statusMessage: Record<Exclude<UploadItem['status'], 'failed'>, MessageId> = {
  ready: 'upload.status.ready',
  uploading: 'upload.status.uploading',
  processing: 'upload.status.processing',
  done: 'upload.status.done',
  duplicate: 'upload.status.duplicate',
};

/**
 * The upload modal (docs/product/photos.md): files chosen by hand or dropped, nothing sent until confirmed, then a
 * row per file with its progress or its error, and a summary. Closing it does not stop the uploads.
 */
export function UploadDialog({
  onClose,
  albumId,
}: {
  onClose: () => void;
  /** Uploads straight into this album (docs/product/albums.md: 'Add photos' of an album). */
  albumId?: string;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const items = useSyncExternalStore(uploadManager.subscribe, uploadManager.getSnapshot);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const waiting = items.filter((item) => item.status === 'ready');
  const busy = items.some((item) => item.status === 'uploading' || item.status === 'processing');
  const succeeded = items.filter((item) => item.status === 'done' || item.status === 'duplicate').length;
  const failed = items.filter((item) => item.status === 'failed').length;

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    uploadManager.add([...event.dataTransfer.files]);
  };

  const close = () => {
    if (!busy) uploadManager.clearFinished();
    onClose();
  };

  return (
    <ModalDialog
      title={t('upload.title')}
      onClose={close}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={close}>
            {busy ? t('upload.continueBrowsing') : t('upload.close')}
          </button>
          <button
            type="button"
            className="button"
            disabled={waiting.length === 0}
            onClick={() => uploadManager.start(albumId ? { albumId } : {})}
          >
            {t('upload.start', { count: waiting.length })}
          </button>
        </>
      }
    >
      <div
        className={`upload-dialog__drop${dragging ? ' upload-dialog__drop--active' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>{t('upload.dropHint')}</p>
        <button type="button" className="button button--secondary" onClick={() => input.current?.click()}>
          {t('upload.choose')}
        </button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={acceptedUploadTypes.join(',')}
          aria-label={t('upload.choose')}
          onChange={(event) => {
            uploadManager.add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <p className="upload-dialog__limits">{t('upload.limits')}</p>
      </div>
      {items.length > 0 && (
        <ul className="upload-dialog__files" aria-label={t('upload.files')}>
          {items.map((item) => (
            <li key={item.id} className={`upload-dialog__file upload-dialog__file--${item.status}`}>
              <span className="upload-dialog__name">{item.fileName}</span>
              {item.status === 'failed' ? (
                <span className="upload-dialog__error" role="alert">
                  {t(failureMessage[item.failure ?? 'other'], { name: item.fileName })}
                </span>
              ) : (
                <span className="upload-dialog__status">{t(statusMessage[item.status])}</span>
              )}
              {item.status === 'uploading' && (
                <progress
                  max={1}
                  value={item.progress}
                  aria-label={t('upload.progress', { name: item.fileName })}
                />
              )}
              {item.status === 'ready' && (
                <button
                  type="button"
                  className="upload-dialog__remove"
                  onClick={() => uploadManager.remove(item.id)}
                >
                  {t('upload.remove', { name: item.fileName })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {(succeeded > 0 || failed > 0) && (
        <p className="upload-dialog__summary" role="status">
          {t('upload.summary', { succeeded, failed })}
        </p>
      )}
    </ModalDialog>
  );
}
