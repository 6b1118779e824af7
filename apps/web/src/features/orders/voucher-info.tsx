import { useQuery } from '@tanstack/react-query';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { orderQueries } from './orders.queries';

/** docs/product/entities.md, states.md: a product's voucher, with its campaign offer loaded per product. */
export function VoucherInfo({ code }: { code: string }) {
  const { t, formatDate } = useI18n();
  const { request } = useAppEnvironment();
  const voucher = useQuery(orderQueries.voucher(request, code));
  if (voucher.isPending) {
    return <span className="order-voucher">{t('orders.voucher.loading', { code })}</span>;
  }
  if (voucher.isError) {
    return (
      <span className="order-voucher order-voucher--failed">{t('orders.voucher.failed', { code })}</span>
    );
  }
  const { offer } = voucher.data;
  if (!offer) return <span className="order-voucher">{t('orders.voucher.code', { code })}</span>;
  return (
    <span className="order-voucher">
      {t('orders.voucher.offer', { code, title: offer.title })}
      {offer.validUntil && (
        <>
          {' '}
          {t('orders.voucher.validUntil', { date: formatDate(offer.validUntil, { dateStyle: 'medium' }) })}
        </>
      )}
    </span>
  );
}
