import { customersApi } from '@photo/contracts/customers';
import type { ApiRouter } from '../platform/api-router';
import type { AddressesService } from './addresses.service';

export function registerAddressRoutes(api: ApiRouter, addresses: AddressesService): void {
  api.handle(customersApi.addresses, ({ caller }) => addresses.list(caller));
  api.handle(customersApi.createAddress, ({ caller, body }) => addresses.create(caller, body));
  api.handle(customersApi.updateAddress, ({ caller, params, body }) =>
    addresses.update(caller, params.id, body),
  );
  api.handle(customersApi.deleteAddress, ({ caller, params }) => addresses.remove(caller, params.id));
}
