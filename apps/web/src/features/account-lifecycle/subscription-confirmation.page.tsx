import { useNavigate, useSearchParams } from 'react-router';
import { CONFIRMATION_TOKEN_PARAM } from '@photo/contracts/identities';
import { newsletterApi } from '@photo/contracts/newsletter';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useSubmit } from '../../shared/forms/use-submit';
import { useT } from '../../shared/i18n/i18n.context';
import { Page } from '../../shared/ui/page';

/**
 * Public, opened from the double opt-in mail (`?confirmation-token=…&email=…`): confirms on the
 * button press (POST), then the success or the error page (docs/product/routes.md).
 */
export function SubscriptionConfirmationPage() {
  const t = useT();
  const { request } = useAppEnvironment();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get(CONFIRMATION_TOKEN_PARAM);
  const email = search.get('email');
  const confirm = useSubmit({
    mutationFn: (params: { email: string; token: string }) =>
      request(newsletterApi.confirm, { params }, { expectedStatuses: [404] }),
    onSuccess: () => navigate('/subscription-confirmation-success'),
    onError: () => navigate('/subscription-confirmation-error'),
  });

  return (
    <Page title={t('subscriptionConfirmation.title')}>
      <p>{email ? t('subscriptionConfirmation.intro', { email }) : t('subscriptionError.message')}</p>
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={confirm.isPending}
          onClick={() =>
            token && email
              ? confirm.mutate({ email, token })
              : void navigate('/subscription-confirmation-error')
          }
        >
          {t('subscriptionConfirmation.confirm')}
        </button>
      </div>
    </Page>
  );
}
