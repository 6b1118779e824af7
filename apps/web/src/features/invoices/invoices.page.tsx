import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { historicalInvoicePdfPath } from '@photo/contracts/invoices';
import { formatMoney } from '@photo/contracts/money';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { DataTable } from '../../shared/ui/data-table';
import { QueryStates } from '../../shared/ui/query-states';
import { Page } from '../../shared/ui/page';
import { invoiceQueries } from './invoices.queries';

/**
 * '/invoices' (B2B only, docs/product/routes.md, roles.md, calls.md): the invoices made from the customer's confirmed orders, each
 * with its date, number, order and amount, and its PDF to download.
 */
export function InvoicesPage() {
  const { t, formatDate, locale } = useI18n();
  const { request, config } = useAppEnvironment();
  const invoices = useQuery(invoiceQueries.list(request));
  const captionId = useId();

  return (
    <Page title={t('title.invoices')}>
      <QueryStates query={invoices} errorMessage={t('invoices.loadError')}>
        {(invoiceList) =>
          invoiceList.length === 0 ? (
            <p>{t('invoices.empty')}</p>
          ) : (
            <DataTable labelledBy={captionId}>
              <caption id={captionId}>{t('invoices.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('invoices.date')}</th>
                  <th scope="col">{t('invoices.number')}</th>
                  <th scope="col">{t('invoices.order')}</th>
                  <th scope="col" className="data-table__number">
                    {t('invoices.amount')}
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">{t('invoices.file')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoiceList.map((invoice) => (
                  <tr key={invoice.id}>
                    <td>{formatDate(invoice.issuedOn, { dateStyle: 'medium', timeZone: 'UTC' })}</td>
                    <th scope="row">{invoice.invoiceNumber}</th>
                    <td>{invoice.orderRef}</td>
                    <td className="data-table__number">
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
            </DataTable>
          )
        }
      </QueryStates>
    </Page>
  );
}
