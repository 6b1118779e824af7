import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  galleryApi,
  WIDGET_GALLERY_PATH,
  photoBooksApi,
  type BlockedReason,
  type GalleryCategory,
} from '@photo/contracts/photo-books';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { Field } from '../../shared/forms/field';
import { SubmitFailure } from '../../shared/forms/submit-failure';
import { useSubmit } from '../../shared/forms/use-submit';
import { useI18n } from '../../shared/i18n/i18n.context';
import type { MessageId } from '../../shared/i18n/translator';
import { AppLink } from '../../shared/routing/app-link';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { QueryStates } from '../../shared/ui/query-states';
import { Page } from '../../shared/ui/page';
import { BookCover } from './book-cover';
import { photoBookQueries, type OnlinePhotoBook } from './photo-books.queries';
import './photo-books.css';

const categoryLabels: Record<GalleryCategory, MessageId> = {
  family: 'photoBooks.category.family',
  travel: 'photoBooks.category.travel',
  wedding: 'photoBooks.category.wedding',
  baby: 'photoBooks.category.baby',
  holidays: 'photoBooks.category.holidays',
  nature: 'photoBooks.category.nature',
  other: 'photoBooks.category.other',
};

const blockedReasonTexts: Record<BlockedReason, MessageId> = {
  licensedContent: 'photoBooks.blocked.licensedContent',
  productNotSupported: 'photoBooks.blocked.productNotSupported',
  orderCancelled: 'photoBooks.blocked.orderCancelled',
  pagesUnavailable: 'photoBooks.blocked.pagesUnavailable',
};

/**
 * '/online-products' (docs/product/projects-and-photo-books.md 'PhotoBooks', private customers only): the customer's online photo books,
 * each with public viewing on or off, the gallery, delete, the viewer and 'Share'; then the orders
 * that cannot become online books, with the reason.
 */
export function PhotoBooksPage() {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const customer = useCustomer();
  const books = useQuery(photoBookQueries.books(request));
  const blocked = useQuery(photoBookQueries.blocked(request, customer.id));

  return (
    <Page title={t('title.photoBooks')}>
      <p className="photo-books__intro">
        {t('photoBooks.intro')}{' '}
        {/* The gallery is the server's public page (decision 095), not a route of this app. */}
        <a href={WIDGET_GALLERY_PATH}>{t('photoBooks.galleryLink')}</a>
      </p>
      <QueryStates query={books} errorMessage={t('photoBooks.loadError')}>
        {(bookList) =>
          bookList.length === 0 ? (
            <p className="photo-books__empty">{t('photoBooks.empty')}</p>
          ) : (
            <ul className="card-list" aria-label={t('title.photoBooks')}>
              {bookList.map((book) => (
                <BookItem key={book.id} book={book} />
              ))}
            </ul>
          )
        }
      </QueryStates>
      {blocked.isError ? (
        <p className="alert" role="alert">
          {t('photoBooks.blocked.loadError')}
        </p>
      ) : (
        blocked.data &&
        blocked.data.length > 0 && (
          <section className="photo-books__blocked" aria-labelledby="photo-books-blocked">
            <h2 id="photo-books-blocked">{t('photoBooks.blocked.title')}</h2>
            <ul className="card-list photo-books__blocked-list">
              {blocked.data.map((order) => (
                <li key={order.productCode} className="card">
                  <h3>{order.title}</h3>
                  <p className="card__meta">
                    {order.productName} · {t('photoBooks.orderCode', { code: order.productCode })}
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
      request(photoBooksApi.update, { params: { id: book.id }, body: { isPublic } }),
    invalidates: [photoBookQueries.all()],
    failureMessage: 'photoBooks.updateFailed',
  });
  const remove = useSubmit({
    mutationFn: () => request(photoBooksApi.delete, { params: { id: book.id } }),
    invalidates: [photoBookQueries.all()],
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
          {book.productName} · {t('photoBooks.orderCode', { code: book.productCode })} ·{' '}
          {t('photoBooks.pageCount', { count: book.pageCount })}
        </p>
        <div className="photo-books__switch">
          <input
            id={publicId}
            type="checkbox"
            role="switch"
            checked={book.isPublic}
            disabled={setPublic.isPending}
            aria-describedby={`${publicId}-hint`}
            onChange={(event) => setPublic.mutate(event.target.checked)}
          />
          <label htmlFor={publicId}>{t('photoBooks.public')}</label>
          <p id={`${publicId}-hint`} className="photo-books__hint">
            {t(book.isPublic ? 'photoBooks.publicHint' : 'photoBooks.privateHint')}
          </p>
        </div>
        <div className="photo-books__actions">
          {book.isPublic && (
            <>
              <a
                className="button"
                href={book.viewerUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-describedby={headingId}
              >
                {t('photoBooks.open')}
              </a>
              <AppLink
                className="button button--secondary"
                to={`/online-products/${encodeURIComponent(book.productCode)}`}
                aria-describedby={headingId}
              >
                {t('photoBooks.share')}
              </AppLink>
            </>
          )}
          <button
            type="button"
            className="button button--secondary"
            aria-describedby={headingId}
            onClick={() => setConfirming(true)}
          >
            {t('photoBooks.delete')}
          </button>
        </div>
        <GallerySection book={book} headingId={headingId} />
        <SubmitFailure message={setPublic.failure} />
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('photoBooks.deleteTitle')}
          message={t('photoBooks.deleteMessage', { title: book.title })}
          confirmLabel={t('photoBooks.delete')}
          cancelLabel={t('photoBooks.cancel')}
          errorMessage={t('photoBooks.deleteFailed')}
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
  const entry = useQuery(photoBookQueries.galleryEntry(request, book.id, channel));
  const categories = useQuery(photoBookQueries.categories(request));
  const [category, setCategory] = useState<GalleryCategory>('other');
  const publish = useSubmit({
    mutationFn: async (published: boolean) => {
      await (published
        ? request(galleryApi.create, { body: { widgetId: book.id, channel, categoryId: category } })
        : request(galleryApi.delete, { params: { id: book.id } }));
    },
    invalidates: [photoBookQueries.galleryEntry(request, book.id, channel).queryKey],
    failureMessage: 'photoBooks.updateFailed',
  });

  if (entry.isPending || categories.isPending) return null;
  if (entry.isError || categories.isError) {
    return (
      <p className="alert" role="alert">
        {t('photoBooks.updateFailed')}
      </p>
    );
  }
  return (
    <div className="photo-books__gallery">
      <h3>{t('photoBooks.gallery.title')}</h3>
      {!book.isPublic ? (
        <p className="photo-books__hint">{t('photoBooks.gallery.needsPublic')}</p>
      ) : entry.data ? (
        <div className="photo-books__gallery-row">
          <p>{t('photoBooks.gallery.published', { category: t(categoryLabels[entry.data.categoryId]) })}</p>
          <button
            type="button"
            className="button button--secondary"
            disabled={publish.isPending}
            aria-describedby={headingId}
            onClick={() => publish.mutate(false)}
          >
            {t('photoBooks.gallery.remove')}
          </button>
        </div>
      ) : (
        <div className="photo-books__gallery-row">
          <Field label={t('photoBooks.gallery.category')}>
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
            {t('photoBooks.gallery.publish')}
          </button>
        </div>
      )}
      <SubmitFailure message={publish.failure} />
    </div>
  );
}
