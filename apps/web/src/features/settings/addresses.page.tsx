import { useQuery } from '@tanstack/react-query';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { AppLink } from '../../shared/routing/app-link';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { Page } from '../../shared/ui/page';
import { AddressList } from './address-list';
import { settingsPaths } from './settings-paths';
import { settingsQueries } from './settings.queries';
import './settings.css';

/** '/settings/addresses/all' (spec 2.1): every saved address of a private customer. */
export function AddressesPage() {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const paths = settingsPaths(useCustomer());
  const addresses = useQuery(settingsQueries.addresses(request));
  return (
    <Page title={t('settings.addresses.heading')}>
      <div className="actions">
        <AppLink className="button" to={paths.newAddress}>
          {t('settings.addresses.add')}
        </AppLink>
        <AppLink className="button button--secondary" to={paths.overview}>
          {t('settings.back')}
        </AppLink>
      </div>
      {addresses.isPending ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : addresses.isError ? (
        <LoadError onRetry={() => void addresses.refetch()} />
      ) : (
        <AddressList addresses={addresses.data} />
      )}
    </Page>
  );
}

/** Spec 8: 'An error occurred loading your settings', with a way to try again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <div className="settings__error">
      <p className="alert" role="alert">
        {t('settings.loadError')}
      </p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('common.tryAgain')}
      </button>
    </div>
  );
}
