import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { email as emailSchema, EMAIL_MAX_LENGTH } from '@photo/contracts/common';
import { SHARE_MESSAGE_MAX, SHARE_SENDER_NAME_MAX, widgetsApi } from '@photo/contracts/widgets';
import { isApiError } from '../../shared/api/api-error';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { Field, TextField, useFieldErrors } from '../../shared/forms/field';
import { FormActions } from '../../shared/forms/form-actions';
import { SubmitFailure } from '../../shared/forms/submit-failure';
import { useSubmit } from '../../shared/forms/use-submit';
import { useI18n } from '../../shared/i18n/i18n.context';
import { LoadError } from '../../shared/ui/load-error';
import { AppLink } from '../../shared/routing/app-link';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { Page } from '../../shared/ui/page';
import { BookCover } from './book-cover';
import { onlineProductQueries, type OnlinePhotoBook } from './online-products.queries';
import './online-products.css';

const isRefusedAddress = (error: Error) => isApiError(error, 400) && error.field === 'query.toEmailAddress';

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
  const fields = useFieldErrors<'fromName' | 'toEmail' | 'message'>();
  const [fromName, setFromName] = useState(customer.firstName);
  const [toEmail, setToEmail] = useState('');
  const [message, setMessage] = useState('');
  const [sentTo, setSentTo] = useState<string | undefined>();

  const share = useSubmit({
    mutationFn: ({ name, to, note }: { name: string; to: string; note: string }) =>
      request(
        widgetsApi.share,
        {
          params: { id: book.id },
          query: {
            vendorId: config.channel.ID,
            fromName: base64(name),
            toEmailAddress: base64(to),
            ...(note ? { personalMessage: base64(note) } : {}),
          },
        },
        { expectedStatuses: [400, 409, 429] },
      ),
    onSuccess: (_, { to }) => {
      setSentTo(to);
      setToEmail('');
      setMessage('');
    },
    onError: (error) => {
      if (isRefusedAddress(error)) fields.show({ toEmail: t('widgetShare.emailInvalid') });
    },
    failureMessage: (error) =>
      isRefusedAddress(error)
        ? undefined
        : isApiError(error, 429)
          ? 'widgetShare.tooMany'
          : isApiError(error, 409)
            ? 'widgetShare.notPublic'
            : 'widgetShare.failed',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    share.reset();
    const name = fromName.trim();
    const to = toEmail.trim();
    const note = message.trim();
    if (!name) return fields.show({ fromName: t('widgetShare.fromNameRequired') });
    if (!emailSchema.safeParse(to).success) return fields.show({ toEmail: t('widgetShare.emailInvalid') });
    if (note.length > SHARE_MESSAGE_MAX) {
      return fields.show({ message: t('widgetShare.messageTooLong', { max: SHARE_MESSAGE_MAX }) });
    }
    fields.clear();
    share.mutate({ name, to, note });
  };

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
      <form onSubmit={submit} noValidate>
        <h2 className="card__title">{book.title}</h2>
        <p>{t('widgetShare.intro', { title: book.title })}</p>
        <TextField
          label={t('widgetShare.fromName')}
          {...fields.of('fromName')}
          type="text"
          value={fromName}
          maxLength={SHARE_SENDER_NAME_MAX}
          autoComplete="name"
          onValue={setFromName}
        />
        <TextField
          label={t('widgetShare.toEmail')}
          {...fields.of('toEmail')}
          type="email"
          value={toEmail}
          maxLength={EMAIL_MAX_LENGTH}
          autoComplete="off"
          onValue={setToEmail}
        />
        <Field
          label={t('widgetShare.message')}
          hint={t('widgetShare.messageHint', { max: SHARE_MESSAGE_MAX })}
          {...fields.of('message')}
        >
          {(control) => (
            <textarea
              {...control}
              rows={5}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          )}
        </Field>
        <SubmitFailure message={share.failure} />
        <FormActions
          submitLabel={t(share.isPending ? 'widgetShare.sending' : 'widgetShare.send')}
          busy={share.isPending}
        />
      </form>
    </div>
  );
}
