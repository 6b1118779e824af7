import { useQuery } from '@tanstack/react-query';
import { useAppEnvironment } from '../environment/app-environment.context';
import { useT } from '../i18n/i18n.context';
import { storageQueries } from './storage-period.queries';
import { bannerMessage } from './storage-texts';
import './reactivation.css';

/**
 * How long the photos are kept, in one line (the overview's photo panel, issue 10 section 4): the
 * banner's text and colour, without its actions. Nothing while loading or when the call fails.
 */
export function StorageStatus() {
  const t = useT();
  const { request, flags } = useAppEnvironment();
  const enabled = flags.PhotoManagementReactivationEnabled;
  const info = useQuery({ ...storageQueries.accountInformation(request), enabled });
  if (!enabled || !info.data) return null;
  const message = bannerMessage(info.data);
  return (
    <p className={`storage-status storage-status--${info.data.status}`}>{t(message.id, message.values)}</p>
  );
}
