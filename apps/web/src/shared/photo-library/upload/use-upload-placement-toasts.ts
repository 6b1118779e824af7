import { useEffect } from 'react';
import { useI18n } from '../../i18n/i18n.context';
import { useAppNavigate, useCarryQuery } from '../../routing/app-link';
import { useToasts } from '../../ui/toasts';
import { uploadManager } from './upload-manager';
import { monthParam, placementNotice } from './upload-placement';

const PHOTOS_PATH = '/my-photos/photos';

/**
 * Says where an upload's old photos went, with a link to that month of the timeline (decision 145).
 * Used by the pages that upload (the library, an album), not the shell: the upload code stays out of
 * every other page's bundle.
 */
export function useUploadPlacementToasts() {
  const i18n = useI18n();
  const toasts = useToasts();
  const navigate = useAppNavigate();
  const carry = useCarryQuery();

  useEffect(
    () =>
      uploadManager.onBatchSettled(({ added }) => {
        const notice = placementNotice(i18n, added, new Date());
        if (!notice) return;
        const to = `${PHOTOS_PATH}?month=${monthParam(notice.target)}`;
        toasts.show({
          message: notice.message,
          tone: 'success',
          action: { label: notice.linkLabel, href: carry(to), onSelect: () => navigate(to) },
        });
      }),
    [i18n, toasts, navigate, carry],
  );
}
