import { useId, useState } from 'react';
import type { Address } from '@photo/contracts/addresses';
import { customersApi } from '@photo/contracts/customers';
import { useAddressLines } from '../../shared/address-form/address-lines';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useSubmit } from '../../shared/forms/use-submit';
import { useI18n } from '../../shared/i18n/i18n.context';
import { AppLink } from '../../shared/routing/app-link';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { useToasts } from '../../shared/ui/toasts';
import { settingsPaths } from './settings-paths';
import { settingsQueries } from './settings.queries';

/** The saved addresses with their default marks, each with 'Edit' and 'Delete'. */
export function AddressList({ addresses }: { addresses: Address[] }) {
  const { t } = useI18n();
  if (addresses.length === 0) return <p className="settings__empty">{t('settings.addresses.empty')}</p>;
  return (
    <ul className="settings__addresses">
      {addresses.map((address) => (
        <AddressItem key={address.id} address={address} />
      ))}
    </ul>
  );
}

function AddressItem({ address }: { address: Address }) {
  const { t, locale } = useI18n();
  const addressLines = useAddressLines();
  const { request } = useAppEnvironment();
  const customer = useCustomer();
  const toasts = useToasts();
  const [confirming, setConfirming] = useState(false);
  const nameId = useId();
  const countryName =
    new Intl.DisplayNames([locale], { type: 'region' }).of(address.country) ?? address.country;
  const [first, ...rest] = addressLines(address, countryName);

  const remove = useSubmit({
    mutationFn: () => request(customersApi.deleteAddress, { params: { id: address.id } }),
    invalidates: [settingsQueries.addressesKey()],
    onSuccess: () => {
      setConfirming(false);
      toasts.show({ message: t('settings.addresses.deleted'), tone: 'success' });
    },
  });

  return (
    <li className="settings__address">
      <address>
        <strong id={nameId}>{first}</strong>
        {rest.map((line, index) => (
          <span key={index}>{line}</span>
        ))}
      </address>
      {(address.isDefaultDelivery || address.isDefaultBilling) && (
        <ul className="settings__badges">
          {address.isDefaultDelivery && <li>{t('settings.addresses.defaultDelivery')}</li>}
          {address.isDefaultBilling && <li>{t('settings.addresses.defaultBilling')}</li>}
        </ul>
      )}
      <div className="actions">
        <AppLink
          className="button button--secondary"
          to={settingsPaths(customer).address(address.id)}
          aria-describedby={nameId}
        >
          {t('settings.addresses.edit')}
        </AppLink>
        <button
          type="button"
          className="button button--secondary"
          aria-describedby={nameId}
          onClick={() => setConfirming(true)}
        >
          {t('settings.addresses.delete')}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('settings.addresses.deleteTitle')}
          message={[first, ...rest].join(', ')}
          confirmLabel={t('settings.addresses.deleteConfirm')}
          cancelLabel={t('address.cancel')}
          errorMessage={t('settings.addresses.deleteError')}
          onConfirm={remove.mutateAsync}
          onClose={() => setConfirming(false)}
        />
      )}
    </li>
  );
}
