import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  countryOfChannel,
  emptyPostalAddress,
  type Address,
  type PostalAddress,
} from '@photo/contracts/addresses';
import { customersApi } from '@photo/contracts/customers';
import { AddressForm } from '../../shared/address-form/address-form';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { AppLink, useAppNavigate } from '../../shared/routing/app-link';
import { QueryStates } from '../../shared/ui/query-states';
import { Page } from '../../shared/ui/page';
import { useToasts } from '../../shared/ui/toasts';
import { settingsPaths } from './settings-paths';
import { settingsQueries } from './settings.queries';
import './settings.css';

/** '/settings/new-address' and '/settings/b2b/new-address': the one address form, empty. */
export function NewAddressPage() {
  const { t } = useI18n();
  const { config } = useAppEnvironment();
  const customer = useCustomer();
  return (
    <Page title={t('settings.addresses.newTitle')}>
      <AddressEditor
        initial={{
          ...emptyPostalAddress(countryOfChannel(config.channel.ID)),
          firstName: customer.firstName,
          lastName: customer.lastName,
          company: customer.companyName ?? '',
          isDefaultDelivery: false,
          isDefaultBilling: false,
        }}
      />
    </Page>
  );
}

/** '/settings/address?id=…' and '/settings/b2b/address?id=…': one saved address, to change. */
export function EditAddressPage() {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const paths = settingsPaths(useCustomer());
  const [search] = useSearchParams();
  const id = search.get('id');
  const addresses = useQuery(settingsQueries.addresses(request));
  const address = addresses.data?.find((candidate) => candidate.id === id);
  return (
    <Page title={t('title.deliveryAddress')}>
      <QueryStates query={addresses} errorMessage={t('settings.loadError')}>
        {() =>
          address ? (
            <AddressEditor key={address.id} initial={address} />
          ) : (
            <>
              <p>{t('settings.addresses.notFound')}</p>
              <AppLink className="button button--secondary" to={paths.allAddresses}>
                {t('settings.back')}
              </AppLink>
            </>
          )
        }
      </QueryStates>
    </Page>
  );
}

function AddressEditor({ initial }: { initial: PostalAddress & Partial<Address> }) {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const paths = settingsPaths(useCustomer());
  const toasts = useToasts();
  const navigate = useAppNavigate();
  const [isDefaultDelivery, setDefaultDelivery] = useState(initial.isDefaultDelivery ?? false);
  const [isDefaultBilling, setDefaultBilling] = useState(initial.isDefaultBilling ?? false);

  const save = (address: PostalAddress) => {
    const body = { ...address, isDefaultDelivery, isDefaultBilling };
    return initial.id
      ? request(customersApi.updateAddress, { params: { id: initial.id }, body })
      : request(customersApi.createAddress, { body });
  };

  return (
    <AddressForm
      initial={initial}
      submitLabel={t('settings.addresses.save')}
      onSubmit={save}
      // docs/product/states.md: the addresses-changed flag; the list is fetched again wherever it shows.
      invalidates={[settingsQueries.addressesKey()]}
      onSaved={() => {
        toasts.show({ message: t('settings.addresses.saved'), tone: 'success' });
        navigate(paths.allAddresses);
      }}
      onCancel={() => navigate(paths.allAddresses)}
      failureMessage={t('settings.addresses.saveError')}
    >
      <div className="settings__defaults">
        <label className="settings__check">
          <input
            type="checkbox"
            checked={isDefaultDelivery}
            onChange={(event) => setDefaultDelivery(event.target.checked)}
          />
          {t('settings.addresses.makeDefaultDelivery')}
        </label>
        <label className="settings__check">
          <input
            type="checkbox"
            checked={isDefaultBilling}
            onChange={(event) => setDefaultBilling(event.target.checked)}
          />
          {t('settings.addresses.makeDefaultBilling')}
        </label>
      </div>
    </AddressForm>
  );
}
