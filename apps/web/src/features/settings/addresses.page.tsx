import { useQuery } from '@tanstack/react-query';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { AppLink } from '../../shared/routing/app-link';
import { QueryStates } from '../../shared/ui/query-states';
import { Page } from '../../shared/ui/page';
import { AddressList } from './address-list';
import { settingsPaths } from './settings-paths';
import { settingsQueries } from './settings.queries';
import './settings.css';

/** '/settings/addresses/all' (docs/product/routes.md): every saved address of a private customer. */
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
      <QueryStates query={addresses} errorMessage={t('settings.loadError')}>
        {(addressList) => <AddressList addresses={addressList} />}
      </QueryStates>
    </Page>
  );
}
