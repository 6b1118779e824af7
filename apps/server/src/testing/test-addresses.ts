import { emptyPostalAddress, type AddressInput } from '@photo/contracts/addresses';

/** A valid Dutch address-book entry; a test overrides only the fields it is about. */
export const testAddressInput = (fields: Partial<AddressInput> = {}): AddressInput => ({
  ...emptyPostalAddress('NL'),
  firstName: 'Demi',
  lastName: 'Jansen',
  street: 'Damrak',
  houseNumber: '1',
  postcode: '1012LG',
  city: 'Amsterdam',
  isDefaultDelivery: true,
  isDefaultBilling: true,
  ...fields,
});
