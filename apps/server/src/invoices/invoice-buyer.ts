import { postalAddressLines } from '@photo/contracts/addresses';
import type { createAddressesRepository } from '../addresses/addresses.repository';
import type { CustomersRepository } from '../customers/customers.repository';
import type { ReadBuyer } from './invoices.service';

/**
 * The buyer of an invoice from the account as it is when the order is confirmed: the company name
 * and VAT id of the personal details, and the default billing address (else the first address). An
 * account without them is invoiced in the account holder's name, in the seller's country.
 */
export function accountBuyerReader(deps: {
  customers: CustomersRepository;
  addresses: Pick<ReturnType<typeof createAddressesRepository>, 'list'>;
}): ReadBuyer {
  return async (customerId, sellerCountry) => {
    const customer = await deps.customers.findById(customerId);
    if (!customer || customer.deleted) return undefined;
    const addresses = await deps.addresses.list(customerId);
    const billing = addresses.find((address) => address.isDefaultBilling) ?? addresses[0];
    const holder = `${customer.firstName} ${customer.lastName}`.trim() || customer.email;
    return {
      isB2B: customer.isB2B,
      companyName: customer.companyName?.trim() || billing?.company.trim() || holder,
      addressLines: billing ? postalAddressLines(billing, billing.country, { recipient: false }) : [],
      country: billing?.country ?? sellerCountry,
      vatId: customer.vatId?.trim() || null,
    };
  };
}
