import { useT } from '../../shared/i18n/i18n.context';
import { Page } from '../../shared/ui/page';

/** Public: the change is made; the customer signs in with the new address from now on. */
export function ChangeEmailSuccessPage() {
  const t = useT();
  return (
    <Page title={t('changeEmailSuccess.title')}>
      <p>{t('changeEmailSuccess.message')}</p>
      <div className="actions">
        <a className="button" href="/">
          {t('changeEmailSuccess.toAccount')}
        </a>
      </div>
    </Page>
  );
}
