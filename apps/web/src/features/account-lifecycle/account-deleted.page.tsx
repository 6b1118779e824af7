import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useT } from '../../shared/i18n/i18n.context';
import { Page } from '../../shared/ui/page';

/** docs/product/routes.md: where a deleted account lands; a fresh start or the shop's products. */
export function AccountDeletedPage() {
  const t = useT();
  const { config } = useAppEnvironment();
  return (
    <Page title={t('accountDeleted.title')}>
      <div className="actions">
        <a className="button" href={config.createAccountUrl}>
          {t('accountDeleted.createAccount')}
        </a>
        <a className="button button--secondary" href={config.shopUrl}>
          {t('accountDeleted.viewProducts')}
        </a>
      </div>
    </Page>
  );
}
