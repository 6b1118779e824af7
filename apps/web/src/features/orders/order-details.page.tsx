import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { formatMoney } from '@photo/contracts/money';
import type { OrderDetailsProduct, ProcessingStatus, SuperOrderDetails } from '@photo/contracts/orders';
import { isApiError } from '../../shared/api/api-error';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { AppLink } from '../../shared/routing/app-link';
import { LoadError } from '../../shared/ui/load-error';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { Page } from '../../shared/ui/page';
import { DeliveryAddressChange } from './delivery-address-change';
import { paymentText, processingText, StatusBadge, statusText } from '../../shared/orders/order-status';
import { OrderPaymentActions } from './order-payment-actions';
import { orderQueries } from './orders.queries';
import { Reorder } from './reorder';
import { VoucherInfo } from './voucher-info';
import './orders.css';

/** '/orders/:orderCode' (docs/product/orders.md): one order, its products, delivery, history and payment. */
export function OrderDetailsPage() {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const orderCode = useParams().orderCode ?? '';
  const details = useQuery(orderQueries.details(request, orderCode));

  return (
    <Page title={t('title.orderDetails')}>
      <AppLink className="order-details__back" to="/orders">
        {t('orders.backToOrders')}
      </AppLink>
      {details.isPending ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : isApiError(details.error, 404) ? (
        <p className="alert" role="alert">
          {t('orders.notFound')}
        </p>
      ) : details.isError ? (
        <LoadError message={t('orders.detailsLoadError')} onRetry={() => void details.refetch()} />
      ) : (
        <OrderDetails order={details.data} />
      )}
    </Page>
  );
}

function OrderDetails({ order }: { order: SuperOrderDetails }) {
  const { t, formatDate, locale } = useI18n();
  // Back from the payment provider without a payment (`orderPaymentFailedPath`).
  const paymentDeclined = useSearchParams()[0].get('payment') === 'failed';
  const dated = (date: string) => formatDate(date, { dateStyle: 'medium' });
  return (
    <div className="order-details">
      <section className="order-details__summary" aria-labelledby="order-summary">
        <h2 id="order-summary">{t('orders.orderCode', { code: order.orderCode })}</h2>
        <dl className="order-details__facts">
          <div>
            <dt>{t('orders.field.status')}</dt>
            <dd>
              <StatusBadge status={order.status} />
            </dd>
          </div>
          <div>
            <dt>{t('orders.field.ordered')}</dt>
            <dd>{dated(order.createdAt)}</dd>
          </div>
          {order.deliveryPrice > 0 && (
            <div>
              <dt>{t('orders.field.deliveryPrice')}</dt>
              <dd>{formatMoney(order.deliveryPrice, order.currency, locale)}</dd>
            </div>
          )}
          <div>
            <dt>{t('orders.field.total')}</dt>
            <dd>{formatMoney(order.totalPrice, order.currency, locale)}</dd>
          </div>
          <div>
            <dt>{t('orders.field.products')}</dt>
            <dd>{t('orders.productCount', { count: order.productCount })}</dd>
          </div>
        </dl>
        {paymentDeclined && order.canPay && (
          <p className="alert" role="alert">
            {t('orders.paymentDeclined')}
          </p>
        )}
        {order.status === 'AwaitingPayment' && (order.canPay || order.canCancel) && (
          <>
            {!paymentDeclined && <p>{t('orders.awaitingPayment')}</p>}
            <OrderPaymentActions order={order} />
          </>
        )}
      </section>

      {order.orders.map((inner) => (
        <section key={inner.code} className="order-details__order" aria-labelledby={`order-${inner.code}`}>
          <h2 id={`order-${inner.code}`}>{t('orders.innerOrder', { code: inner.code })}</h2>
          <dl className="order-details__facts">
            <div>
              <dt>{t('orders.field.status')}</dt>
              <dd>
                <StatusBadge status={inner.status} />
              </dd>
            </div>
            <div>
              <dt>{t('orders.field.payment')}</dt>
              <dd>
                {t(paymentText[inner.paymentStatus])}
                {inner.paymentChangedDate && ` (${dated(inner.paymentChangedDate)})`}
              </dd>
            </div>
            <div>
              <dt>{t('orders.field.deliveryDates')}</dt>
              <dd>
                {inner.deliveryDates
                  ? t('orders.deliveryWindow', {
                      earliest: dated(inner.deliveryDates.earliest),
                      latest: dated(inner.deliveryDates.latest),
                    })
                  : t('orders.deliveryDatesUnknown')}
              </dd>
            </div>
            {inner.tracking && (
              <div>
                <dt>{t('orders.field.tracking')}</dt>
                <dd>
                  {inner.tracking.carrier} {inner.tracking.number}
                  {inner.tracking.url && (
                    <>
                      {' · '}
                      <a href={inner.tracking.url} target="_blank" rel="noopener noreferrer">
                        {t('orders.trackParcel')}
                      </a>
                    </>
                  )}
                </dd>
              </div>
            )}
          </dl>
          <ul className="order-products" aria-label={t('orders.field.products')}>
            {inner.products.map((product) => (
              <ProductItem key={product.lineId} product={product} currency={order.currency} />
            ))}
          </ul>
          <h3>{t('orders.history')}</h3>
          <ol className="order-history">
            {inner.history.map((change) => (
              <li key={change.state}>
                <span className="order-history__status">{t(statusText[change.status])}</span>{' '}
                <time dateTime={change.occurredAt}>
                  {formatDate(change.occurredAt, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </li>
            ))}
          </ol>
        </section>
      ))}

      <section className="order-details__delivery" aria-labelledby="order-delivery">
        <h2 id="order-delivery">{t('orders.delivery')}</h2>
        <p>
          {t(
            order.deliveryType === 'PickupPoint'
              ? 'orders.deliveryType.pickupPoint'
              : 'orders.deliveryType.home',
          )}
        </p>
        <DeliveryAddressChange order={order} />
      </section>

      <Reorder orderCode={order.orderCode} />
    </div>
  );
}

function ProductItem({ product, currency }: { product: OrderDetailsProduct; currency: string }) {
  const { t, locale } = useI18n();
  return (
    <li className="order-product">
      {product.imageUrl ? (
        <img className="order-product__image" src={product.imageUrl} alt="" width={80} height={80} />
      ) : null}
      <div className="order-product__main">
        <span className="order-product__name">{product.articleName}</span>
        <span>{t('orders.quantity', { count: product.quantity })}</span>
        <span>{t('orders.unitPrice', { price: formatMoney(product.unitPrice, currency, locale) })}</span>
        {product.processingStatus && product.processingStatus in processingText && (
          <span>{t(processingText[product.processingStatus as ProcessingStatus])}</span>
        )}
        {product.voucher && <VoucherInfo code={product.voucher} />}
        {product.productPdfUrl && (
          <a className="order-product__sheet" href={product.productPdfUrl} download>
            {t('orders.productSheet', { name: product.articleName })}
          </a>
        )}
      </div>
      <span className="order-product__total">
        {formatMoney(product.unitPrice * product.quantity, currency, locale)}
      </span>
    </li>
  );
}
