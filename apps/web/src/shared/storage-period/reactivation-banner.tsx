import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AccountInformation } from '@photo/contracts/storage-period';
import { useAppEnvironment } from '../environment/app-environment.context';
import { useT } from '../i18n/i18n.context';
import { photoQueries } from '../photo-library/photos.queries';
import { AppLink } from '../routing/app-link';
import { ModalDialog } from '../ui/modal-dialog';
import { storageQueries } from './storage-period.queries';
import { bannerMessage, deletionMessage } from './storage-texts';
import './reactivation.css';

/** docs/product/states.md: the critical modal opens by itself once per browser session, then is flagged as shown. */
export const REACTIVATION_MODAL_SHOWN_KEY = 'photo-shop.reactivation-modal-shown';

const shownThisSession = () => {
  try {
    return sessionStorage.getItem(REACTIVATION_MODAL_SHOWN_KEY) === '1';
  } catch {
    return false;
  }
};
const flagShown = () => {
  try {
    sessionStorage.setItem(REACTIVATION_MODAL_SHOWN_KEY, '1');
  } catch {
    // Storage blocked: the modal may show again on the next page load, which is harmless.
  }
};

/**
 * How long the photos are kept (docs/product/photos.md, states.md), under the 'My photos' heading when
 * PhotoManagementReactivationEnabled is on. Nothing is shown while it loads or when the storage
 * service cannot answer: the banner informs, it never blocks the library.
 */
export function ReactivationBanner() {
  const t = useT();
  const { flags, request } = useAppEnvironment();
  const enabled = flags.PhotoManagementReactivationEnabled;
  const info = useQuery({ ...storageQueries.accountInformation(request), enabled });
  const [alreadyShown] = useState(shownThisSession);
  const [autoClosed, setAutoClosed] = useState(false);
  const [opened, setOpened] = useState(false);
  const autoOpen = info.data?.status === 'critical' && !alreadyShown && !autoClosed;

  useEffect(() => {
    if (autoOpen) flagShown();
  }, [autoOpen]);

  if (!enabled) return null;
  if (!info.data) {
    // Its place is kept while it loads, so what lies below does not move when it arrives (issue 23:
    // layout shift); a failed answer gives the place up again.
    return info.isPending ? (
      <div className="reactivation-banner reactivation-banner--pending" aria-hidden="true">
        <p>&nbsp;</p>
      </div>
    ) : null;
  }
  const { status } = info.data;
  const message = bannerMessage(info.data);
  return (
    <>
      <section
        className={`reactivation-banner reactivation-banner--${status}`}
        aria-label={t('storage.label')}
      >
        <p>{t(message.id, message.values)}</p>
        {status !== 'safe' && (
          <button type="button" className="button button--secondary" onClick={() => setOpened(true)}>
            {t('storage.keepPhotos')}
          </button>
        )}
      </section>
      {(opened || autoOpen) && (
        <ReactivationModal
          info={info.data}
          onClose={() => {
            setOpened(false);
            setAutoClosed(true);
          }}
        />
      )}
    </>
  );
}

/**
 * docs/product/photos.md reactivation modal: when the photos go, and the way to keep them: an order.
 * Prints are ordered from an album, so the album route is offered only to someone who has one (issue 23).
 */
export function ReactivationModal({ info, onClose }: { info: AccountInformation; onClose: () => void }) {
  const t = useT();
  const { config, request } = useAppEnvironment();
  const library = useQuery(photoQueries.userInfo(request));
  const hasAlbums = (library.data?.albumsCount ?? 0) > 0;
  const heading = deletionMessage(info);
  return (
    <ModalDialog title={t(heading.id, heading.values)} onClose={onClose}>
      <p>{t('storage.modal.body')}</p>
      {hasAlbums && <p>{t('storage.modal.printsHint')}</p>}
      <div className="modal-dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('storage.modal.close')}
        </button>
        {hasAlbums && (
          <AppLink className="button button--secondary" to="/my-photos/albums" onClick={onClose}>
            {t('storage.modal.orderPrints')}
          </AppLink>
        )}
        <a className="button" href={config.shopUrl}>
          {t('storage.modal.shop')}
        </a>
      </div>
    </ModalDialog>
  );
}
