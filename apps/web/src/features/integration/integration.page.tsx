import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  CALLBACK_SIGNATURE_HEADER,
  CALLBACK_TIMESTAMP_HEADER,
  callbackFormats,
  integrationApi,
  type CallbackDelivery,
  type CallbackFormat,
  type Integration,
} from '@photo/contracts/integration';
import { isApiError } from '../../shared/api/api-error';
import { customerQueries } from '../../shared/customer/customer.queries';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { TextField } from '../../shared/forms/field';
import { FormActions } from '../../shared/forms/form-actions';
import { SubmitFailure } from '../../shared/forms/submit-failure';
import { useSubmit } from '../../shared/forms/use-submit';
import { useI18n } from '../../shared/i18n/i18n.context';
import type { MessageId } from '../../shared/i18n/translator';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { DataTable } from '../../shared/ui/data-table';
import { QueryStates } from '../../shared/ui/query-states';
import { Page } from '../../shared/ui/page';
import { integrationQueries } from './integration.queries';
import './integration.css';

/**
 * '/integration' (B2B only, docs/product/b2b.md, states.md, roles.md): how a business sends order files by FTP, and the
 * callbacks it receives when its orders change: URL and format, the signing secret (shown once),
 * a test callback and the delivery log.
 */
export function IntegrationPage() {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const integration = useQuery(integrationQueries.get(request));

  return (
    <Page title={t('title.integration')}>
      <QueryStates query={integration} errorMessage={t('integration.loadError')}>
        {(settings) => (
          <>
            <FtpInstructions ftp={settings.ftp} />
            <CallbackSettings integration={settings} />
            <DeliveryLog deliveries={settings.deliveries} />
          </>
        )}
      </QueryStates>
    </Page>
  );
}

function FtpInstructions({ ftp }: { ftp: Integration['ftp'] }) {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section className="integration__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('integration.ftp.title')}</h2>
      <p>{t('integration.ftp.intro')}</p>
      <dl className="integration__facts">
        <div>
          <dt>{t('integration.ftp.host')}</dt>
          <dd>
            <code>{ftp.host}</code>
          </dd>
        </div>
        <div>
          <dt>{t('integration.ftp.port')}</dt>
          <dd>
            <code>{ftp.port}</code>
          </dd>
        </div>
        <div>
          <dt>{t('integration.ftp.user')}</dt>
          <dd>
            <code>{ftp.user}</code>
          </dd>
        </div>
      </dl>
      <p>{t('integration.ftp.password')}</p>
      <h3>{t('integration.ftp.folders')}</h3>
      <ul className="integration__folders">
        <li>{t('integration.ftp.incoming', { folder: ftp.folders.incoming })}</li>
        <li>{t('integration.ftp.processed', { folder: ftp.folders.processed })}</li>
        <li>{t('integration.ftp.failed', { folder: ftp.folders.failed })}</li>
      </ul>
    </section>
  );
}

function CallbackSettings({ integration }: { integration: Integration }) {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [url, setUrl] = useState(integration.callbackUrl ?? '');
  const [format, setFormat] = useState<CallbackFormat>(integration.callbackFormat ?? 'JSON');
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmingRenewal, setConfirmingRenewal] = useState(false);

  const stale = [integrationQueries.all()];
  // docs/product/states.md: the update is in progress, finished (the profile merged with the answer) or failed, and can be reset.
  const save = useSubmit({
    mutationFn: () =>
      request(integrationApi.updateCallback, {
        body: { callbackUrl: url.trim() === '' ? null : url.trim(), callbackFormat: format },
      }),
    onSuccess: ({ callbackSecret, ...profile }) => {
      queryClient.setQueryData(customerQueries.me(request).queryKey, profile);
      if (callbackSecret) setSecret(callbackSecret);
    },
    invalidates: stale,
    failureMessage: (error) => (urlError(error) ? undefined : 'integration.callback.saveFailed'),
  });
  const renew = useSubmit({
    mutationFn: () => request(integrationApi.renewSecret, {}),
    invalidates: stale,
    onSuccess: ({ callbackSecret }) => {
      setSecret(callbackSecret);
      setConfirmingRenewal(false);
    },
  });
  const test = useSubmit({
    mutationFn: () => request(integrationApi.sendTest, {}),
    invalidates: stale,
    // A refused test may still have logged an attempt: the log is read again either way.
    onError: () => queryClient.invalidateQueries({ queryKey: integrationQueries.all() }),
    failureMessage: 'integration.actionFailed',
  });

  const saveUrlError = save.isError ? urlError(save.error) : undefined;
  const edited = () => {
    if (!save.isPending) save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <section className="integration__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('integration.callback.title')}</h2>
      <p>{t('integration.callback.intro')}</p>
      <p>
        {t('integration.callback.signature', {
          signatureHeader: CALLBACK_SIGNATURE_HEADER,
          timestampHeader: CALLBACK_TIMESTAMP_HEADER,
        })}
      </p>
      <form className="integration__form" onSubmit={submit} noValidate>
        <TextField
          label={t('integration.callback.url')}
          hint={t('integration.callback.urlHint')}
          error={saveUrlError && t(saveUrlError)}
          announceError
          className="integration__field"
          type="url"
          inputMode="url"
          autoComplete="url"
          value={url}
          placeholder="https://"
          onValue={(typed) => {
            setUrl(typed);
            edited();
          }}
        />
        <fieldset className="integration__formats">
          <legend>{t('integration.callback.format')}</legend>
          {callbackFormats.map((choice) => (
            <label key={choice}>
              <input
                type="radio"
                name="callbackFormat"
                value={choice}
                checked={format === choice}
                onChange={() => {
                  setFormat(choice);
                  edited();
                }}
              />
              {choice}
            </label>
          ))}
        </fieldset>
        <FormActions submitLabel={t('integration.callback.save')} busy={save.isPending} />
        <div aria-live="polite">
          {save.isPending && <p>{t('integration.callback.saving')}</p>}
          {save.isSuccess && <p className="integration__saved">{t('integration.callback.saved')}</p>}
        </div>
        <SubmitFailure message={save.failure} />
      </form>

      {secret && (
        <div className="integration__secret" role="status">
          <p>{t('integration.secret.shownOnce')}</p>
          <code className="integration__secret-value">{secret}</code>
        </div>
      )}
      {integration.callbackUrl && (
        <div className="integration__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={test.isPending}
            onClick={() => test.mutate()}
          >
            {t('integration.test.send')}
          </button>
          {integration.hasSecret && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setConfirmingRenewal(true)}
            >
              {t('integration.secret.renew')}
            </button>
          )}
        </div>
      )}
      <div aria-live="polite">{test.isSuccess && <p>{t('integration.test.queued')}</p>}</div>
      {confirmingRenewal && (
        <ConfirmDialog
          title={t('integration.secret.renewTitle')}
          message={t('integration.secret.renewMessage')}
          confirmLabel={t('integration.secret.renew')}
          cancelLabel={t('integration.secret.cancel')}
          errorMessage={t('integration.actionFailed')}
          onConfirm={renew.mutateAsync}
          onClose={() => setConfirmingRenewal(false)}
        />
      )}
      <SubmitFailure message={test.failure} />
    </section>
  );
}

/** The refusals of the callback URL itself, said under the field. */
function urlError(error: Error): MessageId | undefined {
  if (isApiError(error) && error.code === 'callback_url_refused') return 'integration.callback.refused';
  return isApiError(error, 400) ? 'integration.callback.invalid' : undefined;
}

const deliveryStateText: Record<CallbackDelivery['state'], MessageId> = {
  pending: 'integration.log.state.pending',
  delivered: 'integration.log.state.delivered',
  failed: 'integration.log.state.failed',
};

function DeliveryLog({ deliveries }: { deliveries: CallbackDelivery[] }) {
  const { t, formatDate, formatNumber } = useI18n();
  const headingId = useId();
  return (
    <section className="integration__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('integration.log.title')}</h2>
      {deliveries.length === 0 ? (
        <p>{t('integration.log.empty')}</p>
      ) : (
        <DataTable labelledBy={headingId}>
          <thead>
            <tr>
              <th scope="col">{t('integration.log.time')}</th>
              <th scope="col">{t('integration.log.event')}</th>
              <th scope="col">{t('integration.log.status')}</th>
              <th scope="col">{t('integration.log.response')}</th>
              <th scope="col">{t('integration.log.attempts')}</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <td>
                  {formatDate(delivery.lastAttempt ?? delivery.created, {
                    dateStyle: 'short',
                    timeStyle: 'medium',
                  })}
                </td>
                <td>
                  {delivery.orderCode
                    ? t('integration.log.orderEvent', { orderCode: delivery.orderCode })
                    : t('integration.log.testEvent')}
                </td>
                <td className={`integration__state integration__state--${delivery.state}`}>
                  {t(deliveryStateText[delivery.state])}
                </td>
                <td>{delivery.responseStatus ?? t('integration.log.noResponse')}</td>
                <td>{formatNumber(delivery.attempts)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}
