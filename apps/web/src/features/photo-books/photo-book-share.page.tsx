import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { email as emailSchema, EMAIL_MAX_LENGTH } from '@photo/contracts/common';
import { SHARE_MESSAGE_MAX, SHARE_SENDER_NAME_MAX, photoBooksApi } from '@photo/contracts/photo-books';
import { isApiError } from '../../shared/api/api-error';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { Field, TextField, useFieldErrors } from '../../shared/forms/field';
import { FormActions } from '../../shared/forms/form-actions';
import { SubmitFailure } from '../../shared/forms/submit-failure';
import { useSubmit } from '../../shared/forms/use-submit';
import { useI18n } from '../../shared/i18n/i18n.context';
import { AppLink } from '../../shared/routing/app-link';
import { QueryStates } from '../../shared/ui/query-states';
import { Page } from '../../shared/ui/page';
import { BookCover } from './book-cover';
import { photoBookQueries, type OnlinePhotoBook } from './photo-books.queries';
import './photo-books.css';

const isRefusedAddress = (error: Error) => isApiError(error, 400) && error.field === 'query.toEmailAddress';

/** docs/product/calls.md: the share call carries what was typed base64-encoded (UTF-8) in its query. */
const base64 = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/**
 * '/online-products/:productCode' (docs/product/routes.md 'widget share'): sender name, recipient e-mail and an
 * optional personal message; the server mails the viewer's link in the storefront's language.
 */
export function PhotoBookSharePage() {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const { productCode } = useParams();
  const books = useQuery(photoBookQueries.books(request));
  const book = books.data?.find((candidate) => candidate.productCode === productCode);

  return (
    <Page title={t('photoBookShare.title')}>
      <p>
        <AppLink to="/online-products">{t('photoBookShare.back')}</AppLink>
      </p>
      <QueryStates query={books} errorMessage={t('photoBooks.loadError')}>
        {() =>
          !book ? (
            <p className="alert" role="alert">
              {t('photoBookShare.notFound')}
            </p>
          ) : !book.isPublic ? (
            <p className="alert" role="alert">
              {t('photoBookShare.notPublic')}
            </p>
          ) : (
            <ShareForm book={book} />
          )
        }
      </QueryStates>
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
        photoBooksApi.share,
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
      if (isRefusedAddress(error)) fields.show({ toEmail: t('photoBookShare.emailInvalid') });
    },
    failureMessage: (error) =>
      isRefusedAddress(error)
        ? undefined
        : isApiError(error, 429)
          ? 'photoBookShare.tooMany'
          : isApiError(error, 409)
            ? 'photoBookShare.notPublic'
            : 'photoBookShare.failed',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    share.reset();
    const name = fromName.trim();
    const to = toEmail.trim();
    const note = message.trim();
    if (!name) return fields.show({ fromName: t('photoBookShare.fromNameRequired') });
    if (!emailSchema.safeParse(to).success) return fields.show({ toEmail: t('photoBookShare.emailInvalid') });
    if (note.length > SHARE_MESSAGE_MAX) {
      return fields.show({ message: t('photoBookShare.messageTooLong', { max: SHARE_MESSAGE_MAX }) });
    }
    fields.clear();
    share.mutate({ name, to, note });
  };

  if (sentTo) {
    return (
      <div className="card" role="status">
        <p>{t('photoBookShare.sent', { email: sentTo })}</p>
        <div className="actions">
          <button type="button" className="button button--secondary" onClick={() => setSentTo(undefined)}>
            {t('photoBookShare.sendAnother')}
          </button>
          <AppLink className="button" to="/online-products">
            {t('photoBookShare.back')}
          </AppLink>
        </div>
      </div>
    );
  }

  return (
    <div className="card card--media photo-books__share">
      <BookCover book={book} />
      <form onSubmit={submit} noValidate>
        <h2 className="card__title">{book.title}</h2>
        <p>{t('photoBookShare.intro', { title: book.title })}</p>
        <TextField
          label={t('photoBookShare.fromName')}
          {...fields.of('fromName')}
          type="text"
          value={fromName}
          maxLength={SHARE_SENDER_NAME_MAX}
          autoComplete="name"
          onValue={setFromName}
        />
        <TextField
          label={t('photoBookShare.toEmail')}
          {...fields.of('toEmail')}
          type="email"
          value={toEmail}
          maxLength={EMAIL_MAX_LENGTH}
          autoComplete="off"
          onValue={setToEmail}
        />
        <Field
          label={t('photoBookShare.message')}
          hint={t('photoBookShare.messageHint', { max: SHARE_MESSAGE_MAX })}
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
          submitLabel={t(share.isPending ? 'photoBookShare.sending' : 'photoBookShare.send')}
          busy={share.isPending}
        />
      </form>
    </div>
  );
}
