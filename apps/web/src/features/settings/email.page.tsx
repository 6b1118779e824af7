import { useState, type FormEvent } from 'react';
import { email as emailSchema, EMAIL_MAX_LENGTH } from '@photo/contracts/common';
import { CONFIRMATION_LINK_HOURS, identitiesApi } from '@photo/contracts/identities';
import { isApiError } from '../../shared/api/api-error';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { TextField, useFieldErrors } from '../../shared/forms/field';
import { FormActions } from '../../shared/forms/form-actions';
import { useSubmit } from '../../shared/forms/use-submit';
import { useI18n } from '../../shared/i18n/i18n.context';
import { AppLink } from '../../shared/routing/app-link';
import { Page } from '../../shared/ui/page';
import { settingsPaths } from './settings-paths';
import './settings.css';

const isWrongPassword = (error: Error) => isApiError(error, 400) && error.field === 'body.password';

/**
 * '/settings/email' and '/settings/b2b/email' (issue 12): the new address and the password again;
 * the server mails a single-use link to the new address, which makes the change once confirmed. An
 * address another account uses gets the same answer (its owner is mailed instead, decision 118), so
 * the page never says an address is taken; only the confirmation can find it taken meanwhile.
 */
export function EmailPage() {
  const { t, locale } = useI18n();
  const { request, config } = useAppEnvironment();
  const customer = useCustomer();
  const fields = useFieldErrors<'email' | 'password'>();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sentTo, setSentTo] = useState<string | undefined>();
  const overview = settingsPaths(customer).overview;

  const send = useSubmit({
    mutationFn: (wanted: string) =>
      request(
        identitiesApi.requestEmailChange,
        {
          params: customer.identity,
          body: { email: wanted, password, channel: config.channel.ID, locale },
        },
        { expectedStatuses: [400, 429] },
      ),
    onSuccess: (_, wanted) => {
      setSentTo(wanted);
      setPassword('');
    },
    onError: (error) => {
      if (isWrongPassword(error)) fields.show({ password: t('email.error.password') });
    },
    failureMessage: (error) =>
      isWrongPassword(error) ? undefined : isApiError(error, 429) ? 'email.error.tooMany' : 'error.generic',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.reset();
    const wanted = email.trim();
    if (!emailSchema.safeParse(wanted).success) return fields.show({ email: t('email.error.invalidEmail') });
    if (wanted.toLowerCase() === customer.email.toLowerCase()) {
      return fields.show({ email: t('email.error.same') });
    }
    if (!password) return fields.show({ password: t('address.error.required') });
    fields.clear();
    send.mutate(wanted);
  };

  return (
    <Page title={t('title.email')}>
      <p className="settings__value">{t('email.current', { email: customer.email })}</p>
      {sentTo ? (
        <div className="settings__form" role="status">
          <p>{t('email.sent', { email: sentTo, hours: CONFIRMATION_LINK_HOURS })}</p>
          <AppLink className="button button--secondary" to={overview}>
            {t('settings.back')}
          </AppLink>
        </div>
      ) : (
        <form className="settings__form" onSubmit={submit} noValidate>
          <TextField
            label={t('email.new')}
            {...fields.of('email')}
            type="email"
            value={email}
            onValue={setEmail}
            maxLength={EMAIL_MAX_LENGTH}
            autoComplete="email"
          />
          <p className="settings__hint">{t('email.passwordHint')}</p>
          <TextField
            label={t('email.password')}
            {...fields.of('password')}
            type="password"
            value={password}
            onValue={setPassword}
            maxLength={254}
            autoComplete="current-password"
          />
          {send.failure && (
            <div className="alert" role="alert">
              <p>
                <strong>{t('changeEmailError.title')}</strong>
              </p>
              <p>{send.failure}</p>
            </div>
          )}
          <FormActions
            submitLabel={t('email.submit')}
            busy={send.isPending}
            cancel={{ label: t('address.cancel'), to: overview }}
          />
        </form>
      )}
    </Page>
  );
}
