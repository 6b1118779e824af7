import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import {
  ArchiveEventSchema,
  downloadsApi,
  type ArchiveState,
  type Download,
} from '@photo/contracts/downloads';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useSubmit } from '../../shared/forms/use-submit';
import { useI18n } from '../../shared/i18n/i18n.context';
import type { MessageId } from '../../shared/i18n/translator';
import { downloadByNavigation } from '../../shared/photo-library/archive-download';
import { QueryStates } from '../../shared/ui/query-states';
import { Page } from '../../shared/ui/page';
import { downloadQueries } from './downloads.queries';
import './downloads.css';

/**
 * '/downloads' (docs/product/routes.md, calls.md): the customer's photo archives, newest first, kept current by the
 * push channel, each downloadable again while it is ready.
 */
export function DownloadsPage() {
  const { t } = useI18n();
  const { request, push } = useAppEnvironment();
  const queryClient = useQueryClient();
  const downloads = useQuery(downloadQueries.list(request));

  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: downloadQueries.all() });
    return push.subscribe({
      onMessage: (message) => {
        if (ArchiveEventSchema.safeParse(message).success) refresh();
      },
      onReady: refresh,
    });
  }, [push, queryClient]);

  return (
    <Page title={t('title.downloads')}>
      <p className="page-intro">{t('downloads.intro')}</p>
      <QueryStates query={downloads} errorMessage={t('downloads.loadError')}>
        {(downloadList) =>
          downloadList.length === 0 ? (
            <p className="downloads__empty">{t('downloads.empty')}</p>
          ) : (
            <ul className="card-list" aria-label={t('title.downloads')}>
              {downloadList.map((download) => (
                <DownloadItem key={download.id} download={download} />
              ))}
            </ul>
          )
        }
      </QueryStates>
    </Page>
  );
}

const stateText: Record<ArchiveState, MessageId> = {
  preparing: 'downloads.state.preparing',
  ready: 'downloads.state.ready',
  failed: 'downloads.state.failed',
  expired: 'downloads.state.expired',
};

function DownloadItem({ download }: { download: Download }) {
  const { t, formatDate, formatNumber } = useI18n();
  const { request } = useAppEnvironment();
  const headingId = useId();
  const created = formatDate(download.created, { dateStyle: 'medium', timeStyle: 'short' });
  const downloadAgain = useSubmit({
    mutationFn: () => request(downloadsApi.url, { params: { downloadId: download.id } }),
    onSuccess: ({ url }) => downloadByNavigation(url),
  });

  return (
    <li className={`card downloads__item--${download.state}`}>
      <h2 className="card__title" id={headingId}>
        {download.name ?? t('downloads.untitled', { date: created })}
      </h2>
      <dl className="facts">
        <div>
          <dt>{t('downloads.field.state')}</dt>
          <dd className="downloads__state">{t(stateText[download.state])}</dd>
        </div>
        <div>
          <dt>{t('downloads.field.photos')}</dt>
          <dd>{formatNumber(download.photoCount)}</dd>
        </div>
        {download.size !== null && (
          <div>
            <dt>{t('downloads.field.size')}</dt>
            <dd>{formatSize(download.size, formatNumber)}</dd>
          </div>
        )}
        <div>
          <dt>{t('downloads.field.expires')}</dt>
          <dd>{formatDate(download.expires, { dateStyle: 'medium', timeStyle: 'short' })}</dd>
        </div>
      </dl>
      {download.state === 'ready' && (
        <button
          type="button"
          className="button"
          aria-describedby={headingId}
          disabled={downloadAgain.isPending}
          onClick={() => downloadAgain.mutate()}
        >
          {t('downloads.download')}
        </button>
      )}
      {downloadAgain.isError && (
        <p className="alert" role="alert">
          {t('downloads.error', { count: download.photoCount })}
        </p>
      )}
    </li>
  );
}

/** Sizes in the customer's number format: kB below a megabyte, MB below a gigabyte, else GB. */
function formatSize(
  bytes: number,
  formatNumber: (value: number, options?: Intl.NumberFormatOptions) => string,
) {
  const [value, unit] =
    bytes >= 1e9
      ? [bytes / 1e9, 'gigabyte']
      : bytes >= 1e6
        ? [bytes / 1e6, 'megabyte']
        : [bytes / 1e3, 'kilobyte'];
  return formatNumber(value, { style: 'unit', unit, maximumFractionDigits: 1 });
}
