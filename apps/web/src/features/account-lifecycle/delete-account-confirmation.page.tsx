import { identitiesApi } from '@photo/contracts/identities';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useT } from '../../shared/i18n/i18n.context';
import { AppLink, useAppNavigate } from '../../shared/routing/app-link';
import { Page } from '../../shared/ui/page';
import { useConfirmationLink } from './use-confirmation-link';

/**
 * Opened from the link mailed to the account's address; deletes only on the button press. The
 * server signs the account out everywhere, so the browser leaves for the public account-deleted page.
 */
export function DeleteAccountConfirmationPage() {
  const t = useT();
  const { leaveTo } = useAppEnvironment();
  const customer = useCustomer();
  const navigate = useAppNavigate();
  const confirmation = useConfirmationLink(identitiesApi.confirmAccountDeletion, {
    expectedStatuses: [404],
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
          disabled={confirmation.isPending || confirmation.isSuccess}
          onClick={confirmation.confirm}
        >
          {t('deleteAccountConfirmation.confirm')}
        </button>
      </div>
    </Page>
  );
}
