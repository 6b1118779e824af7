import { useSearchParams } from 'react-router';
import { CONFIRMATION_TOKEN_PARAM, identitiesApi } from '@photo/contracts/identities';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useSubmit } from '../../shared/forms/use-submit';
import { useT } from '../../shared/i18n/i18n.context';
import { AppLink, useAppNavigate } from '../../shared/routing/app-link';
import { Page } from '../../shared/ui/page';

/**
 * Opened from the link mailed to the account's address; deletes only on the button press. The
 * server signs the account out everywhere, so the browser leaves for the public account-deleted page.
 */
export function DeleteAccountConfirmationPage() {
  const t = useT();
  const { request, leaveTo } = useAppEnvironment();
  const customer = useCustomer();
  const navigate = useAppNavigate();
  const [search] = useSearchParams();
  const token = search.get(CONFIRMATION_TOKEN_PARAM);
  const confirm = useSubmit({
    mutationFn: (confirmed: string) =>
      request(
        identitiesApi.confirmAccountDeletion,
        { params: { ...customer.identity, token: confirmed } },
        { expectedStatuses: [404] },
      ),
    onSuccess: () => leaveTo('/account-deleted'),
    onError: () => navigate('/delete-account-error'),
  });

  return (
    <Page title={t('deleteAccountConfirmation.title')}>
      <p>{t('deleteAccountConfirmation.intro')}</p>
      <div className="actions">
        <AppLink className="button button--secondary" to={customer.isB2B ? '/settings/b2b' : '/settings'}>
          {t('address.cancel')}
        </AppLink>
        <button
          type="button"
          className="button button--danger"
          // Leaving takes a moment: a second press would find the link used.
          disabled={confirm.isPending || confirm.isSuccess}
          onClick={() => (token ? confirm.mutate(token) : navigate('/delete-account-error'))}
        >
          {t('deleteAccountConfirmation.confirm')}
        </button>
      </div>
    </Page>
  );
}
