import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { useI18n } from '../../shared/i18n/i18n.context';
import type { MessageId } from '../../shared/i18n/translator';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { Page } from '../../shared/ui/page';
import { integrationQueries } from './integration.queries';
import './integration.css';

/**
 * '/integration' (B2B only, spec 2.6, 4, 6): how a business sends order files by FTP, and the
 * callbacks it receives when its orders change: URL and format, the signing secret (shown once),
 * a test callback and the delivery log.
 */
export function IntegrationPage() {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const integration = useQuery(integrationQueries.get(request));

  return (
    <Page title={t('title.integration')}>
      {integration.isPending ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : integration.isError ? (
        <div className="integration__error">
          <p className="alert" role="alert">
            {t('integration.loadError')}
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void integration.refetch()}
          >
            {t('common.tryAgain')}
          </button>
        </div>
      ) : (
        <>
          <FtpInstructions ftp={integration.data.ftp} />
          <CallbackSettings integration={integration.data} />
          <DeliveryLog deliveries={integration.data.deliveries} />
        </>
      )}
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
  const urlId = useId();
  const urlHintId = useId();
  const urlErrorId = useId();
  const [url, setUrl] = useState(integration.callbackUrl ?? '');
  const [format, setFormat] = useState<CallbackFormat>(integration.callbackFormat ?? 'JSON');
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmingRenewal, setConfirmingRenewal] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: integrationQueries.all() });
  // Spec 4: the update is in progress, finished (the profile merged with the answer) or failed, and can be reset.
  const save = useMutation({
    mutationFn: () =>
      request(integrationApi.updateCallback, {
        body: { callbackUrl: url.trim() === '' ? null : url.trim(), callbackFormat: format },
      }),
    onSuccess: async ({ callbackSecret, ...profile }) => {
      queryClient.setQueryData(customerQueries.me(request).queryKey, profile);
      if (callbackSecret) setSecret(callbackSecret);
      await refresh();
    },
  });
  const renew = async () => {
    const { callbackSecret } = await request(integrationApi.renewSecret, {});
    setSecret(callbackSecret);
    setConfirmingRenewal(false);
    await refresh();
  };
  const test = useMutation({
    mutationFn: () => request(integrationApi.sendTest, {}),
    onSettled: refresh,
  });

  const saveError: MessageId | undefined = save.isError
    ? isApiError(save.error) && save.error.code === 'callback_url_refused'
      ? 'integration.callback.refused'
      : isApiError(save.error, 400)
        ? 'integration.callback.invalid'
        : 'integration.callback.saveFailed'
    : undefined;
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
        <div className="integration__field">
          <label htmlFor={urlId}>{t('integration.callback.url')}</label>
          <input
            id={urlId}
            type="url"
            inputMode="url"
            autoComplete="url"
            value={url}
            placeholder="https://"
            aria-invalid={
              saveError === 'integration.callback.refused' || saveError === 'integration.callback.invalid'
            }
            aria-describedby={saveError ? `${urlHintId} ${urlErrorId}` : urlHintId}
            onChange={(event) => {
              setUrl(event.target.value);
              edited();
            }}
          />
          <p className="integration__hint" id={urlHintId}>
            {t('integration.callback.urlHint')}
          </p>
        </div>
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
        <div className="integration__actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {t('integration.callback.save')}
          </button>
        </div>
        <div aria-live="polite">
          {save.isPending && <p>{t('integration.callback.saving')}</p>}
          {save.isSuccess && <p className="integration__saved">{t('integration.callback.saved')}</p>}
        </div>
        {saveError && (
          <p className="alert" role="alert" id={urlErrorId}>
            {t(saveError)}
          </p>
        )}
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
          onConfirm={renew}
          onClose={() => setConfirmingRenewal(false)}
        />
      )}
      {test.isError && (
        <p className="alert" role="alert">
          {t('integration.actionFailed')}
        </p>
      )}
    </section>
  );
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
        <div className="integration__table-wrap" tabIndex={0} role="region" aria-labelledby={headingId}>
          <table className="integration__table">
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
          </table>
        </div>
      )}
    </section>
  );
}
