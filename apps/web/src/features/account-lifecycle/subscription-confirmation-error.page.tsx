import { useT } from '../../shared/i18n/i18n.context';
import { Page } from '../../shared/ui/page';

export function SubscriptionConfirmationErrorPage() {
  const t = useT();
  return (
    <Page title={t('subscriptionError.title')}>
      <p>{t('subscriptionError.message')}</p>
    </Page>
  );
}
