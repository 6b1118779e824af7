import { useSearchParams } from 'react-router';
import { CONFIRMATION_TOKEN_PARAM, identitiesApi } from '@photo/contracts/identities';
import { isApiError } from '../../shared/api/api-error';
import { customerQueries } from '../../shared/customer/customer.queries';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useSubmit } from '../../shared/forms/use-submit';
import { useT } from '../../shared/i18n/i18n.context';
import { useAppNavigate } from '../../shared/routing/app-link';
import { Page } from '../../shared/ui/page';

/**
 * Opened from the link mailed to the new address. Nothing happens until the button is pressed, so a
 * mail scanner that fetches the link does not use it up (issue 12).
 */
export function ChangeEmailConfirmationPage() {
  const t = useT();
  const { request } = useAppEnvironment();
  const customer = useCustomer();
  const navigate = useAppNavigate();
  const [search] = useSearchParams();
  const token = search.get(CONFIRMATION_TOKEN_PARAM);
  const confirm = useSubmit({
    mutationFn: (confirmed: string) =>
      request(
        identitiesApi.confirmEmailChange,
        { params: { ...customer.identity, token: confirmed } },
        { expectedStatuses: [404, 409] },
      ),
    invalidates: [customerQueries.all()],
    onSuccess: () => navigate('/change-email-success'),
    onError: (error) => {
      if (isApiError(error, 409)) navigate('/change-email-error?reason=in-use');
      else if (isApiError(error, 404)) navigate('/change-email-error?reason=link');
      else navigate('/change-email-error');
    },
  });

  return (
    <Page title={t('changeEmailConfirmation.title')}>
      <p>{t('changeEmailConfirmation.intro')}</p>
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={confirm.isPending}
          onClick={() => (token ? confirm.mutate(token) : navigate('/change-email-error'))}
        >
          {t('changeEmailConfirmation.confirm')}
        </button>
      </div>
    </Page>
  );
}
