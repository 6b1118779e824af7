import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '@photo/contracts/money';
import { ordersApi, type ReorderQuote } from '@photo/contracts/orders';
import { isApiError } from '../../shared/api/api-error';
import { useAddressLines } from '../../shared/address-form/address-lines';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { SubmitFailure } from '../../shared/forms/submit-failure';
import { useSubmit } from '../../shared/forms/use-submit';
import { useI18n } from '../../shared/i18n/i18n.context';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { ModalDialog } from '../../shared/ui/modal-dialog';
import { useContinueTo } from './continue-to';
import { orderQueries } from './orders.queries';

/**
 * docs/product/calls.md reorder (issue 20): whether this order can be made again; then what the new order will be,
 * at today's prices, where it goes and how it is paid, which the customer confirms before it is placed.
 */
export function Reorder({ orderCode }: { orderCode: string }) {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const status = useQuery(orderQueries.reorderStatus(request, orderCode));
  const [reviewing, setReviewing] = useState(false);

  return (
    <section className="order-details__reorder" aria-labelledby="order-reorder">
      <h2 id="order-reorder">{t('orders.reorder.title')}</h2>
      {status.isPending ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : status.isError ? (
        <p className="alert" role="alert">
          {t('orders.reorder.statusFailed')}
        </p>
      ) : status.data.canReorder ? (
        <button type="button" className="button" onClick={() => setReviewing(true)}>
          {t('orders.reorder.action')}
        </button>
      ) : (
        <p>
          {t(
            status.data.reason === 'cancelled'
              ? 'orders.reorder.cancelled'
              : status.data.reason === 'paymentsUnavailable'
                ? 'orders.reorder.paymentsUnavailable'
                : 'orders.reorder.notReorderable',
          )}
        </p>
      )}
      {reviewing && <ReorderReview orderCode={orderCode} onClose={() => setReviewing(false)} />}
    </section>
  );
}

function ReorderReview({ orderCode, onClose }: { orderCode: string; onClose: () => void }) {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const continueTo = useContinueTo();
  const quote = useQuery(orderQueries.reorderQuote(request, orderCode));
  const place = useSubmit({
    mutationFn: (confirmedTotal: number) =>
      request(ordersApi.reorder, { query: { OrderCode: orderCode }, body: { confirmedTotal } }),
    invalidates: [orderQueries.all()],
    onSuccess: (placed) => continueTo(placed.continueTo),
    // The total changed under the customer's eyes: show the new one, to be confirmed again.
    onError: (error) => {
      if (isApiError(error, 409)) void quote.refetch();
    },
    failureMessage: (error) => (isApiError(error, 409) ? 'orders.reorder.changed' : 'orders.reorder.failed'),
  });
  const busy = place.isPending || place.isSuccess;

  return (
    <ModalDialog
      title={t('orders.reorder.reviewTitle')}
      onClose={onClose}
      closable={!busy}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            {t('orders.reorder.cancel')}
          </button>
          {quote.isSuccess && (
            <button
              type="button"
              className="button"
              disabled={busy || quote.isFetching}
              onClick={() => place.mutate(quote.data.totalPrice)}
            >
              <ConfirmLabel quote={quote.data} />
            </button>
          )}
        </>
      }
    >
      {quote.isPending ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : quote.isError ? (
        <p className="alert" role="alert">
          {t('orders.reorder.quoteFailed')}
        </p>
      ) : (
        <QuoteSummary quote={quote.data} />
      )}
      <SubmitFailure message={place.failure} />
    </ModalDialog>
  );
}

function ConfirmLabel({ quote }: { quote: ReorderQuote }) {
  const { t, locale } = useI18n();
  const amount = formatMoney(quote.totalPrice, quote.currency, locale);
  return (
    <>
      {quote.payment.how === 'invoice'
        ? t('orders.reorder.confirmInvoice', { amount })
        : t('orders.reorder.confirmPay', { amount })}
    </>
  );
}

function QuoteSummary({ quote }: { quote: ReorderQuote }) {
  const { t, locale } = useI18n();
  const addressLines = useAddressLines();
  const price = (minor: number) => formatMoney(minor, quote.currency, locale);
  const countryName = (code: string) => new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  const method = quote.payment.method && t(`paymentMethod.method.${quote.payment.method}`);
  return (
    <div className="reorder-review">
      <p>{t('orders.reorder.reviewIntro')}</p>
      <table className="reorder-review__lines">
        <caption className="visually-hidden">{t('orders.field.products')}</caption>
        <tbody>
          {quote.lines.map((line, index) => (
            <tr key={`${line.code}-${index}`}>
              <th scope="row">
                {t('orders.reorder.line', { quantity: line.quantity, name: line.articleName })}
              </th>
              <td>{price(line.quantity * line.unitPrice)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('orders.reorder.deliveryLine')}</th>
            <td>{price(quote.deliveryPrice)}</td>
          </tr>
          <tr className="reorder-review__total">
            <th scope="row">{t('orders.reorder.total')}</th>
            <td>{price(quote.totalPrice)}</td>
          </tr>
        </tbody>
      </table>
      <h3>
        {t(
          quote.deliveryType === 'PickupPoint'
            ? 'orders.reorder.deliveryPickupPoint'
            : 'orders.reorder.deliveryHome',
        )}
      </h3>
      <address className="reorder-review__address">
        {[
          quote.deliveryAddress.pickupPointName ?? '',
          ...addressLines(quote.deliveryAddress, countryName(quote.deliveryAddress.country)),
        ]
          .filter(Boolean)
          .map((line, index) => (
            <span key={index}>{line}</span>
          ))}
      </address>
      <h3>{t('orders.reorder.paymentHeading')}</h3>
      <p>
        {quote.payment.how === 'invoice'
          ? t('orders.reorder.payInvoice')
          : quote.payment.how === 'savedMethod' && method
            ? t('orders.reorder.paySaved', { method })
            : method
              ? t('orders.reorder.payProviderPreferred', { method })
              : t('orders.reorder.payProvider')}
      </p>
    </div>
  );
}
