import type { DeliveryAddress } from '@photo/contracts/orders';
import { invalid } from '../platform/errors';
import type { DeliveryAddressValidator } from './orders.service';

const required = ['firstName', 'lastName', 'street', 'houseNumber', 'postalCode', 'city'] as const;

/**
 * The seam where an order's new delivery address is checked. The contract has checked its shape;
 * the address book's one validator of address fields (settings, issue 12) plugs in here once it
 * exists, so an order and the address book accept the same addresses. Until then: fields trimmed,
 * and none of the required ones blank.
 */
export const validateDeliveryAddress: DeliveryAddressValidator = (address) => {
  const trimmed = Object.fromEntries(
    Object.entries(address).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  ) as DeliveryAddress;
  for (const field of required) {
    if (trimmed[field].length === 0) throw invalid(`body.${field}`, `body.${field}: must not be blank`);
  }
  return trimmed;
};
