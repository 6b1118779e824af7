import { useQuery } from '@tanstack/react-query';
import { pdfFilePath, type CustomerPdf } from '@photo/contracts/products';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { AppLink } from '../../shared/routing/app-link';
import { QueryStates } from '../../shared/ui/query-states';
import { Page } from '../../shared/ui/page';
import { pdfQueries } from './pdfs.queries';
import './pdfs.css';

/**
 * '/pdfs' (docs/product/overview.md 'a map PDF list', docs/product/calls.md `GET /v1/Pdfs/me`; decision 096): the print files the
 * shop's production made for the customer's orders, such as a custom map poster, each to download.
 */
export function PdfsPage() {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const pdfs = useQuery(pdfQueries.list(request));

  return (
    <Page title={t('title.pdfs')}>
      <p className="page-intro">{t('pdfs.intro')}</p>
      <QueryStates query={pdfs} errorMessage={t('pdfs.loadError')}>
        {(pdfList) =>
          pdfList.length === 0 ? (
            <p>{t('pdfs.empty')}</p>
          ) : (
            <ul className="card-list" aria-label={t('title.pdfs')}>
              {pdfList.map((pdf) => (
                <PdfItem key={pdf.code} pdf={pdf} />
              ))}
            </ul>
          )
        }
      </QueryStates>
    </Page>
  );
}

function PdfItem({ pdf }: { pdf: CustomerPdf }) {
  const { t, formatDate } = useI18n();
  const { config } = useAppEnvironment();
  return (
    <li className="card">
      <h2 className="card__title">{pdf.name}</h2>
      <dl className="facts">
        {pdf.product && (
          <div>
            <dt>{t('pdfs.product')}</dt>
            <dd>{pdf.product}</dd>
          </div>
        )}
        <div>
          <dt>{t('pdfs.order')}</dt>
          <dd>
            <AppLink to={`/orders/${encodeURIComponent(pdf.orderCode)}`}>{pdf.orderCode}</AppLink>
          </dd>
        </div>
        <div>
          <dt>{t('pdfs.date')}</dt>
          <dd>{formatDate(pdf.date, { dateStyle: 'medium' })}</dd>
        </div>
      </dl>
      <a
        className="button pdfs__download"
        href={`${config.apiBaseUrls.products}${pdfFilePath(pdf.code)}`}
        download
      >
        {t('pdfs.download', { name: pdf.name })}
      </a>
    </li>
  );
}
