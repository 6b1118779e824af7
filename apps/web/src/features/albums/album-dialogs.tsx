import { useSubmit } from '../../shared/forms/use-submit';
import { useI18n } from '../../shared/i18n/i18n.context';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { ModalDialog } from '../../shared/ui/modal-dialog';
import { useToasts } from '../../shared/ui/toasts';

/**
 * 'Remove from album or delete' (docs/product/albums.md): taking photos out of the album keeps them in My photos;
 * deleting them takes them out of the library and every album. Each way keeps the dialog open with
 * its own docs/product/errors.md text when it fails; a removal ends with docs/product/errors.md's toast.
 */
export function RemoveOrDeleteDialog({
  count,
  albumName,
  remove,
  deleteEverywhere,
  onClose,
}: {
  count: number;
  albumName: string;
  remove: () => Promise<void>;
  deleteEverywhere: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const toasts = useToasts();
  const run = useSubmit({
    // The toast is written here, with the count asked about: a removal empties the selection.
    mutationFn: async (way: 'remove' | 'delete') => {
      if (way === 'delete') return deleteEverywhere();
      await remove();
      toasts.show({
        message:
          count === 1 ? t('album.removed.one', { albumName }) : t('album.removed.many', { count, albumName }),
        tone: 'success',
      });
    },
  });
  const busy = run.isPending;

  const errorText =
    run.variables === 'remove'
      ? t(count === 1 ? 'album.error.removeOne' : 'album.error.removeMany')
      : t(count === 1 ? 'photos.error.deleteOne' : 'photos.error.deleteMany');

  return (
    <ModalDialog
      title={t('album.remove.title', { count })}
      onClose={onClose}
      closable={!busy}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            {t('photos.cancel')}
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => run.mutate('delete')}
            disabled={busy}
          >
            {t('album.remove.delete', { count })}
          </button>
          <button type="button" className="button" onClick={() => run.mutate('remove')} disabled={busy}>
            {t('album.remove.confirm', { count })}
          </button>
        </>
      }
    >
      <p>{t('album.remove.message', { count, albumName })}</p>
      {run.isError && (
        <p className="alert" role="alert">
          {errorText}
        </p>
      )}
    </ModalDialog>
  );
}

/** The delete-album dialog (docs/product/albums.md): the album goes, its photos stay; a failure keeps it open (docs/product/errors.md). */
export function DeleteAlbumDialog({
  albumName,
  onConfirm,
  onClose,
}: {
  albumName: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <ConfirmDialog
      title={t('album.delete.title')}
      message={t('album.delete.message', { albumName })}
      confirmLabel={t('album.delete.confirm')}
      cancelLabel={t('photos.cancel')}
      errorMessage={t('album.error.delete')}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
