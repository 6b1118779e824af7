import { MAX_ADDRESSES, type Address, type AddressInput } from '@photo/contracts/addresses';
import type { Caller } from '../platform/caller';
import type { Database } from '../platform/database';
import { conflict, notFound } from '../platform/errors';
import { validatePostalAddress } from './address-validator';
import { createAddressesRepository, type AddressesRepository } from './addresses.repository';

/**
 * The customer's saved addresses (docs/product/calls.md). Each is checked by the one validator; one address of the
 * customer is the default delivery address and one the default billing address (the first saved
 * takes both, and a deleted default passes to the oldest remaining address).
 */
export function createAddressesService(db: Database) {
  const read = createAddressesRepository(db);

  const checked = ({ isDefaultDelivery, isDefaultBilling, ...postal }: AddressInput): AddressInput => ({
    ...validatePostalAddress(postal),
    isDefaultDelivery,
    isDefaultBilling,
  });

  // Serialises a customer's address writes, so the limit and the default flags hold.
  const withAddressesLocked = <T>(
    customerId: string,
    work: (addresses: AddressesRepository) => Promise<T>,
  ): Promise<T> =>
    db.transaction(async (tx) => {
      const addresses = createAddressesRepository(tx);
      await addresses.lockOwner(customerId);
      return work(addresses);
    });

  return {
    list: (caller: Caller): Promise<Address[]> => read.list(caller.customerId),

    async create(caller: Caller, input: AddressInput): Promise<Address> {
      const address = checked(input);
      return withAddressesLocked(caller.customerId, async (addresses) => {
        if ((await addresses.count(caller.customerId)) >= MAX_ADDRESSES) {
          throw conflict(`At most ${MAX_ADDRESSES} addresses can be saved`);
        }
        await addresses.clearDefaults(caller.customerId, address.isDefaultDelivery, address.isDefaultBilling);
        const created = await addresses.insert(caller.customerId, address);
        await addresses.fillVacantDefaults(caller.customerId);
        return (await addresses.find(caller.customerId, created.id))!;
      });
    },

    async update(caller: Caller, id: string, input: AddressInput): Promise<Address> {
      const address = checked(input);
      return withAddressesLocked(caller.customerId, async (addresses) => {
        if (!(await addresses.find(caller.customerId, id))) throw notFound('Address not found');
        await addresses.clearDefaults(
          caller.customerId,
          address.isDefaultDelivery,
          address.isDefaultBilling,
          id,
        );
        await addresses.update(caller.customerId, id, address);
        await addresses.fillVacantDefaults(caller.customerId);
        return (await addresses.find(caller.customerId, id))!;
      });
    },

    async remove(caller: Caller, id: string): Promise<void> {
      await withAddressesLocked(caller.customerId, async (addresses) => {
        if (!(await addresses.delete(caller.customerId, id))) throw notFound('Address not found');
        await addresses.fillVacantDefaults(caller.customerId);
      });
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
