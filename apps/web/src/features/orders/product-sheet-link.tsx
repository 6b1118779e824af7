import { useQuery } from '@tanstack/react-query';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { orderQueries } from './orders.queries';

/** The product's sheet (its file with purpose `product.pdf`), where the shop sent one; else nothing. */
export function ProductSheetLink({ code, name }: { code: string; name: string }) {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const product = useQuery(orderQueries.product(request, code));
  const url = product.data?.productPdfUrl;
  if (!url) return null;
  return (
    <a className="order-product__sheet" href={url} download>
      {t('orders.productSheet', { name })}
    </a>
  );
}
