import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatMoney } from '@photo/contracts/money';
import type { Photo } from '@photo/contracts/photos';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { StatusBadge } from '../../shared/orders/order-status';
import { useAlbumsCount } from '../../shared/photo-library/my-photos-header';
import { photoQueries } from '../../shared/photo-library/photos.queries';
import { AppLink } from '../../shared/routing/app-link';
import { StorageStatus } from '../../shared/storage-period/storage-status';
import { useThumbnail } from '../../shared/timeline/use-thumbnail';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { useDeferredQuery } from '../../shared/ui/query-states';
import { Page } from '../../shared/ui/page';
import { OVERVIEW_LATEST, overviewQueries } from './overview.queries';
import './overview.css';

/**
 * docs/product/routes.md, issue 23: the overview greets the customer and shows what is in each part of the
 * account (latest orders, the newest photos with the library's counts, the storage period, photo books,
 * saved projects, a business's invoices), each read from the call its own page makes, each linking there.
 */
export function OverviewPage() {
  const { t } = useI18n();
  const customer = useCustomer();
  const { flags } = useAppEnvironment();
  const name = `${customer.firstName} ${customer.lastName}`.trim();
  return (
    <Page title={t('title.overview')}>
      <p className="overview__welcome">{t('overview.welcome', { name })}</p>
      <div className="overview__panels">
        <LatestOrders />
        {flags.PhotoManagementTimelineViewEnabled && <LatestPhotos />}
        {flags.PhotoManagementReactivationEnabled && (
          <Panel id="overview-storage" title={t('storage.label')}>
            <StorageStatus />
          </Panel>
        )}
        {customer.isB2B ? <LatestInvoices /> : <PhotoBooks />}
        <SavedProjects accountId={customer.id} />
      </div>
    </Page>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="overview__panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * A panel's list, its empty state, its loading and its failure, the same in every panel; the list is
 * drawn in a background render (`useDeferredQuery`), as `QueryStates` does for a page.
 */
function PanelContent<TItem>({
  query,
  errorMessage,
  emptyMessage,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: TItem[] | undefined };
  errorMessage: string;
  emptyMessage: string;
  children: (items: TItem[]) => ReactNode;
}) {
  const { t } = useI18n();
  const shown = useDeferredQuery(query);
  if (shown.isPending) return <LoadingIndicator label={t('common.loading')} />;
  if (shown.isError || !shown.data)
    return (
      <p className="alert" role="alert">
        {errorMessage}
      </p>
    );
  if (shown.data.length === 0) return <p className="overview__muted">{emptyMessage}</p>;
  return children(shown.data);
}

function LatestOrders() {
  const { t, formatDate } = useI18n();
  const { request } = useAppEnvironment();
  const latest = useQuery(overviewQueries.latestOrders(request));
  return (
    <Panel id="overview-orders" title={t('overview.latestOrders')}>
      <PanelContent
        query={{ ...latest, data: latest.data?.items }}
        errorMessage={t('error.generic')}
        emptyMessage={t('orders.empty')}
      >
        {(orders) => (
          <ul className="overview__list">
            {orders.map((order) => (
              <li key={order.orderCode}>
                <AppLink to={`/orders/${encodeURIComponent(order.orderCode)}`}>
                  {t('orders.orderCode', { code: order.orderCode })}
                </AppLink>
                <span className="overview__muted">
                  {formatDate(order.createdAt, { dateStyle: 'medium' })}
                </span>
                <StatusBadge status={order.status} />
              </li>
            ))}
          </ul>
        )}
      </PanelContent>
      <AppLink to="/orders">{t('overview.allOrders')}</AppLink>
    </Panel>
  );
}

/** The library's counts, as the 'My photos' tabs show them, above a strip of the newest uploads. */
function LatestPhotos() {
  const { t } = useI18n();
  const { request, flags } = useAppEnvironment();
  const info = useQuery(photoQueries.userInfo(request));
  const albumsCount = useAlbumsCount();
  const latest = useQuery(overviewQueries.latestPhotos(request));
  return (
    <Panel id="overview-photos" title={t('title.myPhotos')}>
      {info.data && (
        <ul className="overview__counts">
          <li>
            <AppLink to="/my-photos/photos">
              {t('timeline.photoCount', { count: info.data.photosCount })}
            </AppLink>
          </li>
          {flags.PhotoManagementAlbumViewEnabled && albumsCount !== undefined && (
            <li>
              <AppLink to="/my-photos/albums">{t('overview.albumCount', { count: albumsCount })}</AppLink>
            </li>
          )}
        </ul>
      )}
      {info.data && info.data.status !== 'ACTIVE' && info.data.photosCount > 0 ? (
        // Photos the shop holds are taken into the library on the first visit of 'My photos'.
        <p className="overview__muted">{t('overview.photosWaiting')}</p>
      ) : (
        <PanelContent query={latest} errorMessage={t('photos.error.load')} emptyMessage={t('photos.empty')}>
          {(photos) => (
            <ul className="overview__strip" aria-label={t('overview.latestPhotos')}>
              {photos.map((photo) => (
                <li key={photo.imageId}>
                  <StripPhoto photo={photo} />
                </li>
              ))}
            </ul>
          )}
        </PanelContent>
      )}
    </Panel>
  );
}

function StripPhoto({ photo }: { photo: Photo }) {
  const { t } = useI18n();
  const thumbnail = photo.thumbnails[0];
  const src = useThumbnail(thumbnail?.url ?? '');
  return (
    <AppLink
      className="overview__strip-photo"
      to={`/my-photos/photos/preview/${encodeURIComponent(photo.imageId)}`}
      style={{ backgroundColor: photo.placeholder }}
      aria-label={t('timeline.openPhoto', { name: photo.localFileName })}
    >
      {thumbnail && src && <img src={src} alt="" />}
    </AppLink>
  );
}

function PhotoBooks() {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const books = useQuery(overviewQueries.photoBooks(request));
  return (
    <Panel id="overview-photo-books" title={t('title.photoBooks')}>
      <PanelContent
        query={{ ...books, data: books.data?.slice(0, OVERVIEW_LATEST.photoBooks) }}
        errorMessage={t('photoBooks.loadError')}
        emptyMessage={t('photoBooks.empty')}
      >
        {(list) => (
          <ul className="overview__list">
            {list.map((book) => (
              <li key={book.id}>
                <a href={book.viewerUrl}>{book.title}</a>
                <span className="overview__muted">
                  {t('photoBooks.pageCount', { count: book.pageCount })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </PanelContent>
      <AppLink to="/online-products">{t('overview.allPhotoBooks')}</AppLink>
    </Panel>
  );
}

function SavedProjects({ accountId }: { accountId: string }) {
  const { t, formatDate } = useI18n();
  const { request } = useAppEnvironment();
  const projects = useQuery(overviewQueries.latestProjects(request, accountId));
  return (
    <Panel id="overview-projects" title={t('title.savedProjects')}>
      <PanelContent
        query={{ ...projects, data: projects.data?.projects }}
        errorMessage={t('savedProjects.loadError')}
        emptyMessage={t('savedProjects.empty')}
      >
        {(list) => (
          <ul className="overview__list">
            {list.map((project) => (
              <li key={project.id}>
                <a href={project.editorUrl}>{project.name}</a>
                <span className="overview__muted">
                  {t('savedProjects.lastChanged', {
                    date: formatDate(project.lastChanged, { dateStyle: 'medium' }),
                  })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </PanelContent>
      <AppLink to="/saved-projects">{t('overview.allProjects')}</AppLink>
    </Panel>
  );
}

function LatestInvoices() {
  const { t, formatDate, locale } = useI18n();
  const { request } = useAppEnvironment();
  const invoices = useQuery(overviewQueries.invoices(request));
  return (
    <Panel id="overview-invoices" title={t('overview.latestInvoices')}>
      <PanelContent
        query={{ ...invoices, data: invoices.data?.slice(0, OVERVIEW_LATEST.invoices) }}
        errorMessage={t('invoices.loadError')}
        emptyMessage={t('invoices.empty')}
      >
        {(list) => (
          <ul className="overview__list">
            {list.map((invoice) => (
              <li key={invoice.id}>
                <span>{invoice.invoiceNumber}</span>
                <span className="overview__muted">
                  {formatDate(invoice.issuedOn, { dateStyle: 'medium', timeZone: 'UTC' })}
                </span>
                <span>{formatMoney(invoice.grossTotal, invoice.currency, locale)}</span>
              </li>
            ))}
          </ul>
        )}
      </PanelContent>
      <AppLink to="/invoices">{t('overview.allInvoices')}</AppLink>
    </Panel>
  );
}
