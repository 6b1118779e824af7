import { useInfiniteQuery } from '@tanstack/react-query';
import { useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { formatMoney } from '@photo/contracts/money';
import { IN_PROGRESS_DAYS, type SuperOrder } from '@photo/contracts/orders';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { AppLink } from '../../shared/routing/app-link';
import { QueryStates } from '../../shared/ui/query-states';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { Page } from '../../shared/ui/page';
import { useLoadMoreWhenVisible } from '../../shared/ui/use-load-more-when-visible';
import { StatusBadge } from '../../shared/orders/order-status';
import { OrderPaymentActions } from './order-payment-actions';
import { orderQueries } from './orders.queries';
import './orders.css';

type View = 'inProgress' | 'history';

const DAY_MS = 86_400_000;

/**
 * '/orders' (docs/product/orders.md): the customer's orders in two views, in progress and history (the server
 * decides which, docs/product/limits.md), loaded in pages of 100 as the end of the list comes into view.
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
      <QueryStates query={orders} errorMessage={t('error.generic')}>
        {() =>
          loaded.length === 0 ? (
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
                <OrderList
                  key={view}
                  orders={shown}
                  label={t(view === 'inProgress' ? 'orders.view.inProgress' : 'orders.view.history')}
                />
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
          )
        }
      </QueryStates>
    </Page>
  );
}

/** A row's height before it is measured (one line of text beside a 64 px picture). */
const ESTIMATED_ROW_PX = 104;
/** Rows kept beyond each edge of the window. */
const OVERSCAN_ROWS = 8;

/**
 * The rows to render: the window and its overscan, stretched to keep OVERSCAN_ROWS rows on both sides
 * of the focused order while it is near the window. Tab moves focus before the browser reports the
 * scroll that focusing caused (on a busy machine several Tabs can come first): without this, a fast
 * Tab ran past the rendered rows to the button after the list.
 */
function rowsAround(range: Range, focused: number | null): number[] {
  let start = Math.max(0, range.startIndex - range.overscan);
  let end = Math.min(range.count - 1, range.endIndex + range.overscan);
  if (focused !== null && focused >= start - OVERSCAN_ROWS && focused <= end + OVERSCAN_ROWS) {
    start = Math.max(0, Math.min(start, focused - OVERSCAN_ROWS));
    end = Math.min(range.count - 1, Math.max(end, focused + OVERSCAN_ROWS));
  }
  return Array.from({ length: Math.max(0, end - start + 1) }, (_, offset) => start + offset);
}

/**
 * The orders of a view, windowed (decision 084): only the rows near the viewport are in the document,
 * the rest is space of their measured (or estimated) height, so a customer with thousands of orders
 * scrolls and loads pages without long tasks. Each row says its place in the whole list.
 */
function OrderList({ orders, label }: { orders: SuperOrder[]; label: string }) {
  const list = useRef<HTMLUListElement>(null);
  const [listTop, setListTop] = useState(0);
  const [focused, setFocused] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (list.current) setListTop(list.current.getBoundingClientRect().top + window.scrollY);
  }, []);
  const windowed = useWindowVirtualizer({
    count: orders.length,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: OVERSCAN_ROWS,
    scrollMargin: listTop,
    getItemKey: (index) => orders[index]!.orderCode,
    rangeExtractor: (range) => rowsAround(range, focused),
  });
  const rows = windowed.getVirtualItems();
  const first = rows[0];
  const last = rows.at(-1);
  return (
    <ul
      ref={list}
      className="orders__list"
      aria-label={label}
      style={{
        paddingBlockStart: first ? first.start - listTop : 0,
        paddingBlockEnd: last ? windowed.getTotalSize() - (last.end - listTop) : 0,
      }}
      onFocus={(event) => {
        const row = event.target.closest<HTMLElement>('.orders__item');
        if (row) setFocused(Number(row.dataset.index));
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(null);
      }}
    >
      {rows.map((row) => (
        <li
          key={row.key}
          ref={windowed.measureElement}
          data-index={row.index}
          className="orders__item"
          aria-posinset={row.index + 1}
          aria-setsize={orders.length}
        >
          <OrderRow order={orders[row.index]!} />
        </li>
      ))}
    </ul>
  );
}

/**
 * One order of the list. Memoised: a loaded page keeps its orders' identity, so loading the next 100
 * renders the rows that came into the window, not every row of it (bench/README.md, the orders page in Chromium).
 */
const OrderRow = memo(function OrderRow({ order }: { order: SuperOrder }) {
  const { t, formatDate, locale } = useI18n();
  const image = order.orders.flatMap((inner) => inner.products).find((product) => product.imageUrl)?.imageUrl;
  return (
    <div className="order-row">
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
        <span className="order-row__total">{formatMoney(order.totalPrice, order.currency, locale)}</span>
      </div>
      <OrderPaymentActions order={order} />
    </div>
  );
});
