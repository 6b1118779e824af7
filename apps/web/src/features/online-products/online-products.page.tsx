import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  galleryApi,
  WIDGET_GALLERY_PATH,
  widgetsApi,
  type BlockedReason,
  type GalleryCategory,
} from '@photo/contracts/widgets';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { Field } from '../../shared/forms/field';
import { SubmitFailure } from '../../shared/forms/submit-failure';
import { useSubmit } from '../../shared/forms/use-submit';
import { useI18n } from '../../shared/i18n/i18n.context';
import { LoadError } from '../../shared/ui/load-error';
import type { MessageId } from '../../shared/i18n/translator';
import { AppLink } from '../../shared/routing/app-link';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { Page } from '../../shared/ui/page';
import { BookCover } from './book-cover';
import { onlineProductQueries, type OnlinePhotoBook } from './online-products.queries';
import './online-products.css';

const categoryLabels: Record<GalleryCategory, MessageId> = {
  family: 'onlineProducts.category.family',
  travel: 'onlineProducts.category.travel',
  wedding: 'onlineProducts.category.wedding',
  baby: 'onlineProducts.category.baby',
  holidays: 'onlineProducts.category.holidays',
  nature: 'onlineProducts.category.nature',
  other: 'onlineProducts.category.other',
};

const blockedReasonTexts: Record<BlockedReason, MessageId> = {
  licensedContent: 'onlineProducts.blocked.licensedContent',
  productNotSupported: 'onlineProducts.blocked.productNotSupported',
  orderCancelled: 'onlineProducts.blocked.orderCancelled',
  pagesUnavailable: 'onlineProducts.blocked.pagesUnavailable',
};

/**
 * '/online-products' (spec 2.6 'Widgets', private customers only): the customer's online photo books,
 * each with public viewing on or off, the gallery, delete, the viewer and 'Share'; then the orders
 * that cannot become online books, with the reason.
 */
export function OnlineProductsPage() {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const customer = useCustomer();
  const books = useQuery(onlineProductQueries.books(request));
  const blocked = useQuery(onlineProductQueries.blocked(request, customer.id));

  return (
    <Page title={t('title.onlineProducts')}>
      <p className="online-products__intro">
        {t('onlineProducts.intro')}{' '}
        {/* The gallery is the server's public page (decision 095), not a route of this app. */}
        <a href={WIDGET_GALLERY_PATH}>{t('onlineProducts.galleryLink')}</a>
      </p>
      {books.isPending ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : books.isError ? (
        <LoadError message={t('onlineProducts.loadError')} onRetry={() => void books.refetch()} />
      ) : books.data.length === 0 ? (
        <p className="online-products__empty">{t('onlineProducts.empty')}</p>
      ) : (
        <ul className="card-list" aria-label={t('title.onlineProducts')}>
          {books.data.map((book) => (
            <BookItem key={book.id} book={book} />
          ))}
        </ul>
      )}
      {blocked.isError ? (
        <p className="alert" role="alert">
          {t('onlineProducts.blocked.loadError')}
        </p>
      ) : (
        blocked.data &&
        blocked.data.length > 0 && (
          <section className="online-products__blocked" aria-labelledby="online-products-blocked">
            <h2 id="online-products-blocked">{t('onlineProducts.blocked.title')}</h2>
            <ul className="card-list online-products__blocked-list">
              {blocked.data.map((order) => (
                <li key={order.productCode} className="card">
                  <h3>{order.title}</h3>
                  <p className="card__meta">
                    {order.productName} · {t('onlineProducts.orderCode', { code: order.productCode })}
                  </p>
                  <p>{t(blockedReasonTexts[order.reason])}</p>
                </li>
              ))}
            </ul>
          </section>
        )
      )}
    </Page>
  );
}

function BookItem({ book }: { book: OnlinePhotoBook }) {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const headingId = useId();
  const publicId = useId();
  const [confirming, setConfirming] = useState(false);
  const setPublic = useSubmit({
    mutationFn: (isPublic: boolean) =>
      request(widgetsApi.update, { params: { id: book.id }, body: { isPublic } }),
    invalidates: [onlineProductQueries.all()],
    failureMessage: 'onlineProducts.updateFailed',
  });
  const remove = useSubmit({
    mutationFn: () => request(widgetsApi.delete, { params: { id: book.id } }),
    invalidates: [onlineProductQueries.all()],
    onSuccess: () => setConfirming(false),
  });

  return (
    <li className="card card--media">
      <BookCover book={book} />
      <div className="card__body">
        <h2 className="card__title" id={headingId}>
          {book.title}
        </h2>
        <p className="card__meta">
          {book.productName} · {t('onlineProducts.orderCode', { code: book.productCode })} ·{' '}
          {t('onlineProducts.pageCount', { count: book.pageCount })}
        </p>
        <div className="online-products__switch">
          <input
            id={publicId}
            type="checkbox"
            role="switch"
            checked={book.isPublic}
            disabled={setPublic.isPending}
            aria-describedby={`${publicId}-hint`}
            onChange={(event) => setPublic.mutate(event.target.checked)}
          />
          <label htmlFor={publicId}>{t('onlineProducts.public')}</label>
          <p id={`${publicId}-hint`} className="online-products__hint">
            {t(book.isPublic ? 'onlineProducts.publicHint' : 'onlineProducts.privateHint')}
          </p>
        </div>
        <div className="online-products__actions">
          {book.isPublic && (
            <>
              <a
                className="button"
                href={book.viewerUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-describedby={headingId}
              >
                {t('onlineProducts.open')}
              </a>
              <AppLink
                className="button button--secondary"
                to={`/online-products/${encodeURIComponent(book.productCode)}`}
                aria-describedby={headingId}
              >
                {t('onlineProducts.share')}
              </AppLink>
            </>
          )}
          <button
            type="button"
            className="button button--secondary"
            aria-describedby={headingId}
            onClick={() => setConfirming(true)}
          >
            {t('onlineProducts.delete')}
          </button>
        </div>
        <GallerySection book={book} headingId={headingId} />
        <SubmitFailure message={setPublic.failure} />
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('onlineProducts.deleteTitle')}
          message={t('onlineProducts.deleteMessage', { title: book.title })}
          confirmLabel={t('onlineProducts.delete')}
          cancelLabel={t('onlineProducts.cancel')}
          errorMessage={t('onlineProducts.deleteFailed')}
          onConfirm={remove.mutateAsync}
          onClose={() => setConfirming(false)}
        />
      )}
    </li>
  );
}

/** Publishes the book in this storefront's public gallery under a category, or takes it out. */
function GallerySection({ book, headingId }: { book: OnlinePhotoBook; headingId: string }) {
  const { t } = useI18n();
  const { request, config } = useAppEnvironment();
  const channel = config.channel.ID;
  const entry = useQuery(onlineProductQueries.galleryEntry(request, book.id, channel));
  const categories = useQuery(onlineProductQueries.categories(request));
  const [category, setCategory] = useState<GalleryCategory>('other');
  const publish = useSubmit({
    mutationFn: async (published: boolean) => {
      await (published
        ? request(galleryApi.create, { body: { widgetId: book.id, channel, categoryId: category } })
        : request(galleryApi.delete, { params: { id: book.id } }));
    },
    invalidates: [onlineProductQueries.galleryEntry(request, book.id, channel).queryKey],
    failureMessage: 'onlineProducts.updateFailed',
  });

  if (entry.isPending || categories.isPending) return null;
  if (entry.isError || categories.isError) {
    return (
      <p className="alert" role="alert">
        {t('onlineProducts.updateFailed')}
      </p>
    );
  }
  return (
    <div className="online-products__gallery">
      <h3>{t('onlineProducts.gallery.title')}</h3>
      {!book.isPublic ? (
        <p className="online-products__hint">{t('onlineProducts.gallery.needsPublic')}</p>
      ) : entry.data ? (
        <div className="online-products__gallery-row">
          <p>
            {t('onlineProducts.gallery.published', { category: t(categoryLabels[entry.data.categoryId]) })}
          </p>
          <button
            type="button"
            className="button button--secondary"
            disabled={publish.isPending}
            aria-describedby={headingId}
            onClick={() => publish.mutate(false)}
          >
            {t('onlineProducts.gallery.remove')}
          </button>
        </div>
      ) : (
        <div className="online-products__gallery-row">
          <Field label={t('onlineProducts.gallery.category')}>
            {(control) => (
              <select
                {...control}
                value={category}
                onChange={(event) => setCategory(event.target.value as GalleryCategory)}
              >
                {categories.data.map(({ id }) => (
                  <option key={id} value={id}>
                    {t(categoryLabels[id])}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button
            type="button"
            className="button button--secondary"
            disabled={publish.isPending}
            aria-describedby={headingId}
            onClick={() => publish.mutate(true)}
          >
            {t('onlineProducts.gallery.publish')}
          </button>
        </div>
      )}
      <SubmitFailure message={publish.failure} />
    </div>
  );
}
