import { useI18n } from '../../i18n/i18n.context';
import { ConfirmDialog } from '../../ui/confirm-dialog';

/**
 * 'Delete single photo' (docs/product/photos.md). `onConfirm` deletes and moves on; when it fails, the docs/product/errors.md
 * text shows inside the modal, which stays open for another try or a cancel.
 */
export function DeletePhotoDialog({
  onConfirm,
  onClose,
}: {
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <ConfirmDialog
      title={t('preview.delete.title')}
      message={t('preview.delete.message')}
      confirmLabel={t('preview.delete.confirm')}
      cancelLabel={t('preview.delete.cancel')}
      errorMessage={t('preview.delete.error')}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
