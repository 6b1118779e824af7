import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { z } from 'zod/mini';
import { SHARE_MESSAGE_MAX, SHARE_SENDER_NAME_MAX, widgetsApi } from '@photo/contracts/widgets';
import { isApiError } from '../../shared/api/api-error';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { LoadError } from '../../shared/ui/load-error';
import type { MessageId } from '../../shared/i18n/translator';
import { AppLink } from '../../shared/routing/app-link';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { Page } from '../../shared/ui/page';
import { BookCover } from './book-cover';
import { onlineProductQueries, type OnlinePhotoBook } from './online-products.queries';
import './online-products.css';

type Field = 'fromName' | 'toEmail' | 'message';
const emailSchema = z.email();

/** Spec 7: the share call carries what was typed base64-encoded (UTF-8) in its query. */
const base64 = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/**
 * '/online-products/:productCode' (spec 2.1 'widget share'): sender name, recipient e-mail and an
 * optional personal message; the server mails the viewer's link in the storefront's language.
 */
export function WidgetSharePage() {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const { productCode } = useParams();
  const books = useQuery(onlineProductQueries.books(request));
  const book = books.data?.find((candidate) => candidate.productCode === productCode);

  return (
    <Page title={t('widgetShare.title')}>
      <p>
        <AppLink to="/online-products">{t('widgetShare.back')}</AppLink>
      </p>
      {books.isPending ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : books.isError ? (
        <LoadError message={t('onlineProducts.loadError')} onRetry={() => void books.refetch()} />
      ) : !book ? (
        <p className="alert" role="alert">
          {t('widgetShare.notFound')}
        </p>
      ) : !book.isPublic ? (
        <p className="alert" role="alert">
          {t('widgetShare.notPublic')}
        </p>
      ) : (
        <ShareForm book={book} />
      )}
    </Page>
  );
}

function ShareForm({ book }: { book: OnlinePhotoBook }) {
  const { t } = useI18n();
  const { request, config } = useAppEnvironment();
  const customer = useCustomer();
  const formId = useId();
  const [fromName, setFromName] = useState(customer.firstName);
  const [toEmail, setToEmail] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<{ field: Field; text: string } | undefined>();
  const [failure, setFailure] = useState<MessageId | undefined>();
  const [sentTo, setSentTo] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const inputId = (field: Field) => `${formId}-${field}`;
  const show = (field: Field, text: string) => {
    setProblem({ field, text });
    document.getElementById(inputId(field))?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const name = fromName.trim();
    const to = toEmail.trim();
    if (!name) return show('fromName', t('widgetShare.fromNameRequired'));
    if (!emailSchema.safeParse(to).success) return show('toEmail', t('widgetShare.emailInvalid'));
    if (message.trim().length > SHARE_MESSAGE_MAX) {
      return show('message', t('widgetShare.messageTooLong', { max: SHARE_MESSAGE_MAX }));
    }
    setProblem(undefined);
    setBusy(true);
    try {
      await request(
        widgetsApi.share,
        {
          params: { id: book.id },
          query: {
            vendorId: config.channel.ID,
            fromName: base64(name),
            toEmailAddress: base64(to),
            ...(message.trim() ? { personalMessage: base64(message.trim()) } : {}),
          },
        },
        { expectedStatuses: [400, 409, 429] },
      );
      setSentTo(to);
      setToEmail('');
      setMessage('');
    } catch (error) {
      if (isApiError(error, 400) && error.field === 'query.toEmailAddress') {
        show('toEmail', t('widgetShare.emailInvalid'));
      } else if (isApiError(error, 429)) setFailure('widgetShare.tooMany');
      else if (isApiError(error, 409)) setFailure('widgetShare.notPublic');
      else setFailure('widgetShare.failed');
    } finally {
      setBusy(false);
    }
  };

  const errorOf = (name: Field) => {
    if (problem?.field !== name) return undefined;
    return (
      <p id={`${inputId(name)}-error`} className="field__error">
        {problem.text}
      </p>
    );
  };
  const describedBy = (name: Field, hint?: string) =>
    [hint, problem?.field === name ? `${inputId(name)}-error` : undefined].filter(Boolean).join(' ') ||
    undefined;

  if (sentTo) {
    return (
      <div className="card" role="status">
        <p>{t('widgetShare.sent', { email: sentTo })}</p>
        <div className="actions">
          <button type="button" className="button button--secondary" onClick={() => setSentTo(undefined)}>
            {t('widgetShare.sendAnother')}
          </button>
          <AppLink className="button" to="/online-products">
            {t('widgetShare.back')}
          </AppLink>
        </div>
      </div>
    );
  }

  return (
    <div className="card card--media online-products__share">
      <BookCover book={book} />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 className="card__title">{book.title}</h2>
        <p>{t('widgetShare.intro', { title: book.title })}</p>
        <div className="field">
          <label className="field__label" htmlFor={inputId('fromName')}>
            {t('widgetShare.fromName')}
          </label>
          <input
            id={inputId('fromName')}
            className="field__input"
            type="text"
            value={fromName}
            maxLength={SHARE_SENDER_NAME_MAX}
            autoComplete="name"
            aria-invalid={problem?.field === 'fromName'}
            aria-describedby={describedBy('fromName')}
            onChange={(event) => setFromName(event.target.value)}
          />
          {errorOf('fromName')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={inputId('toEmail')}>
            {t('widgetShare.toEmail')}
          </label>
          <input
            id={inputId('toEmail')}
            className="field__input"
            type="email"
            value={toEmail}
            maxLength={254}
            autoComplete="off"
            aria-invalid={problem?.field === 'toEmail'}
            aria-describedby={describedBy('toEmail')}
            onChange={(event) => setToEmail(event.target.value)}
          />
          {errorOf('toEmail')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={inputId('message')}>
            {t('widgetShare.message')}
          </label>
          <p id={`${inputId('message')}-hint`} className="online-products__hint">
            {t('widgetShare.messageHint', { max: SHARE_MESSAGE_MAX })}
          </p>
          <textarea
            id={inputId('message')}
            className="field__input"
            rows={5}
            value={message}
            aria-invalid={problem?.field === 'message'}
            aria-describedby={describedBy('message', `${inputId('message')}-hint`)}
            onChange={(event) => setMessage(event.target.value)}
          />
          {errorOf('message')}
        </div>
        {failure && (
          <p className="alert" role="alert">
            {t(failure)}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="button" disabled={busy}>
            {t(busy ? 'widgetShare.sending' : 'widgetShare.send')}
          </button>
        </div>
      </form>
    </div>
  );
}
