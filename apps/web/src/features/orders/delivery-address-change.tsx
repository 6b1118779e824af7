import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { PostalAddress } from '@photo/contracts/addresses';
import { ordersApi, type DeliveryAddress, type SuperOrderDetails } from '@photo/contracts/orders';
import { isApiError } from '../../shared/api/api-error';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { DeliveryAddressLines } from './delivery-address-lines';
import { orderQueries } from './orders.queries';

// The form and its checks (with every country's phone metadata) load when the customer changes the
// address, not with every order's details (decision 161).
const AddressForm = lazy(() =>
  import('../../shared/address-form/address-form').then(({ AddressForm }) => ({ default: AddressForm })),
);

/** docs/product/states.md: the states of an order's address change. */
export type AddressChangeState =
  'NotStarted' | 'Editing' | 'RequestInProgress' | 'RequestSent' | 'SuccessfulUpdate' | 'RequestFailed';

const postalAddressOf = ({ pickupPointName: _pickup, ...address }: DeliveryAddress): PostalAddress => address;

/**
 * The order's delivery address, and its change (docs/product/states.md): only for Home delivery, only before
 * production starts. The address book's one form does the fields and their checks; the server
 * answers the address it stored, which replaces the order's.
 */
export function DeliveryAddressChange({ order }: { order: SuperOrderDetails }) {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const queryClient = useQueryClient();
  const [state, setState] = useState<AddressChangeState>('NotStarted');
  const [refused, setRefused] = useState(false);
  const detailsKey = orderQueries.details(request, order.orderCode).queryKey;

  const submit = async (address: PostalAddress) => {
    setState('RequestInProgress');
    setRefused(false);
    try {
      const stored = await request(ordersApi.changeDeliveryAddress, {
        params: { orderCode: order.orderCode },
        body: address,
      });
      setState('RequestSent');
      queryClient.setQueryData(detailsKey, (current) =>
        current ? { ...current, deliveryAddress: stored } : current,
      );
      // The answer is the stored address: the list is refreshed, the details already hold it.
      void queryClient.invalidateQueries({ queryKey: orderQueries.list(request).queryKey });
      setState('SuccessfulUpdate');
    } catch (error) {
      // 409: the order went into production meanwhile; the page then shows it can no longer change.
      if (isApiError(error, 409)) {
        setRefused(true);
        void queryClient.invalidateQueries({ queryKey: detailsKey });
      }
      setState('RequestFailed');
      throw error;
    }
  };

  const editing = state === 'Editing' || state === 'RequestInProgress' || state === 'RequestFailed';
  return (
    <div className="address-change" data-state={state}>
      {!editing && <DeliveryAddressLines address={order.deliveryAddress} />}
      {state === 'SuccessfulUpdate' && (
        <p className="address-change__success" role="status">
          {t('orders.address.success')}
        </p>
      )}
      {editing ? (
        <Suspense fallback={<LoadingIndicator label={t('common.loading')} />}>
          <AddressForm
            initial={postalAddressOf(order.deliveryAddress)}
            submitLabel={t('orders.address.save')}
            onSubmit={submit}
            onCancel={() => setState('NotStarted')}
            failureMessage={t(refused ? 'orders.address.refused' : 'orders.address.failed')}
          />
        </Suspense>
      ) : order.canChangeDeliveryAddress ? (
        <button type="button" className="button button--secondary" onClick={() => setState('Editing')}>
          {t('orders.address.change')}
        </button>
      ) : (
        <p className="order-details__muted">
          {t(order.deliveryType === 'PickupPoint' ? 'orders.address.pickupPoint' : 'orders.address.locked')}
        </p>
      )}
    </div>
  );
}
