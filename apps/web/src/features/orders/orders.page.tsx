import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { IN_PROGRESS_DAYS, type SuperOrder } from '@photo/contracts/orders';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { AppLink } from '../../shared/routing/app-link';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { Page } from '../../shared/ui/page';
import { useLoadMoreWhenVisible } from '../../shared/ui/use-load-more-when-visible';
import { StatusBadge, useFormatPrice } from '../../shared/orders/order-status';
import { orderQueries } from './orders.queries';
import './orders.css';

type View = 'inProgress' | 'history';

const DAY_MS = 86_400_000;

/**
 * '/orders' (spec 2.6): the customer's orders in two views, in progress and history (the server
 * decides which, spec 9), loaded in pages of 100 as the end of the list comes into view.
 */
export function OrdersPage() {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const orders = useInfiniteQuery(orderQueries.list(request));
  const [view, setView] = useState<View>('inProgress');
  const loaded = orders.data?.pages.flatMap((page) => page.items) ?? [];
  const shown = loaded.filter((order) => order.inProgress === (view === 'inProgress'));
  // Orders come newest first: once one was older than the in-progress age when it was loaded,
  // later pages hold history only.
  const oldest = loaded.at(-1);
  const mayHoldMore =
    view === 'history' ||
    (oldest !== undefined &&
      orders.dataUpdatedAt - Date.parse(oldest.createdAt) <= IN_PROGRESS_DAYS * DAY_MS);
  const canLoadMore = orders.hasNextPage && mayHoldMore && !orders.isFetchNextPageError;
  const loadMore = () => {
    if (canLoadMore && !orders.isFetchingNextPage) void orders.fetchNextPage();
  };
  const sentinel = useLoadMoreWhenVisible(loadMore, canLoadMore);

  return (
    <Page title={t('title.orders')}>
      {orders.isPending ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : orders.isError ? (
        <div className="orders__error">
          <p className="alert" role="alert">
            {t('error.generic')}
          </p>
          <button type="button" className="button button--secondary" onClick={() => void orders.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : loaded.length === 0 ? (
        <p className="orders__empty">{t('orders.empty')}</p>
      ) : (
        <>
          <div className="orders__views" role="group" aria-label={t('orders.views')}>
            {(['inProgress', 'history'] as const).map((each) => (
              <button
                key={each}
                type="button"
                className="orders__view"
                aria-pressed={view === each}
                onClick={() => setView(each)}
              >
                {t(each === 'inProgress' ? 'orders.view.inProgress' : 'orders.view.history')}
              </button>
            ))}
          </div>
          {shown.length === 0 && !canLoadMore ? (
            <p className="orders__empty">
              {t(view === 'inProgress' ? 'orders.emptyInProgress' : 'orders.emptyHistory')}
            </p>
          ) : (
            <ul
              className="orders__list"
              aria-label={t(view === 'inProgress' ? 'orders.view.inProgress' : 'orders.view.history')}
            >
              {shown.map((order) => (
                <OrderRow key={order.orderCode} order={order} />
              ))}
            </ul>
          )}
          {orders.isFetchingNextPage && <LoadingIndicator label={t('common.loading')} />}
          {orders.isFetchNextPageError && (
            <p className="alert" role="alert">
              {t('error.generic')}
            </p>
          )}
          {(canLoadMore || orders.isFetchNextPageError) && (
            <div ref={sentinel} className="orders__more">
              <button
                type="button"
                className="button button--secondary"
                disabled={orders.isFetchingNextPage}
                onClick={() => void orders.fetchNextPage()}
              >
                {t('orders.loadMore')}
              </button>
            </div>
          )}
          <p className="orders__pdfs">
            <AppLink to="/pdfs">{t('orders.pdfsLink')}</AppLink>
          </p>
        </>
      )}
    </Page>
  );
}

function OrderRow({ order }: { order: SuperOrder }) {
  const { t, formatDate } = useI18n();
  const formatPrice = useFormatPrice();
  const image = order.orders.flatMap((inner) => inner.products).find((product) => product.imageUrl)?.imageUrl;
  return (
    <li className="order-row">
      {image ? <img className="order-row__image" src={image} alt="" width={64} height={64} /> : null}
      <div className="order-row__main">
        <AppLink className="order-row__link" to={`/orders/${encodeURIComponent(order.orderCode)}`}>
          {t('orders.orderCode', { code: order.orderCode })}
        </AppLink>
        <span className="order-row__date">
          {t('orders.orderedOn', { date: formatDate(order.createdAt, { dateStyle: 'medium' }) })}
        </span>
        <span className="order-row__count">{t('orders.productCount', { count: order.productCount })}</span>
      </div>
      <div className="order-row__side">
        <StatusBadge status={order.status} />
        <span className="order-row__total">{formatPrice(order.totalPrice, order.currency)}</span>
      </div>
    </li>
  );
}
