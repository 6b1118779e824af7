import { useState } from 'react';
import { ordersApi, type SuperOrder } from '@photo/contracts/orders';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { SubmitFailure } from '../../shared/forms/submit-failure';
import { useSubmit } from '../../shared/forms/use-submit';
import { useI18n } from '../../shared/i18n/i18n.context';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { useToasts } from '../../shared/ui/toasts';
import { useContinueTo } from './continue-to';
import { orderQueries } from './orders.queries';

/**
 * 'Pay now' and 'Cancel order' of an order awaiting payment (issue 20), in the orders list and in
 * the order's details: paying goes to the provider's page; cancelling asks first.
 */
export function OrderPaymentActions({
  order,
}: {
  order: Pick<SuperOrder, 'orderCode' | 'canPay' | 'canCancel'>;
}) {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const toasts = useToasts();
  const continueTo = useContinueTo();
  const [confirming, setConfirming] = useState(false);
  const pay = useSubmit({
    mutationFn: () => request(ordersApi.payOrder, { params: { orderCode: order.orderCode } }),
    onSuccess: (started) => continueTo(started.continueTo),
    failureMessage: 'orders.pay.failed',
  });
  const cancel = useSubmit({
    mutationFn: () => request(ordersApi.cancelOrder, { params: { orderCode: order.orderCode } }),
    invalidates: [orderQueries.all()],
    onSuccess: () => {
      setConfirming(false);
      toasts.show({ message: t('orders.cancel.done', { code: order.orderCode }), tone: 'success' });
    },
  });
  if (!order.canPay && !order.canCancel) return null;

  return (
    <div className="order-payment-actions">
      <div className="order-payment-actions__buttons">
        {order.canPay && (
          <button
            type="button"
            className="button"
            disabled={pay.isPending || pay.isSuccess}
            onClick={() => pay.mutate()}
          >
            {t('orders.pay.action')}
          </button>
        )}
        {order.canCancel && (
          <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
            {t('orders.cancel.action')}
          </button>
        )}
      </div>
      <SubmitFailure message={pay.failure} />
      {confirming && (
        <ConfirmDialog
          title={t('orders.cancel.title', { code: order.orderCode })}
          message={t('orders.cancel.message')}
          confirmLabel={t('orders.cancel.action')}
          cancelLabel={t('orders.cancel.keep')}
          errorMessage={t('orders.cancel.failed')}
          onConfirm={cancel.mutateAsync}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
