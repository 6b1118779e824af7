import { customersApi } from '@photo/contracts/customers';
import type { ApiRouter } from '../platform/api-router';
import type { CustomersService } from './customers.service';

export function registerCustomerRoutes(api: ApiRouter, customers: CustomersService): void {
  api.handle(customersApi.me, ({ caller }) => customers.getProfile(caller));
  api.handle(customersApi.updateMe, ({ caller, body }) => customers.updateProfile(caller, body));
}
