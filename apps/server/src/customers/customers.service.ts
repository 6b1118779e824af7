import type { Customer } from '@photo/contracts/customers';
import type { Caller } from '../platform/caller';
import { notFound } from '../platform/errors';
import type { CustomersRepository } from './customers.repository';

export function createCustomersService(customers: CustomersRepository) {
  return {
    /** A deleted account answers 404: the web app reads that as "account deleted" (spec 3). */
    async getProfile(caller: Caller): Promise<Customer> {
      const record = await customers.findById(caller.customerId);
      if (!record || record.deleted) throw notFound('Customer not found');
      const { passwordHash: _hash, deleted: _deleted, ...profile } = record;
      return profile;
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
