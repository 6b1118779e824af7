import { useT } from '../../shared/i18n/i18n.context';
import { Page } from '../../shared/ui/page';

export function SubscriptionConfirmationSuccessPage() {
  const t = useT();
  return (
    <Page title={t('subscriptionSuccess.title')}>
      <p>{t('subscriptionSuccess.message')}</p>
    </Page>
  );
}
