import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ordersApi } from '@photo/contracts/orders';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { useAppNavigate } from '../../shared/routing/app-link';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { useToasts } from '../../shared/ui/toasts';
import { orderQueries } from './orders.queries';

/** Spec 7 reorder: whether this order can be made again, then a new order with the same products. */
export function Reorder({ orderCode }: { orderCode: string }) {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();
  const toasts = useToasts();
  const status = useQuery(orderQueries.reorderStatus(request, orderCode));
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const reorder = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const created = await request(ordersApi.reorder, { query: { OrderCode: orderCode } });
      await queryClient.invalidateQueries({ queryKey: orderQueries.all() });
      toasts.show({ message: t('orders.reorder.placed', { code: created.orderCode }), tone: 'success' });
      navigate(`/orders/${encodeURIComponent(created.orderCode)}`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

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
        <button type="button" className="button" disabled={busy} onClick={() => void reorder()}>
          {t('orders.reorder.action')}
        </button>
      ) : (
        <p>
          {t(
            status.data.reason === 'cancelled' ? 'orders.reorder.cancelled' : 'orders.reorder.notReorderable',
          )}
        </p>
      )}
      {failed && (
        <p className="alert" role="alert">
          {t('orders.reorder.failed')}
        </p>
      )}
    </section>
  );
}
