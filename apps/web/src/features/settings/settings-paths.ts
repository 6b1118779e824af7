import type { Customer } from '@photo/contracts/customers';

/** docs/product/routes.md: business customers have their own settings routes. */
export function settingsPaths(customer: Pick<Customer, 'isB2B'>) {
  const base = customer.isB2B ? '/settings/b2b' : '/settings';
  return {
    overview: base,
    email: `${base}/email`,
    newAddress: `${base}/new-address`,
    address: (id: string) => `${base}/address?id=${encodeURIComponent(id)}`,
    /** Consumers have a page of all addresses; business customers see them all on the overview. */
    allAddresses: customer.isB2B ? base : '/settings/addresses/all',
    personalDetails: '/settings/personal-details',
    paymentMethod: '/settings/payment-method',
  };
}
