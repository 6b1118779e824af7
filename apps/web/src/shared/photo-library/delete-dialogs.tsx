import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { photosApi } from '@photo/contracts/photos';
import { useAppEnvironment } from '../environment/app-environment.context';
import { useI18n } from '../i18n/i18n.context';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { ModalDialog } from '../ui/modal-dialog';
import type { TimelineStore } from '../timeline/timeline-store';
import { deletePhotos } from './delete-photos';
import { photoQueries } from './photos.queries';
import { failureReport } from '../api/error-reporter';

/** 'Delete selected photos' (spec 2.5): chunked and retried; an error stays inside the modal (spec 8). */
export function DeleteSelectedDialog({
  store,
  onClose,
  onDeleted,
}: {
  store: TimelineStore;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useI18n();
  const { request, reportError } = useAppEnvironment();
  const queryClient = useQueryClient();
  const ids = [...store.selection];

  const remove = async () => {
    try {
      await deletePhotos(request, ids, (deleted) => store.removePhotos(deleted));
      onDeleted();
    } catch (error) {
      reportError(failureReport('DELETE_PHOTOS_FAILED', error));
      throw error;
    } finally {
      void queryClient.invalidateQueries({ queryKey: photoQueries.all() });
    }
  };

  return (
    <ConfirmDialog
      title={t('photos.deleteSelected.title', { count: ids.length })}
      message={t('photos.deleteSelected.message', { count: ids.length })}
      confirmLabel={t('photos.deleteSelected.confirm', { count: ids.length })}
      cancelLabel={t('photos.cancel')}
      errorMessage={t(ids.length === 1 ? 'photos.error.deleteOne' : 'photos.error.deleteMany')}
      onConfirm={remove}
      onClose={onClose}
    />
  );
}

/**
 * 'Delete all photos' (spec 2.5, 5): the customer types the localised word; it is checked on submit
 * only, and a wrong word shows an error on the field.
 */
export function DeleteAllDialog({ store, onClose }: { store: TimelineStore; onClose: () => void }) {
  const { t } = useI18n();
  const { request, reportError } = useAppEnvironment();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [wrongWord, setWrongWord] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const word = t('photos.deleteAll.word');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (typed !== word) {
      setWrongWord(true);
      return;
    }
    setWrongWord(false);
    setBusy(true);
    try {
      await request(photosApi.deleteAll, {});
      store.removePhotos(store.loadedPhotos().map((photo) => photo.imageId));
      await queryClient.invalidateQueries({ queryKey: photoQueries.all() });
      onClose();
    } catch (error) {
      reportError(failureReport('DELETE_ALL_PHOTOS_FAILED', error));
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={t('photos.deleteAll.title')} onClose={onClose} closable={!busy}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <p>{t('photos.deleteAll.message')}</p>
        <label className="field">
          <span className="field__label">{t('photos.deleteAll.label', { word })}</span>
          <input
            className="field__input"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={wrongWord}
            aria-describedby={wrongWord ? 'delete-all-error' : undefined}
            autoComplete="off"
          />
        </label>
        {wrongWord && (
          <p id="delete-all-error" className="field__error">
            {t('photos.deleteAll.wrongWord', { word })}
          </p>
        )}
        {failed && (
          <p className="alert" role="alert">
            {t('photos.error.deleteMany')}
          </p>
        )}
        <div className="modal-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            {t('photos.cancel')}
          </button>
          <button type="submit" className="button button--danger" disabled={busy}>
            {t('photos.deleteAll.confirm')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
