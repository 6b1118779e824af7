import { useQuery } from '@tanstack/react-query';
import { ordersApi } from '@photo/contracts/orders';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { accountSections } from '../../shared/navigation/account-sections';
import { StatusBadge } from '../../shared/orders/order-status';
import { photoQueries } from '../../shared/photo-library/photos.queries';
import { AppLink } from '../../shared/routing/app-link';
import { StorageStatus } from '../../shared/storage-period/storage-status';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { Page } from '../../shared/ui/page';
import './overview.css';

/** How many of the newest orders the overview shows. */
const LATEST_ORDERS = 3;

/**
 * docs/product/routes.md: the overview greets the customer, shows the latest orders and the photo library's counts,
 * and leads to every section of the account.
 */
export function OverviewPage() {
  const { t } = useI18n();
  const customer = useCustomer();
  const { config, flags } = useAppEnvironment();
  const name = `${customer.firstName} ${customer.lastName}`.trim();
  const sections = accountSections({ isB2B: customer.isB2B, flags, config }).filter(
    (section) => section.kind !== 'sign-out' && section.id !== 'overview',
  );
  return (
    <Page title={t('title.overview')}>
      <p className="overview__welcome">{t('overview.welcome', { name })}</p>
      <div className="overview__panels">
        <LatestOrders />
        {flags.PhotoManagementTimelineViewEnabled && <PhotoCounts />}
      </div>
      <ul className="overview__sections">
        {sections.map((section) => (
          <li key={section.id}>
            {section.kind === 'route' ? (
              <AppLink to={section.to}>{t(section.titleId)}</AppLink>
            ) : (
              <a href={section.href}>{t(section.titleId)}</a>
            )}
          </li>
        ))}
      </ul>
    </Page>
  );
}

function LatestOrders() {
  const { t, formatDate } = useI18n();
  const { request } = useAppEnvironment();
  const latest = useQuery({
    queryKey: ['orders', 'latest'],
    queryFn: ({ signal }) =>
      request(ordersApi.myOrders, { query: { Limit: LATEST_ORDERS, OrderState: 'notExpired' } }, { signal }),
  });
  return (
    <section className="overview__panel" aria-labelledby="overview-orders">
      <h2 id="overview-orders">{t('overview.latestOrders')}</h2>
      {latest.isPending ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : latest.isError ? (
        <p className="alert" role="alert">
          {t('error.generic')}
        </p>
      ) : latest.data.items.length === 0 ? (
        <p className="overview__muted">{t('orders.empty')}</p>
      ) : (
        <ul className="overview__orders">
          {latest.data.items.map((order) => (
            <li key={order.orderCode}>
              <AppLink to={`/orders/${encodeURIComponent(order.orderCode)}`}>
                {t('orders.orderCode', { code: order.orderCode })}
              </AppLink>
              <span className="overview__muted">{formatDate(order.createdAt, { dateStyle: 'medium' })}</span>
              <StatusBadge status={order.status} />
            </li>
          ))}
        </ul>
      )}
      <AppLink to="/orders">{t('overview.allOrders')}</AppLink>
    </section>
  );
}

function PhotoCounts() {
  const { t } = useI18n();
  const { request, flags } = useAppEnvironment();
  const info = useQuery(photoQueries.userInfo(request));
  return (
    <section className="overview__panel" aria-labelledby="overview-photos">
      <h2 id="overview-photos">{t('title.myPhotos')}</h2>
      {info.isPending ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : info.isError ? (
        <p className="alert" role="alert">
          {t('photos.error.load')}
        </p>
      ) : (
        <ul className="overview__counts">
          <li>
            <AppLink to="/my-photos/photos">
              {t('timeline.photoCount', { count: info.data.photosCount })}
            </AppLink>
          </li>
          {flags.PhotoManagementAlbumViewEnabled && (
            <li>
              <AppLink to="/my-photos/albums">
                {t('overview.albumCount', { count: info.data.albumsCount })}
              </AppLink>
            </li>
          )}
        </ul>
      )}
      <StorageStatus />
    </section>
  );
}
