import { useEffect, useRef, useState } from 'react';
import { useAppEnvironment } from '../../environment/app-environment.context';
import { useI18n } from '../../i18n/i18n.context';
import { LoadingIndicator } from '../../ui/loading-indicator';
import { ModalDialog } from '../../ui/modal-dialog';
import { transferToPrintsEditor } from './order-prints';
import { failureReport } from '../../api/error-reporter';

/**
 * Order prints (docs/product/states.md): a progress notice while the selection is saved (at least 3 s), then the
 * storefront's prints editor with the selection and PAP_910 selected. A failure (the call, or no
 * channel id) says 'Error transferring photos. Try again.' and offers exactly that.
 */
export function OrderPrintsDialog({
  photoIds,
  onClose,
}: {
  photoIds: readonly string[];
  onClose: () => void;
}) {
  const { t } = useI18n();
  const { request, config, leaveTo, reportError } = useAppEnvironment();
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const latest = useRef({ photoIds, onClose });
  useEffect(() => {
    latest.current = { photoIds, onClose };
  });

  useEffect(() => {
    let cancelled = false;
    transferToPrintsEditor(request, config, latest.current.photoIds).then(
      (address) => {
        if (!cancelled) leaveTo(address);
      },
      (error: unknown) => {
        if (cancelled) return;
        reportError(failureReport('PRINTS_TRANSFER_FAILED', error));
        setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [attempt, request, config, leaveTo, reportError]);

  return (
    <ModalDialog title={t('album.orderPrints')} onClose={onClose} closable={failed}>
      {failed ? (
        <>
          <p className="alert" role="alert">
            {t('prints.error')}
          </p>
          <div className="modal-dialog__actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t('photos.cancel')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setFailed(false);
                setAttempt((count) => count + 1);
              }}
            >
              {t('common.tryAgain')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p role="status">{t('prints.transferring')}</p>
          <LoadingIndicator label={t('common.loading')} />
        </>
      )}
    </ModalDialog>
  );
}
