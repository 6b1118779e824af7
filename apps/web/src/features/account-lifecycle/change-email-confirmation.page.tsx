import { identitiesApi } from '@photo/contracts/identities';
import { isApiError } from '../../shared/api/api-error';
import { customerQueries } from '../../shared/customer/customer.queries';
import { useT } from '../../shared/i18n/i18n.context';
import { useAppNavigate } from '../../shared/routing/app-link';
import { Page } from '../../shared/ui/page';
import { useConfirmationLink } from './use-confirmation-link';

/** Opened from the link mailed to the new address; changes it only on the button press. */
export function ChangeEmailConfirmationPage() {
  const t = useT();
  const navigate = useAppNavigate();
  const confirmation = useConfirmationLink(identitiesApi.confirmEmailChange, {
    expectedStatuses: [404, 409],
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
          disabled={confirmation.isPending}
          onClick={confirmation.confirm}
        >
          {t('changeEmailConfirmation.confirm')}
        </button>
      </div>
    </Page>
  );
}
