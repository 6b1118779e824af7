import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { SuperOrderDetails } from '@photo/contracts/orders';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { AppLink } from '../../shared/routing/app-link';
import { QueryStates } from '../../shared/ui/query-states';
import { Page } from '../../shared/ui/page';
import { orderQueries } from './orders.queries';
import './orders.css';

/**
 * '/orders/:orderCode/thank-you' (issue 20): where a customer lands after placing and paying an order
 * here, instead of bare order details: that it is placed, where the confirmation went, what comes next.
 */
export function OrderPlacedPage() {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const orderCode = useParams().orderCode ?? '';
  const details = useQuery(orderQueries.details(request, orderCode));

  return (
    <Page title={t('title.orderPlaced')}>
      <QueryStates query={details} errorMessage={t('orderPlaced.loadError')}>
        {(order) => <OrderPlaced order={order} />}
      </QueryStates>
    </Page>
  );
}

function OrderPlaced({ order }: { order: SuperOrderDetails }) {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const customer = useCustomer();
  const groups = useQuery(orderQueries.articleGroups(request));
  const orderedGroups = new Set(
    order.orders.flatMap((inner) => inner.products.map((product) => product.articleGroup)),
  );
  const productionDays = Math.max(
    1,
    ...(groups.data?.items ?? [])
      .filter((group) => orderedGroups.has(group.name))
      .map((group) => group.productionDays),
  );
  const paid = order.orders.some((inner) => inner.paymentStatus === 'paymentSuccess');
  const next =
    order.status === 'AwaitingPayment'
      ? t('orderPlaced.nextPending')
      : paid
        ? t('orderPlaced.nextPaid', { days: productionDays })
        : t('orderPlaced.nextInvoice', { days: productionDays });

  return (
    <div className="order-placed">
      <p className="order-placed__confirmation" role="status">
        <strong>{t('orderPlaced.heading', { code: order.orderCode })}</strong>
      </p>
      <p>{t('orderPlaced.mailSent', { email: customer.email })}</p>
      <section aria-labelledby="order-placed-next">
        <h2 id="order-placed-next">{t('orderPlaced.nextHeading')}</h2>
        <p>{next}</p>
        <p>{t('orderPlaced.follow')}</p>
      </section>
      <div className="order-placed__actions">
        <AppLink className="button" to={`/orders/${encodeURIComponent(order.orderCode)}`}>
          {t('orderPlaced.viewOrder')}
        </AppLink>
        <AppLink className="button button--secondary" to="/orders">
          {t('orderPlaced.toOrders')}
        </AppLink>
      </div>
    </div>
  );
}
