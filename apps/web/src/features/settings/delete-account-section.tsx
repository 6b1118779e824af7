import { useId, useState } from 'react';
import { identitiesApi } from '@photo/contracts/identities';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import type { SettingsSectionId } from './settings-sections';

/** 'Delete my account' (issue 12): asks, then mails the link that confirms the deletion. */
export function DeleteAccountSection() {
  const { t, locale } = useI18n();
  const { request, config } = useAppEnvironment();
  const customer = useCustomer();
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const [sent, setSent] = useState(false);

  const send = async () => {
    await request(identitiesApi.requestAccountDeletion, {
      params: customer.identity,
      body: { channel: config.channel.ID, locale },
    });
    setAsking(false);
    setSent(true);
  };

  return (
    <section
      id={'delete-account' satisfies SettingsSectionId}
      className="settings__section"
      aria-labelledby={headingId}
    >
      <h2 className="settings__heading" id={headingId}>
        {t('settings.delete.heading')}
      </h2>
      <p>{t('settings.delete.intro')}</p>
      {sent ? (
        <p role="status">{t('settings.delete.sent', { email: customer.email })}</p>
      ) : (
        <div className="actions">
          <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
            {t('settings.delete.open')}
          </button>
        </div>
      )}
      {asking && (
        <ConfirmDialog
          title={t('settings.delete.title')}
          message={t('settings.delete.message')}
          confirmLabel={t('settings.delete.confirm')}
          cancelLabel={t('address.cancel')}
          errorMessage={t('settings.delete.error')}
          onConfirm={send}
          onClose={() => setAsking(false)}
        />
      )}
    </section>
  );
}
