import { useSearchParams } from 'react-router';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useT } from '../../shared/i18n/i18n.context';
import type { MessageId } from '../../shared/i18n/translator';
import { useAppNavigate } from '../../shared/routing/app-link';
import { Page } from '../../shared/ui/page';

/**
 * docs/product/routes.md: title, message, 'Try again' and the customer-care link. Trying again starts over from
 * the settings page where the change was asked for, in the customer's kind of settings.
 */
function ConfirmationErrorPage({
  titleId,
  retryTo,
  message = 'error.generic',
}: {
  titleId: MessageId;
  retryTo: string;
  message?: MessageId;
}) {
  const t = useT();
  const navigate = useAppNavigate();
  const { config } = useAppEnvironment();
  return (
    <Page title={t(titleId)}>
      <p>{t(message)}</p>
      <div className="actions">
        <button type="button" className="button" onClick={() => navigate(retryTo)}>
          {t('common.tryAgain')}
        </button>
        <a className="button button--secondary" href={config.customerCareUrl}>
          {t('common.contactCustomerCare')}
        </a>
      </div>
    </Page>
  );
}

export function DeleteAccountErrorPage() {
  const { isB2B } = useCustomer();
  return (
    <ConfirmationErrorPage
      titleId="deleteAccountError.title"
      retryTo={isB2B ? '/settings/b2b' : '/settings'}
    />
  );
}

const changeEmailErrorMessages: Partial<Record<string, MessageId>> = {
  'in-use': 'email.error.inUse',
  link: 'changeEmailError.linkInvalid',
};

export function ChangeEmailErrorPage() {
  const { isB2B } = useCustomer();
  // docs/product/states.md: a 409 means the address is in use by another account by now; a 404, that the link is
  // expired, used or replaced by a newer one.
  const reason = useSearchParams()[0].get('reason');
  return (
    <ConfirmationErrorPage
      titleId="changeEmailError.title"
      message={changeEmailErrorMessages[reason ?? ''] ?? 'error.generic'}
      retryTo={isB2B ? '/settings/b2b/email' : '/settings/email'}
    />
  );
}
