import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n.context';
import type { TimelineStore } from '../timeline/timeline-store';

/** The head of select mode on any photo grid (docs/product/photos.md): Cancel, the 'N selected' count, and extras. */
export function SelectingBar({
  store,
  onCancel,
  children,
}: {
  store: TimelineStore;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {t('photos.cancel')}
      </button>
      <span className="photo-grid-page__selected" role="status">
        {t('photos.selectedCount', { count: store.selection.size })}
      </span>
      {children}
    </>
  );
}
