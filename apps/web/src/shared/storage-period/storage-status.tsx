import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAppEnvironment } from '../environment/app-environment.context';
import { useI18n } from '../i18n/i18n.context';
import { photoQueries } from '../photo-library/photos.queries';
import { ReactivationModal } from './reactivation-banner';
import { storageQueries } from './storage-period.queries';
import { bannerMessage } from './storage-texts';
import './reactivation.css';

/**
 * How long the photos are kept (the overview's storage panel, issues 10 and 23): the banner's text and
 * colour and, once the date is near, how many photos go on which day with the way to keep them. The
 * count is the library's own (`/users`), the one 'My photos' shows. Nothing while loading or on failure.
 */
export function StorageStatus() {
  const { t, formatDate } = useI18n();
  const { request, flags } = useAppEnvironment();
  const enabled = flags.PhotoManagementReactivationEnabled;
  const info = useQuery({ ...storageQueries.accountInformation(request), enabled });
  const library = useQuery({ ...photoQueries.userInfo(request), enabled });
  const [opened, setOpened] = useState(false);
  if (!enabled || !info.data) return null;
  const message = bannerMessage(info.data);
  const photosCount = library.data?.photosCount ?? 0;
  return (
    <>
      <p className={`storage-status storage-status--${info.data.status}`}>{t(message.id, message.values)}</p>
      {info.data.status !== 'safe' && photosCount > 0 && (
        <>
          <p>
            {t('overview.deletionNotice', {
              count: photosCount,
              date: formatDate(info.data.projectedDeletionDate, { dateStyle: 'long' }),
            })}
          </p>
          <button type="button" className="button" onClick={() => setOpened(true)}>
            {t('storage.keepPhotos')}
          </button>
        </>
      )}
      {opened && <ReactivationModal info={info.data} onClose={() => setOpened(false)} />}
    </>
  );
}
