import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { photosApi } from '@photo/contracts/photos';
import { useAppEnvironment } from '../environment/app-environment.context';
import { TextField } from '../forms/field';
import { FormActions } from '../forms/form-actions';
import { SubmitFailure } from '../forms/submit-failure';
import { useSubmit } from '../forms/use-submit';
import { useI18n } from '../i18n/i18n.context';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { ModalDialog } from '../ui/modal-dialog';
import type { TimelineStore } from '../timeline/timeline-store';
import { deletePhotos } from './delete-photos';
import { photoQueries } from './photos.queries';
import { failureReport } from '../api/error-reporter';

/** 'Delete selected photos' (docs/product/photos.md): chunked and retried; an error stays inside the modal (docs/product/errors.md). */
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
 * 'Delete all photos' (docs/product/photos.md, validation.md): the customer types the localised word; it is checked on submit
 * only, and a wrong word shows an error on the field.
 */
export function DeleteAllDialog({ store, onClose }: { store: TimelineStore; onClose: () => void }) {
  const { t } = useI18n();
  const { request, reportError } = useAppEnvironment();
  const [typed, setTyped] = useState('');
  const [wrongWord, setWrongWord] = useState(false);
  const word = t('photos.deleteAll.word');
  const deleteAll = useSubmit({
    mutationFn: async () => {
      await request(photosApi.deleteAll, {});
      store.removePhotos(store.knownIds());
    },
    invalidates: [photoQueries.all()],
    onSuccess: onClose,
    onError: (error) => reportError(failureReport('DELETE_ALL_PHOTOS_FAILED', error)),
    failureMessage: 'photos.error.deleteMany',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setWrongWord(typed !== word);
    if (typed === word) deleteAll.mutate();
  };

  return (
    <ModalDialog title={t('photos.deleteAll.title')} onClose={onClose} closable={!deleteAll.isPending}>
      <form onSubmit={submit} noValidate>
        <p>{t('photos.deleteAll.message')}</p>
        <TextField
          label={t('photos.deleteAll.label', { word })}
          error={wrongWord ? t('photos.deleteAll.wrongWord', { word }) : undefined}
          value={typed}
          onValue={setTyped}
          autoComplete="off"
        />
        <SubmitFailure message={deleteAll.failure} />
        <FormActions
          placement="dialog"
          tone="danger"
          submitLabel={t('photos.deleteAll.confirm')}
          busy={deleteAll.isPending}
          cancel={{ label: t('photos.cancel'), onClick: onClose }}
        />
      </form>
    </ModalDialog>
  );
}
