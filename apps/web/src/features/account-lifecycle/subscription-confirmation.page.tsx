import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CONFIRMATION_TOKEN_PARAM } from '@photo/contracts/identities';
import { newsletterApi } from '@photo/contracts/newsletter';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useT } from '../../shared/i18n/i18n.context';
import { Page } from '../../shared/ui/page';

/**
 * Public, opened from the double opt-in mail (`?confirmation-token=…&email=…`): confirms on the
 * button press (POST), then the success or the error page (spec 2.1).
 */
export function SubscriptionConfirmationPage() {
  const t = useT();
  const { request } = useAppEnvironment();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get(CONFIRMATION_TOKEN_PARAM);
  const email = search.get('email');
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!token || !email) return void navigate('/subscription-confirmation-error');
    setBusy(true);
    try {
      await request(newsletterApi.confirm, { params: { email, token } }, { expectedStatuses: [404] });
      void navigate('/subscription-confirmation-success');
    } catch {
      void navigate('/subscription-confirmation-error');
    }
  };

  return (
    <Page title={t('subscriptionConfirmation.title')}>
      <p>{email ? t('subscriptionConfirmation.intro', { email }) : t('subscriptionError.message')}</p>
      <div className="actions">
        <button type="button" className="button" disabled={busy} onClick={() => void confirm()}>
          {t('subscriptionConfirmation.confirm')}
        </button>
      </div>
    </Page>
  );
}
