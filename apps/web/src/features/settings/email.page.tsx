import { useId, useState, type FormEvent } from 'react';
import { z } from 'zod/mini';
import { CONFIRMATION_LINK_HOURS, identitiesApi } from '@photo/contracts/identities';
import { isApiError } from '../../shared/api/api-error';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import type { MessageId } from '../../shared/i18n/translator';
import { AppLink } from '../../shared/routing/app-link';
import { Page } from '../../shared/ui/page';
import { settingsPaths } from './settings-paths';
import './settings.css';

type Field = 'email' | 'password';
const emailSchema = z.email();

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
  const formId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<{ field: Field; text: MessageId } | undefined>();
  const [failure, setFailure] = useState<MessageId | undefined>();
  const [sentTo, setSentTo] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const inputId = (field: Field) => `${formId}-${field}`;
  const show = (field: Field, text: MessageId) => {
    setProblem({ field, text });
    document.getElementById(inputId(field))?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const wanted = email.trim();
    if (!emailSchema.safeParse(wanted).success) return show('email', 'email.error.invalidEmail');
    if (wanted.toLowerCase() === customer.email.toLowerCase()) return show('email', 'email.error.same');
    if (!password) return show('password', 'address.error.required');
    setProblem(undefined);
    setBusy(true);
    try {
      await request(
        identitiesApi.requestEmailChange,
        {
          params: customer.identity,
          body: { email: wanted, password, channel: config.channel.ID, locale },
        },
        { expectedStatuses: [400, 429] },
      );
      setSentTo(wanted);
      setPassword('');
    } catch (error) {
      if (isApiError(error, 400) && error.field === 'body.password') show('password', 'email.error.password');
      else if (isApiError(error, 429)) setFailure('email.error.tooMany');
      else setFailure('error.generic');
    } finally {
      setBusy(false);
    }
  };

  const field = (
    name: Field,
    label: MessageId,
    type: string,
    value: string,
    set: (value: string) => void,
  ) => {
    const current = problem?.field === name ? problem : undefined;
    const errorId = `${inputId(name)}-error`;
    return (
      <div className="field">
        <label className="field__label" htmlFor={inputId(name)}>
          {t(label)}
        </label>
        <input
          id={inputId(name)}
          className="field__input"
          type={type}
          value={value}
          maxLength={254}
          autoComplete={name === 'email' ? 'email' : 'current-password'}
          aria-invalid={current !== undefined}
          aria-describedby={current ? errorId : undefined}
          onChange={(event) => set(event.target.value)}
        />
        {current && (
          <p id={errorId} className="field__error">
            {t(current.text)}
          </p>
        )}
      </div>
    );
  };

  return (
    <Page title={t('title.email')}>
      <p className="settings__value">{t('email.current', { email: customer.email })}</p>
      {sentTo ? (
        <div className="settings__form" role="status">
          <p>{t('email.sent', { email: sentTo, hours: CONFIRMATION_LINK_HOURS })}</p>
          <AppLink className="button button--secondary" to={settingsPaths(customer).overview}>
            {t('settings.back')}
          </AppLink>
        </div>
      ) : (
        <form className="settings__form" onSubmit={(event) => void submit(event)} noValidate>
          {field('email', 'email.new', 'email', email, setEmail)}
          <p className="settings__hint">{t('email.passwordHint')}</p>
          {field('password', 'email.password', 'password', password, setPassword)}
          {failure && (
            <div className="alert" role="alert">
              <p>
                <strong>{t('changeEmailError.title')}</strong>
              </p>
              <p>{t(failure)}</p>
            </div>
          )}
          <div className="actions">
            <AppLink className="button button--secondary" to={settingsPaths(customer).overview}>
              {t('address.cancel')}
            </AppLink>
            <button type="submit" className="button" disabled={busy}>
              {t('email.submit')}
            </button>
          </div>
        </form>
      )}
    </Page>
  );
}
