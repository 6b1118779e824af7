import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { historicalInvoicePdfPath } from '@photo/contracts/invoices';
import { formatMoney } from '@photo/contracts/money';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { Page } from '../../shared/ui/page';
import { invoiceQueries } from './invoices.queries';
import './invoices.css';

/**
 * '/invoices' (B2B only, spec 2.1, 6, 7): the invoices made from the customer's confirmed orders, each
 * with its date, number, order and amount, and its PDF to download.
 */
export function InvoicesPage() {
  const { t, formatDate, locale } = useI18n();
  const { request, config } = useAppEnvironment();
  const invoices = useQuery(invoiceQueries.list(request));
  const captionId = useId();

  return (
    <Page title={t('title.invoices')}>
      {invoices.isPending ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : invoices.isError ? (
        <div className="invoices__error">
          <p className="alert" role="alert">
            {t('invoices.loadError')}
          </p>
          <button type="button" className="button button--secondary" onClick={() => void invoices.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : invoices.data.length === 0 ? (
        <p>{t('invoices.empty')}</p>
      ) : (
        <div className="invoices__table-wrap" tabIndex={0} role="region" aria-labelledby={captionId}>
          <table className="invoices__table">
            <caption id={captionId}>{t('invoices.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('invoices.date')}</th>
                <th scope="col">{t('invoices.number')}</th>
                <th scope="col">{t('invoices.order')}</th>
                <th scope="col" className="invoices__amount">
                  {t('invoices.amount')}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('invoices.file')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.data.map((invoice) => (
                <tr key={invoice.id}>
                  <td>{formatDate(invoice.issued, { dateStyle: 'medium' })}</td>
                  <th scope="row">{invoice.invoiceNumber}</th>
                  <td>{invoice.orderRef}</td>
                  <td className="invoices__amount">
                    {formatMoney(invoice.grossTotal, invoice.currency, locale)}
                  </td>
                  <td>
                    <a
                      className="button button--secondary"
                      href={`${config.apiBaseUrls.invoices}${historicalInvoicePdfPath(invoice.id, invoice.channel)}`}
                      download={`${invoice.invoiceNumber}.pdf`}
                    >
                      {t('invoices.download', { number: invoice.invoiceNumber })}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
